// Giving back a payment Haven cannot keep (docs/product.md §12): it came for nights another booking took
// meanwhile, or for a booking that had lapsed. Its booking is CANCELLED with its refund `pending` in the same
// statement that refuses it, so exactly one caller (the renter's return, the webhook or the sweep) owns it;
// the provider is then asked to refund, with a key per booking that makes a repeated request the same refund,
// never a second. Refunded, the renter is told once (the `refunded` booking event). A provider that cannot be
// reached leaves it pending, one that refuses it marks it `failed`: either way the sweep asks again, later
// each time, and never gives up, since the money is the renter's; the failed ones are listed for a person
// (`npm run refunds:failed`, docs/operations.md).
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'

import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, users } from '../../db/schema.ts'
import { announceBookingEvent, recordBookingEvent } from '../bookings/events.ts'
import { payPalFor, stripeFor } from './clients.ts'
import { isRecord, PaymentProviderError } from './provider-http.ts'

type BookingRow = typeof bookings.$inferSelect

/** The provider's refund id; null when the provider says it was refunded already (our key had lapsed). */
type Refunded = { reference: string | null }

/** The provider's code for a payment refunded before: Stripe's `error.code`, PayPal's first `issue`. */
function refusalCode(error: PaymentProviderError): string | undefined {
  const body = isRecord(error.body) ? error.body : {}
  if (isRecord(body.error) && typeof body.error.code === 'string') return body.error.code
  const details = Array.isArray(body.details) ? (body.details as unknown[]) : []
  const first = details[0]
  return isRecord(first) && typeof first.issue === 'string' ? first.issue : undefined
}

const ALREADY_REFUNDED = new Set(['charge_already_refunded', 'CAPTURE_FULLY_REFUNDED'])

/** A refusal that asking again will not change (not an outage, a time-out or a rate limit). */
const refusedForGood = (error: unknown) =>
  error instanceof PaymentProviderError &&
  error.failure === 'bad_status' &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 409, 429].includes(error.status)

/** Asks the provider to refund the booking's payment in full; throws when it cannot or will not. */
async function refundAtProvider(ctx: AppContext, booking: BookingRow): Promise<Refunded> {
  const reference = booking.paymentReference
  const bookingId = String(booking.id)
  if (!reference) throw new Error('a refund without a payment reference')
  try {
    if (booking.paymentProvider === 'stripe') {
      const stripe = stripeFor(ctx)
      const session = await stripe.retrieveSession(reference)
      if (!session.paymentIntent) throw new PaymentProviderError('stripe', 'bad_body')
      return { reference: (await stripe.refund({ paymentIntent: session.paymentIntent, bookingId })).id }
    }
    const payPal = payPalFor(ctx)
    const order = await payPal.getOrder(reference)
    if (!order.captureId) throw new PaymentProviderError('payPal', 'bad_body')
    return { reference: (await payPal.refundCapture({ captureId: order.captureId, bookingId })).id }
  } catch (error) {
    if (error instanceof PaymentProviderError && ALREADY_REFUNDED.has(refusalCode(error) ?? '')) {
      return { reference: null }
    }
    throw error
  }
}

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/**
 * How long to wait after a refund's `attempts`-th failure: a minute, twice as long each time, then a day. A
 * provider's outage is over within minutes or hours; a refusal needs a person, and asking once a day keeps
 * the renter's money in sight without hammering the provider.
 */
export const refundRetryDelayMs = (attempts: number) =>
  Math.min(DAY_MS, MINUTE_MS * 2 ** Math.max(0, attempts - 1))

const notMade = inArray(bookings.refundStatus, ['pending', 'failed'])

/** Refunds a booking whose refund is not made yet; tells the renter once it is done. */
export async function refundBooking(
  ctx: AppContext,
  booking: BookingRow,
  now = ctx.clock.now(),
): Promise<void> {
  const { db } = ctx.database
  const where = and(eq(bookings.id, booking.id), notMade)
  const facts = { bookingId: booking.id, provider: booking.paymentProvider }
  let refunded: Refunded
  try {
    refunded = await refundAtProvider(ctx, booking)
  } catch (error) {
    const err = {
      type: (error as Error).name,
      status: error instanceof PaymentProviderError ? error.status : undefined,
    }
    const attempts = booking.refundAttempts + 1
    const refused = refusedForGood(error)
    await db
      .update(bookings)
      .set({
        ...(refused ? { refundStatus: 'failed' as const } : {}),
        refundAttempts: sql`${bookings.refundAttempts} + 1`,
        refundRetryAt: new Date(now.getTime() + refundRetryDelayMs(attempts)),
      })
      .where(where)
    if (refused) {
      ctx.log.error(
        { ...facts, err, attempts },
        'the provider refused a refund: asked again later, listed as failed',
      )
    } else {
      ctx.log.warn(
        { ...facts, err, attempts },
        'refund pending: the provider could not be asked, asked again later',
      )
    }
    return
  }
  const recorded = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(bookings)
      .set({ refundStatus: 'refunded', refundReference: refunded.reference, refundRetryAt: null })
      .where(where)
      .returning({ id: bookings.id })
    return done ? recordBookingEvent(tx, { type: 'refunded', bookingId: booking.id }, ctx) : undefined
  })
  if (recorded) await announceBookingEvent(recorded, ctx)
}

/** The sweep's turn: asks again, oldest first, for every refund not made yet whose delay has passed. */
export async function retryPendingRefunds(ctx: AppContext, now = ctx.clock.now()): Promise<void> {
  const due = await ctx.database.db
    .select()
    .from(bookings)
    .where(and(notMade, or(isNull(bookings.refundRetryAt), lte(bookings.refundRetryAt, now))))
    .orderBy(asc(bookings.id))
  for (const booking of due) {
    // One refund whose notice cannot be written (the database refusing it) must not hold back the others:
    // it stays not made, and the next sweep asks again.
    await refundBooking(ctx, booking, now).catch((error: unknown) => {
      ctx.log.error({ bookingId: booking.id, err: { type: (error as Error).name } }, 'refund not recorded')
    })
  }
}

/**
 * Every refund a provider refused, or could not make when asked, and that is not made yet, oldest first:
 * what `npm run refunds:failed` prints until the back office shows them to the agency.
 */
export async function listFailedRefunds(db: Db) {
  return db
    .select({
      bookingId: bookings.id,
      renterEmail: users.email,
      agencyId: bookings.agencyId,
      provider: bookings.paymentProvider,
      paymentReference: bookings.paymentReference,
      amount: bookings.price,
      refundStatus: bookings.refundStatus,
      attempts: bookings.refundAttempts,
      nextAttemptAt: bookings.refundRetryAt,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      or(
        eq(bookings.refundStatus, 'failed'),
        and(eq(bookings.refundStatus, 'pending'), gt(bookings.refundAttempts, 0)),
      ),
    )
    .orderBy(asc(bookings.id))
}
