// A booking becomes PAID only once its provider says so (docs/product.md §12): the renter's return from
// Stripe and PayPal's approval are only a signal to ask. Each check ties the provider's record to the booking
// it was made for (Stripe's metadata, PayPal's custom_id), to its amount and currency, and to the renter who
// asks; a return replayed after the booking is paid changes nothing and sends nothing again. A booking whose
// payment window closed unpaid is kept, lapsed, rather than deleted: a payment that still comes for it (the
// webhook, the renter's return, the sweep) is found and refunded, never kept unaccounted for.
import { and, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'

import type { PaymentResult } from '../../../src/contract/payments.ts'
import { FIELD_ERRORS } from '../../../src/domain/auth-messages.ts'
import { BOOKING_MESSAGES as M } from '../../../src/domain/booking.ts'
import { BASE_CURRENCY } from '../../../src/domain/constants.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { AppContext } from '../../context.ts'
import { bookings } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import { announceBookingEvent, recordBookingEvent } from '../bookings/events.ts'
import { lockProperty, overlapsHeldStay } from '../bookings/holding.ts'
import { bookingNotFound, notYours, ownBooking } from '../bookings/ownership.ts'
import { paymentFailed, payPalFor, stripeFor } from './clients.ts'
import { isRecord, PaymentProviderError, toCents } from './provider-http.ts'
import { refundBooking, retryPendingRefunds } from './refunds.ts'
import { verifyStripeSignature } from './stripe-signature.ts'
import { readSession, type StripeSession } from './stripe.ts'

type BookingRow = typeof bookings.$inferSelect

const result = (booking: BookingRow): PaymentResult => ({
  bookingId: String(booking.id),
  status: booking.status,
})

/** Still waiting for its payment, within its window. */
const awaitingPayment = (booking: BookingRow, now: Date) =>
  booking.status === 'VOID' &&
  booking.lapsedAt === null &&
  booking.expiresAt !== null &&
  booking.expiresAt > now

/** The refusal of a payment Haven gives back: its nights were sold meanwhile, or its booking had lapsed. */
const givenBack = (cancelled: BookingRow | undefined) =>
  cancelled?.lapsedAt
    ? new HttpError(409, API_ERROR_CODES.paymentLapsed, M.paymentLapsed)
    : new HttpError(409, API_ERROR_CODES.alreadyBooked, M.alreadyBooked)

/**
 * VOID → PAID once; the one call that wins tells the renter and the agency. The holding rule is checked again
 * under the property's lock: a checkout whose payment window had closed no longer held its nights, and another
 * renter may have booked them meanwhile. Then it is not paid here: the nights are someone else's, the booking
 * is CANCELLED and its payment refunded (by the one call that cancelled it), and the caller gets a 409. So is
 * a payment for a booking that had lapsed, whether its nights are free or not: Haven had told the renter it
 * was not booked.
 */
async function markPaid(ctx: AppContext, booking: BookingRow, now = ctx.clock.now()): Promise<PaymentResult> {
  const outcome = await ctx.database.db.transaction(async (tx) => {
    await lockProperty(tx, booking.propertyId)
    const current = and(eq(bookings.id, booking.id), eq(bookings.status, 'VOID'))
    const sold = await overlapsHeldStay(tx, booking.propertyId, booking.from, booking.to, {
      bookingId: booking.id,
    })
    const [paid] = sold
      ? []
      : await tx
          .update(bookings)
          .set({ status: 'PAID', expiresAt: null, paidAt: ctx.clock.now() })
          .where(and(current, isNull(bookings.lapsedAt)))
          .returning()
    if (paid) {
      // The renter and the agency are told in the same transaction: a payment that committed is always told of.
      const confirmed = await recordBookingEvent(tx, { type: 'confirmed', bookingId: paid.id }, ctx)
      return { kind: 'paid' as const, paid, confirmed }
    }
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'CANCELLED', expiresAt: null, refundStatus: 'pending' })
      .where(sold ? current : and(current, isNotNull(bookings.lapsedAt)))
      .returning()
    return { kind: 'given back' as const, cancelled, sold }
  })
  if (outcome.kind === 'given back') {
    const { cancelled, sold } = outcome
    if (cancelled) {
      ctx.log.warn(
        { bookingId: booking.id, provider: booking.paymentProvider, lapsed: cancelled.lapsedAt !== null },
        'a payment came for nights another booking holds, or for a lapsed booking: cancelled, to be refunded',
      )
      // The booking is CANCELLED whatever happens here: a refund not recorded is the sweep's to finish, and the
      // renter is told what happened to the booking, not that the change failed.
      await refundBooking(ctx, cancelled, now).catch((error: unknown) => {
        ctx.log.error(
          { bookingId: cancelled.id, err: { type: (error as Error).name } },
          'refund not recorded',
        )
      })
    }
    if (cancelled || sold) throw givenBack(cancelled)
  } else {
    await announceBookingEvent(outcome.confirmed, ctx)
    return result(outcome.paid)
  }
  const [settled] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id))
  return result(settled ?? booking)
}

