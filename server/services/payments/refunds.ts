// Giving back a payment that came for nights another booking took meanwhile (docs/product.md §12). Its
// booking is CANCELLED with its refund `pending` in the same statement that refuses it, so exactly one caller
// (the renter's return, the webhook or the sweep) owns it; the provider is then asked to refund, with a key
// per booking that makes a repeated request the same refund, never a second. Refunded, the renter is told
// once (the `refunded` booking event). A provider that cannot be reached leaves it pending for the next
// sweep; one that refuses it leaves it `failed`, logged for a person to settle.
import { and, eq } from 'drizzle-orm'

import type { AppContext } from '../../context.ts'
import { bookings } from '../../db/schema.ts'
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

/** Refunds a booking whose refund is pending; tells the renter once it is done. */
export async function refundBooking(ctx: AppContext, booking: BookingRow): Promise<void> {
  const { db } = ctx.database
  const where = and(eq(bookings.id, booking.id), eq(bookings.refundStatus, 'pending'))
  const facts = { bookingId: booking.id, provider: booking.paymentProvider }
  let refunded: Refunded
  try {
    refunded = await refundAtProvider(ctx, booking)
  } catch (error) {
    const err = {
      type: (error as Error).name,
      status: error instanceof PaymentProviderError ? error.status : undefined,
    }
    if (refusedForGood(error)) {
      await db.update(bookings).set({ refundStatus: 'failed' }).where(where)
      ctx.log.error({ ...facts, err }, 'the provider refused a refund: to be settled by hand')
    } else {
      ctx.log.warn({ ...facts, err }, 'refund pending: the provider could not be asked, the sweep will retry')
    }
    return
  }
  const recorded = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(bookings)
      .set({ refundStatus: 'refunded', refundReference: refunded.reference })
      .where(where)
      .returning({ id: bookings.id })
    return done ? recordBookingEvent(tx, { type: 'refunded', bookingId: booking.id }, ctx) : undefined
  })
  if (recorded) await announceBookingEvent(recorded, ctx)
}

/** The sweep's turn: asks again for every refund still pending. */
export async function retryPendingRefunds(ctx: AppContext): Promise<void> {
  const pending = await ctx.database.db.select().from(bookings).where(eq(bookings.refundStatus, 'pending'))
  for (const booking of pending) await refundBooking(ctx, booking)
}
