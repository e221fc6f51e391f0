// Changing a booking's dates (docs/product.md §12, Amendments): for a booking with the amendment option (taken,
// or included by its property), before its stay starts, to a stay checkout would accept (the bounds, the
// property still bookable), priced by the one formula with the booking's options. The change applies at once
// under the holding rule, as a checkout does: the property's row is locked, then the new nights must not
// overlap another booking's held nights (the booking's own do not count). A booking that holds money (PAID,
// DEPOSIT) changes only for a stay of the same price: Haven moves no money here. The renter and the agency are
// told (./events.ts).
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'

import type {
  AmendBookingAnswer,
  amendBookingRequestSchema,
  AmendmentPrice,
  amendmentPriceRequestSchema,
} from '../../../src/contract/bookings.ts'
import { amendableNow, hasAmendmentOption, holdsPayment } from '../../../src/domain/amendment.ts'
import { FIELD_ERRORS } from '../../../src/domain/auth-messages.ts'
import { BOOKING_MESSAGES as M, priceBreakdown, pricingOf } from '../../../src/domain/booking.ts'
import { BASE_CURRENCY } from '../../../src/domain/constants.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import { todayUtc } from '../../../src/domain/input-rules.ts'
import { stayProblem } from '../../../src/domain/stay.ts'
import type { AppContext } from '../../context.ts'
import { bookings, properties, users } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import { runOnce } from '../operations/once.ts'
import { invalid } from './checkout.ts'
import { announceBookingEvent, type RecordedEvent, recordBookingEvent } from './events.ts'
import { claimStay, lockProperty, type Runner } from './holding.ts'
import { ownBooking } from './ownership.ts'

type BookingRow = typeof bookings.$inferSelect
type NewStay = z.output<typeof amendmentPriceRequestSchema>

/** The booking's property with what decides whether it can still be booked. */
async function propertyOf(runner: Runner, propertyId: number) {
  const [row] = await runner
    .select({ property: properties, agencyBlacklisted: users.blacklisted })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.agencyId))
    .where(eq(properties.id, propertyId))
    .limit(1)
  return row
}

/**
 * The new breakdown of `booking` over `stay`, or the refusal: no option, too late, a stay out of bounds, a
 * property no longer bookable, or another price for a booking that holds money.
 */
async function amendedPrice(runner: Runner, booking: BookingRow, stay: NewStay, today: string) {
  const row = await propertyOf(runner, booking.propertyId)
  if (!row) throw notFound(M.bookingNotFound)
  const { property } = row
  if (!hasAmendmentOption(booking, Number(property.amendments))) {
    throw new HttpError(409, API_ERROR_CODES.amendmentsNotTaken, M.amendmentsNotTaken)
  }
  if (!amendableNow(booking, today)) {
    throw new HttpError(409, API_ERROR_CODES.amendmentTooLate, M.amendmentTooLate)
  }
  const problem = stayProblem(stay.from, stay.to, today)
  if (problem) throw invalid(problem.field, problem.code)
  if (!property.available || property.soldOut || property.hidden || row.agencyBlacklisted) {
    throw new HttpError(409, API_ERROR_CODES.propertyUnavailable, M.propertyUnavailable)
  }
  const breakdown = priceBreakdown(pricingOf(property), stay, {
    cancellation: booking.cancellation,
    amendments: booking.amendments,
  })
  const difference = Math.round((breakdown.total - Number(booking.price)) * 100) / 100
  return { breakdown, difference }
}

/** The booking's price over other dates, refused as the change itself would be (but for the held nights). */
export async function amendmentQuote(
  ctx: AppContext,
  userId: number,
  id: number,
  stay: NewStay,
): Promise<AmendmentPrice> {
  const booking = await ownBooking(ctx.database.db, userId, id)
  if (booking.status === 'VOID') throw notFound(M.bookingNotFound)
  const { breakdown, difference } = await amendedPrice(
    ctx.database.db,
    booking,
    stay,
    todayUtc(ctx.clock.now()),
  )
  return { currency: BASE_CURRENCY, breakdown, difference }
}

const answerOf = (booking: BookingRow): AmendBookingAnswer => ({
  bookingId: String(booking.id),
  from: booking.from,
  to: booking.to,
  price: Number(booking.price),
  status: booking.status,
})

/**
 * Moves the booking to `body`'s dates at once. The same dates answer as they are and tell nobody; the same
 * operation id delivered again answers as the first time and changes nothing.
 */
export async function amendBooking(
  ctx: AppContext,
  userId: number,
  id: number,
  body: z.output<typeof amendBookingRequestSchema>,
): Promise<AmendBookingAnswer> {
  const { db } = ctx.database
  const own = await ownBooking(db, userId, id)
  if (own.status === 'VOID') throw notFound(M.bookingNotFound)
  let recorded: RecordedEvent | undefined
  const write = async (tx: Runner): Promise<AmendBookingAnswer> => {
    // The holding rule, under concurrency: checkouts, payments and amendments of one property take their
    // turn from here to commit, and each sees what the one before it wrote.
    await lockProperty(tx, own.propertyId)
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, own.id))
    if (!booking) throw notFound(M.bookingNotFound)
    if (booking.from === body.from && booking.to === body.to) return answerOf(booking)
    const { breakdown, difference } = await amendedPrice(tx, booking, body, todayUtc(ctx.clock.now()))
    if (Math.abs(body.price - breakdown.total) >= 0.005) throw invalid('price', FIELD_ERRORS.priceChanged)
    if (holdsPayment(booking.status) && difference !== 0) {
      throw new HttpError(409, API_ERROR_CODES.amendmentPriceDiffers, M.amendmentPriceDiffers)
    }
    const stay = await claimStay(tx, booking.propertyId, body, breakdown, { bookingId: booking.id })
    const [amended] = await tx
      .update(bookings)
      .set(stay)
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
      .returning()
    if (!amended) throw new HttpError(409, API_ERROR_CODES.amendmentTooLate, M.amendmentTooLate)
    const previous = { from: booking.from, to: booking.to, price: Number(booking.price) }
    recorded = await recordBookingEvent(tx, { type: 'amended', bookingId: own.id, previous }, ctx)
    return answerOf(amended)
  }
  const answer =
    body.operationId === undefined
      ? await db.transaction(write)
      : await runOnce(db, own.userId, 'amend-booking', body.operationId, write)
  if (recorded) await announceBookingEvent(recorded, ctx)
  return answer
}
