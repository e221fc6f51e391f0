// An agency's or an administrator's decision on a booking (docs/product.md §12, Decisions): the rules are
// src/domain/booking-decisions.ts; here they are applied under the booking's row lock, with what the decision
// tells the renter (./events.ts) and its line in the booking's timeline, in one transaction. The agent says
// which status and request it saw: a booking changed since (another agent decided first, or the same decision
// sent twice) is not decided again, and the answer says so (409 booking_changed), so that a decision has one
// effect. A payment taken online is refunded through its provider once the decision committed
// (../payments/refunds.ts, which asks again until it is done).
import { eq } from 'drizzle-orm'

import {
  type BookingDecision,
  decide,
  DECISION_REFUSALS,
  type DecisionRefusal,
  REASON_REQUIRED,
} from '../../../src/domain/booking-decisions.ts'
import type { BookingStatus, UserType } from '../../../src/domain/enums.ts'
import { todayUtc } from '../../../src/domain/input-rules.ts'
import type { AppContext } from '../../context.ts'
import { bookings, bookingTimeline } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { refundBooking } from '../payments/refunds.ts'
import { announceBookingEvent, recordBookingEvent } from './events.ts'
import { bookingNotFound, notYours } from './ownership.ts'

type BookingRow = typeof bookings.$inferSelect

/** Who decides: an agency (its own properties' bookings) or an administrator (any). */
export interface DecidingUser {
  id: number
  type: UserType
}

export interface DecisionRequest {
  decision: BookingDecision
  /** The booking's status as the agent saw it. */
  seenStatus: BookingStatus
  /** Whether the agent saw an open cancellation request. */
  seenCancelRequest: boolean
  /** To the renter: a refused cancellation's reason (required), or a word with a decline or a cancellation. */
  note?: string | undefined
  /** A deposit's amount (required), or a payment's (the booking's price when left out). */
  amount?: number | undefined
}

export interface DecisionAnswer {
  bookingId: number
  status: BookingStatus
  cancelRequest: boolean
  /** A refund was asked of the payment's provider (its state is the booking's refundStatus). */
  refund: boolean
}

const refusal = (code: DecisionRefusal, status = 409) => new HttpError(status, code, DECISION_REFUSALS[code])

/** Whether a pending request's time is over: its account's window, or the agency's time to answer. */
export const requestLapsed = (booking: BookingRow, now: Date) =>
  booking.status === 'PENDING' &&
  ((booking.expiresAt !== null && booking.expiresAt <= now) ||
    (booking.answerBy !== null && booking.answerBy <= now))

/** The booking when `user` may decide on it: 404 unknown, 403 another agency's, a renter's never. */
export function mayDecide(user: DecidingUser, booking: BookingRow | undefined): BookingRow {
  if (!booking) throw bookingNotFound()
  if (user.type === 'ADMIN') return booking
  if (user.type === 'AGENCY' && booking.agencyId === user.id) return booking
  throw notYours()
}

export async function decideOnBooking(
  ctx: AppContext,
  user: DecidingUser,
  bookingId: number,
  request: DecisionRequest,
): Promise<DecisionAnswer> {
  const { decision } = request
  const note = request.note?.trim() || undefined
  if (REASON_REQUIRED.includes(decision) && !note) throw refusal('reason_required', 400)
  const { updated, recorded, refund } = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
    const booking = mayDecide(user, row)
    if (booking.status !== request.seenStatus || booking.cancelRequest !== request.seenCancelRequest)
      throw refusal('booking_changed')
    const verdict = decide(
      {
        status: booking.status,
        cancelRequest: booking.cancelRequest,
        paidOnline: booking.paymentProvider !== null && booking.paidAt !== null,
        stayOver: booking.to <= todayUtc(ctx.clock.now()),
        requestLapsed: requestLapsed(booking, ctx.clock.now()),
      },
      decision,
    )
    if ('refused' in verdict) throw refusal(verdict.refused)
    const { outcome } = verdict
    const price = Number(booking.price)
    const amount =
      decision === 'recordPayment'
        ? (request.amount ?? price)
        : decision === 'recordDeposit'
          ? request.amount
          : undefined
    if (amount !== undefined && !(amount > 0 && amount <= price)) throw refusal('amount_invalid', 400)
    if (decision === 'recordDeposit' && amount === undefined) throw refusal('amount_invalid', 400)
    const now = ctx.clock.now()
    const [changed] = await tx
      .update(bookings)
      .set({
        status: outcome.status,
        ...(outcome.closesCancelRequest ? { cancelRequest: false } : {}),
        ...(outcome.refund ? { refundStatus: 'pending' as const, refundRetryAt: now } : {}),
      })
      .where(eq(bookings.id, booking.id))
      .returning()
    await tx.insert(bookingTimeline).values({
      bookingId: booking.id,
      actorId: user.id,
      kind: decision,
      statusBefore: booking.status,
      statusAfter: outcome.status,
      note: note ?? null,
      amount: amount ?? null,
    })
    const recorded = await recordBookingEvent(
      tx,
      decision === 'refuseCancellation'
        ? { type: 'cancelRefused', bookingId: booking.id, reason: note! }
        : { type: 'statusChanged', bookingId: booking.id, note, refund: outcome.refund },
      ctx,
    )
    return { updated: changed!, recorded, refund: outcome.refund }
  })
  await announceBookingEvent(recorded, ctx)
  if (refund) await refundBooking(ctx, updated)
  return {
    bookingId: updated.id,
    status: updated.status,
    cancelRequest: updated.cancelRequest,
    refund: updated.refundStatus !== null,
  }
}