/**
 * Haven stops waiting for a temporary booking's payment: it lapses, kept, its nights free at once, and its
 * checkout's operation id let go (the same checkout sent again makes a new booking). `askAgainAt`: its
 * provider never said whether it was paid, and is asked again then.
 */
async function lapse(
  ctx: AppContext,
  booking: BookingRow,
  now: Date,
  askAgainAt: Date | null = null,
): Promise<void> {
  const at = now.toISOString()
  await ctx.database.db
    .update(bookings)
    .set({
      lapsedAt: sql`coalesce(${bookings.lapsedAt}, ${at}::timestamptz)`,
      expiresAt: sql`least(${bookings.expiresAt}, ${at}::timestamptz)`,
      operationId: null,
      providerCheckAt: askAgainAt,
    })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'VOID')))
}

/** The provider answered and said no (a 4xx), as opposed to not answering. */
const refusedByProvider = (error: unknown) =>
  error instanceof PaymentProviderError && error.failure === 'bad_status' && (error.status ?? 500) < 500

/** A provider that could not be asked is the server's trouble (502); a refusal is the payment's (400). */
function providerFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  return paymentFailed(refusedByProvider(error) ? 400 : 502)
}

/** Whether a Stripe session is the complete, paid payment of exactly this booking. */
function sessionPays(session: StripeSession, booking: BookingRow): boolean {
  return (
    session.status === 'complete' &&
    session.paymentStatus === 'paid' &&
    session.bookingId === String(booking.id) &&
    session.amountTotal === toCents(Number(booking.price)) &&
    session.currency?.toUpperCase() === BASE_CURRENCY
  )
}

/**
 * PAID, or, for nights another booking holds (the payment came after its window closed), CANCELLED and
 * refunded: the renter keeps a record of it. No one is waiting for an answer here.
 */
async function markPaidOrRefund(ctx: AppContext, booking: BookingRow, now?: Date): Promise<void> {
  try {
    await markPaid(ctx, booking, now)
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
  }
}

/**
 * POST /api/stripe-webhook: Stripe's word that a session was paid or expired, signed with the endpoint's
 * secret (docs/api.md). The renter may never come back to Haven after paying: this makes the booking PAID
 * all the same. A forged event is refused (400); a replayed one changes nothing (the booking is no longer
 * VOID); an event about a session Haven did not open is acknowledged and ignored.
 */
export async function handleStripeWebhook(
  ctx: AppContext,
  payload: string,
  signature: string | undefined,
): Promise<{ received: true }> {
  const secret = ctx.config.payments.stripe?.webhookSecret
  if (!secret) throw notFound('Not found.')
  if (!verifyStripeSignature(payload, signature, secret)) {
    throw new HttpError(400, API_ERROR_CODES.validation, 'The webhook signature is not valid.')
  }
  let event: { type?: unknown; data?: { object?: unknown } }
  try {
    event = JSON.parse(payload) as typeof event
  } catch {
    throw new HttpError(400, API_ERROR_CODES.validation, 'The webhook body is not JSON.')
  }
  const object = event.data?.object
  const completed =
    event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded'
  if ((!completed && event.type !== 'checkout.session.expired') || !isRecord(object))
    return { received: true }
  const session = readSession(object)
  const { db } = ctx.database
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.paymentProvider, 'stripe'), eq(bookings.paymentReference, session.id)))
    .limit(1)
  if (!booking || booking.status !== 'VOID') return { received: true }
  if (completed && sessionPays(session, booking)) await markPaidOrRefund(ctx, booking)
  else if (event.type === 'checkout.session.expired') await lapse(ctx, booking, ctx.clock.now())
  return { received: true }
}

