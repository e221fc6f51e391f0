// Unpaid holds (docs/product.md §12): a stay held without money taken (to pay later until the agency answers,
// or waiting for an online payment) keeps other renters out of its nights, so nobody holds many at once, and
// an account whose address nobody proved holds its pay-later stay only for a window, as an online checkout
// does: activated within it, the stay is held until the agency answers; not, it lapses and is cancelled.
// Requests with a deadline: the agency answers a pay-later request within ANSWER_WINDOW_MS, or it lapses too.
// Both lapse in the housekeeping sweep (../housekeeping.ts), each in its own transaction that cancels the
// booking only while it is still PENDING and past its time: two servers sweeping at once cancel and tell once.
import { and, asc, eq, gt, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm'

import { BOOKING_MESSAGES as M, PAYMENT_WINDOW_MS } from '../../../src/domain/booking.ts'
import {
  ANSWER_WINDOW_MS,
  MAX_UNPAID_HOLDS,
  MAX_UNVERIFIED_UNPAID_HOLDS,
  UNVERIFIED_HOLD_MS,
} from '../../../src/domain/constants.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, bookingTimeline, users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { announceBookingEvent, type RecordedEvent, recordBookingEvent } from './events.ts'
import { holdingNow, lockProperty, type NotCounted, type Runner } from './holding.ts'

/** Until when a new booking holds its nights without money taken; null: until the agency answers. */
export function holdExpiry(now: Date, { online, verified }: { online: boolean; verified: boolean }) {
  if (online) return new Date(now.getTime() + PAYMENT_WINDOW_MS)
  return verified ? null : new Date(now.getTime() + UNVERIFIED_HOLD_MS)
}

/** Until when the agency may answer a new pay-later request; null for an online checkout (not a request). */
export function answerDeadline(now: Date, { online }: { online: boolean }): Date | null {
  return online ? null : new Date(now.getTime() + ANSWER_WINDOW_MS)
}

/**
 * Refuses a checkout that would give `renter` one unpaid hold too many (409), leaving out the same checkout
 * delivered again. The renter's row stays locked until the transaction ends: checkouts of one renter, of any
 * properties, take their turn from here, and each counts what the one before it booked.
 */
export async function checkUnpaidHolds(
  tx: Runner,
  renter: { id: number; activatedAt: Date | null },
  today: string,
  { operation }: Pick<NotCounted, 'operation'> = {},
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, renter.id)).for('update')
  const verified = renter.activatedAt !== null
  const limit = verified ? MAX_UNPAID_HOLDS : MAX_UNVERIFIED_UNPAID_HOLDS
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, renter.id),
        inArray(bookings.status, ['PENDING', 'VOID']),
        holdingNow(),
        gt(bookings.to, today),
        operation === undefined
          ? undefined
          : sql`${bookings.operationId} is distinct from ${operation.operationId}`,
      ),
    )
  if ((row?.count ?? 0) < limit) return
  throw verified
    ? new HttpError(409, API_ERROR_CODES.unpaidHoldsLimit, M.unpaidHoldsLimit)
    : new HttpError(409, API_ERROR_CODES.unverifiedHoldsLimit, M.unverifiedHoldsLimit)
}

/**
 * Once `userId`'s address is proved: the pay-later stays still within their window are held until the agency
 * answers. Under each property's lock, and only while the window is still open by the database's clock: a
 * stay whose window closed may have been booked by someone else meanwhile.
 */
export async function keepVerifiedHolds(db: Db, userId: number): Promise<void> {
  const waiting = await db
    .select({ id: bookings.id, propertyId: bookings.propertyId })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'PENDING'), isNotNull(bookings.expiresAt)))
  for (const booking of waiting) {
    await db.transaction(async (tx) => {
      await lockProperty(tx, booking.propertyId)
      await tx
        .update(bookings)
        .set({ expiresAt: null })
        .where(
          and(
            eq(bookings.id, booking.id),
            eq(bookings.status, 'PENDING'),
            sql`${bookings.expiresAt} > clock_timestamp()`,
          ),
        )
    })
  }
}

/** Why a pending request lapses: its account was not activated in time, or the agency did not answer in time. */
type Lapse = 'lapsed' | 'unanswered'

/** The condition of a pending request that lapsed at `now`, for `lapse`. */
function lapsedAt(lapse: Lapse, now: Date): SQL {
  return lapse === 'lapsed'
    ? and(eq(bookings.status, 'PENDING'), isNotNull(bookings.expiresAt), lt(bookings.expiresAt, now))!
    : and(eq(bookings.status, 'PENDING'), isNotNull(bookings.answerBy), lt(bookings.answerBy, now))!
}

/**
 * Cancels one lapsed request, with its line in the timeline (Haven's, no actor) and its event, in one
 * transaction; undefined when it no longer lapses (answered meanwhile, or lapsed by another server).
 */
function lapseOne(ctx: AppContext, id: number, lapse: Lapse, now: Date): Promise<RecordedEvent | undefined> {
  return ctx.database.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'CANCELLED' })
      .where(and(eq(bookings.id, id), lapsedAt(lapse, now)))
      .returning({ id: bookings.id })
    if (!cancelled) return undefined
    await tx.insert(bookingTimeline).values({
      bookingId: id,
      actorId: null,
      kind: lapse,
      statusBefore: 'PENDING',
      statusAfter: 'CANCELLED',
    })
    return recordBookingEvent(tx, { type: lapse, bookingId: id }, ctx)
  })
}

/** Every request that lapsed for `lapse`, oldest first, each on its own; how many lapsed here. */
async function lapseAll(ctx: AppContext, lapse: Lapse, now: Date): Promise<number> {
  const lapsed = await ctx.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(lapsedAt(lapse, now))
    .orderBy(asc(bookings.id))
  let count = 0
  // One that cannot be recorded is logged and left to the next sweep.
  for (const { id } of lapsed) {
    const recorded = await lapseOne(ctx, id, lapse, now).catch((error: unknown) => {
      ctx.log.error({ bookingId: id, err: { type: (error as Error).name } }, 'lapse not recorded')
      return undefined
    })
    if (!recorded) continue
    count += 1
    await announceBookingEvent(recorded, ctx)
  }
  return count
}

/**
 * The sweep of pay-later stays whose window closed before their account was activated: each is CANCELLED,
 * and its renter and agency told why. Returns how many lapsed.
 */
export function lapseUnverifiedHolds(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  return lapseAll(ctx, 'lapsed', now)
}

/**
 * The sweep of pay-later requests the agency did not answer by their deadline (`answerBy`): each is CANCELLED,
 * its nights free (they stopped being held at the deadline already, ./holding.ts), and its renter and agency
 * told. Returns how many lapsed.
 */
export function lapseUnansweredRequests(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  return lapseAll(ctx, 'unanswered', now)
}