/** Renter `userId` came back from Stripe's embedded checkout with `sessionId`. */
export async function confirmStripeSession(
  ctx: AppContext,
  userId: number,
  sessionId: string,
): Promise<PaymentResult> {
  const stripe = stripeFor(ctx)
  const { db } = ctx.database
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.paymentProvider, 'stripe'), eq(bookings.paymentReference, sessionId)))
    .limit(1)
  // A session Haven did not open for a booking is no payment of Haven's.
  if (!booking) throw bookingNotFound()
  if (booking.userId !== userId) throw notYours()
  if (booking.status !== 'VOID') return result(booking)
  const session = await stripe.retrieveSession(sessionId).catch((error: unknown) => {
    throw providerFailure(error)
  })
  const paid = session.id === sessionId && sessionPays(session, booking)
  if (paid) return markPaid(ctx, booking)
  if (session.status === 'expired' || !awaitingPayment(booking, ctx.clock.now()))
    await lapse(ctx, booking, ctx.clock.now())
  throw paymentFailed()
}

/** POST /api/create-paypal-order/: an order for renter `userId`'s temporary booking, for exactly its price. */
export async function createPayPalOrder(
  ctx: AppContext,
  userId: number,
  order: { bookingId: string; amount: number; currency: string; name: string; description: string },
): Promise<{ orderId: string }> {
  const booking = await ownBooking(ctx.database.db, userId, Number(order.bookingId))
  const payPal = payPalFor(ctx)
  if (booking.paymentProvider !== 'payPal' || !awaitingPayment(booking, ctx.clock.now()))
    throw paymentFailed()
  if (order.currency !== BASE_CURRENCY || toCents(order.amount) !== toCents(Number(booking.price))) {
    throw new HttpError(400, API_ERROR_CODES.validation, M.priceChanged, {
      amount: FIELD_ERRORS.priceChanged,
    })
  }
  const created = await payPal
    .createOrder({
      bookingId: String(booking.id),
      amount: Number(booking.price),
      currency: BASE_CURRENCY,
      name: order.name,
      description: order.description,
    })
    .catch((error: unknown) => {
      throw providerFailure(error)
    })
  await ctx.database.db
    .update(bookings)
    .set({ paymentReference: created.id })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'VOID')))
  return { orderId: created.id }
}

/** POST /api/check-paypal-order/{bookingId}/{orderId}: captures the approved order, then trusts only it. */
export async function checkPayPalOrder(
  ctx: AppContext,
  userId: number,
  bookingId: string,
  orderId: string,
): Promise<PaymentResult> {
  const booking = await ownBooking(ctx.database.db, userId, Number(bookingId))
  const payPal = payPalFor(ctx)
  // Only the order made for this booking can pay it.
  if (booking.paymentProvider !== 'payPal' || booking.paymentReference !== orderId) throw paymentFailed()
  if (booking.status !== 'VOID') return result(booking)
  const matches = (order: Awaited<ReturnType<typeof payPal.getOrder>>) =>
    order.id === orderId &&
    order.bookingId === String(booking.id) &&
    order.amount?.currency === BASE_CURRENCY &&
    toCents(Number(order.amount.value)) === toCents(Number(booking.price))
  try {
    let order = await payPal.getOrder(orderId)
    if (order.status === 'APPROVED' && awaitingPayment(booking, ctx.clock.now())) {
      order = await payPal.captureOrder(orderId).catch((error: unknown) => {
        // A check of the same order that came at once may have captured it first (PayPal refuses the second
        // capture): the order as it stands now says whether it is paid.
        if (!refusedByProvider(error)) throw error
        return payPal.getOrder(orderId)
      })
    }
    const captured =
      order.status === 'COMPLETED' && (order.captureStatus === null || order.captureStatus === 'COMPLETED')
    if (captured && matches(order)) return await markPaid(ctx, booking)
  } catch (error) {
    throw providerFailure(error)
  }
  if (!awaitingPayment(booking, ctx.clock.now())) await lapse(ctx, booking, ctx.clock.now())
  throw paymentFailed()
}

/**
 * How long past its window a temporary booking whose provider cannot be asked still waits for its payment (its
 * nights are not held meanwhile: docs/product.md §12). Paid within it, the booking stands if its nights are
 * still free; past it, the booking lapses, and its provider is asked again later each time.
 */
const ASK_PROVIDER_FOR_MS = 24 * 60 * 60 * 1000
const MINUTE_MS = 60_000

/** When to ask again about a lapsed booking whose provider has not answered: after as long again, up to a day. */
const askAgainAt = (booking: BookingRow, now: Date) =>
  new Date(
    now.getTime() +
      Math.min(ASK_PROVIDER_FOR_MS, Math.max(MINUTE_MS, now.getTime() - booking.expiresAt!.getTime())),
  )

/** Whether the provider says this temporary booking was paid, for its own amount; null when it cannot say. */
async function paidAtProvider(ctx: AppContext, booking: BookingRow): Promise<boolean | null> {
  if (!booking.paymentReference) return false
  const expected = toCents(Number(booking.price))
  try {
    if (booking.paymentProvider === 'stripe' && ctx.config.payments.stripe) {
      return sessionPays(await stripeFor(ctx).retrieveSession(booking.paymentReference), booking)
    }
    if (booking.paymentProvider === 'payPal' && ctx.config.payments.payPal) {
      // Only a captured order is money taken; an approval alone is not captured after the window.
      const order = await payPalFor(ctx).getOrder(booking.paymentReference)
      return (
        order.status === 'COMPLETED' &&
        (order.captureStatus === null || order.captureStatus === 'COMPLETED') &&
        order.bookingId === String(booking.id) &&
        order.amount?.currency === BASE_CURRENCY &&
        toCents(Number(order.amount.value)) === expected
      )
    }
    return null
  } catch {
    return null
  }
}

/**
 * The sweep of temporary bookings whose payment window closed (docs/product.md §12): each provider is asked
 * first, since a renter may have paid and never come back to Haven. Paid, the booking becomes PAID (unless
 * its nights were sold meanwhile: it is then CANCELLED and its payment refunded); unpaid, it lapses; a
 * provider that cannot answer is asked again at the next sweep, for a day, then the booking lapses and its
 * provider is asked again later each time until it answers (a payment it then reports is refunded). Refunds
 * not made yet are asked for again first. Returns how many lapsed.
 */
export async function releaseExpiredBookings(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const { db } = ctx.database
  await retryPendingRefunds(ctx, now)
  const expired = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'VOID'),
        isNull(bookings.lapsedAt),
        isNotNull(bookings.expiresAt),
        lt(bookings.expiresAt, now),
      ),
    )
  let released = 0
  for (const booking of expired) {
    const paid = await paidAtProvider(ctx, booking)
    if (paid) {
      await markPaidOrRefund(ctx, booking, now)
      continue
    }
    const giveUp = booking.expiresAt!.getTime() + ASK_PROVIDER_FOR_MS < now.getTime()
    if (paid === null && !giveUp) continue
    await lapse(ctx, booking, now, paid === null ? askAgainAt(booking, now) : null)
    released += 1
  }
  const unanswered = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'VOID'), isNotNull(bookings.lapsedAt), lte(bookings.providerCheckAt, now)))
  for (const booking of unanswered) {
    const paid = await paidAtProvider(ctx, booking)
    if (paid) await markPaidOrRefund(ctx, booking, now)
    else
      await db
        .update(bookings)
        .set({ providerCheckAt: paid === null ? askAgainAt(booking, now) : null })
        .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'VOID')))
  }
  return released
}
