// Checkout (docs/product.md §12): the price of a stay, and booking it as the signed-in renter or as a guest,
// to pay later or online. Everything that matters is the server's: the price (the one formula), the options
// (−1 refused, 0 always included), the status, the renter and the agency. A client operation id makes a
// second delivery of the same checkout answer with the first booking; a guest's replay signs in only the
// browser that made it (./checkout-proof.ts); the renter's own hold waiting for its payment is resumed or released,
// never refused (./own-holds.ts). The route signs the browser in between placing a checkout and
// answering it: a guest stays signed in even when the payment session cannot be opened.
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'

import type {
  BookingPrice,
  bookingPriceRequestSchema,
  checkoutRequestSchema,
  CheckoutResponse,
} from '../../../src/contract/bookings.ts'
import { FIELD_ERROR_TEXTS, FIELD_ERRORS, type FieldErrorCode } from '../../../src/domain/auth-messages.ts'
import {
  BOOKING_MESSAGES as M,
  minimumAgeMessage,
  oldEnough,
  type PaymentMethod,
  pricedBooking,
  pricingOf,
} from '../../../src/domain/booking.ts'
import { BASE_CURRENCY } from '../../../src/domain/constants.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import { todayUtc } from '../../../src/domain/input-rules.ts'
import { optionPolicy } from '../../../src/domain/price.ts'
import { stayProblem } from '../../../src/domain/stay.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, properties, users } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import { alreadyRegistered, queueAccountEmail } from '../auth/accounts.ts'
import type { UserRow } from '../auth/public-user.ts'
import { type SessionUser, suspended } from '../auth/session.ts'
import { paymentFailed, stripeFor } from '../payments/clients.ts'
import { isCheckoutProof, issueCheckoutProof } from './checkout-proof.ts'
import { announceBookingEvent, type RecordedEvent, recordBookingEvent } from './events.ts'
import { claimStay, lockProperty } from './holding.ts'
import { openOwnHolds, releaseOwnHolds, sameCheckout } from './own-holds.ts'
import { answerDeadline, checkUnpaidHolds, holdExpiry } from './unpaid-holds.ts'

type PriceRequest = z.output<typeof bookingPriceRequestSchema>
type CheckoutRequest = z.output<typeof checkoutRequestSchema>
type BookingRow = typeof bookings.$inferSelect

const agencies = alias(users, 'agencies')

/** A 400 for one field: its code for the client, the English text for people reading the API. */
export const invalid = (field: string, code: FieldErrorCode, message: string = FIELD_ERROR_TEXTS[code]) =>
  new HttpError(400, API_ERROR_CODES.validation, message, { [field]: code })

/** The property with what checkout needs of its agency; 404 when hidden or unknown. */
async function bookableProperty(db: Db, id: number) {
  const [row] = await db
    .select({
      property: properties,
      agencyPayLater: agencies.payLater,
      agencyBlacklisted: agencies.blacklisted,
    })
    .from(properties)
    .innerJoin(agencies, eq(agencies.id, properties.agencyId))
    .where(and(eq(properties.id, id), eq(properties.hidden, false)))
    .limit(1)
  if (!row) throw notFound('This property does not exist or is no longer offered.')
  return row
}

type Bookable = Awaited<ReturnType<typeof bookableProperty>>

function paymentMethods(ctx: AppContext, bookable: Bookable): PaymentMethod[] {
  const methods: PaymentMethod[] = []
  if (bookable.agencyPayLater) methods.push('payLater')
  if (ctx.config.payments.stripe) methods.push('stripe')
  if (ctx.config.payments.payPal) methods.push('payPal')
  return methods
}

/** The breakdown of a stay, refusing what could not be booked: an unavailable option, a start in the past. */
function priceOf(bookable: Bookable, stay: PriceRequest, today: string) {
  const { property } = bookable
  if (!property.available || property.soldOut || bookable.agencyBlacklisted) {
    throw new HttpError(409, API_ERROR_CODES.propertyUnavailable, M.propertyUnavailable)
  }
  const problem = stayProblem(stay.from, stay.to, today)
  if (problem) throw invalid(problem.field, problem.code)
  const values = pricingOf(property)
  const priced = pricedBooking(values, stay, stay)
  if (priced.refused.length > 0) {
    throw new HttpError(
      400,
      API_ERROR_CODES.validation,
      M.optionUnavailable,
      Object.fromEntries(priced.refused.map((name) => [name, FIELD_ERRORS.optionUnavailable])),
    )
  }
  return { values, ...priced }
}

export async function quote(ctx: AppContext, stay: PriceRequest): Promise<BookingPrice> {
  const bookable = await bookableProperty(ctx.database.db, Number(stay.propertyId))
  const { values, options, breakdown } = priceOf(bookable, stay, todayUtc(ctx.clock.now()))
  return {
    currency: BASE_CURRENCY,
    breakdown,
    ...options,
    options: { cancellation: optionPolicy(values.cancellation), amendments: optionPolicy(values.amendments) },
    option: { cancellation: values.cancellation, amendments: values.amendments },
    minimumAge: bookable.property.minimumAge,
    paymentMethods: paymentMethods(ctx, bookable),
  }
}

async function findByOperation(db: Db, userId: number, operationId: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.operationId, operationId)))
    .limit(1)
  return row
}

/** The answer to a checkout, built from its booking: the same for the first delivery and any replay. */
async function answerFor(
  ctx: AppContext,
  booking: BookingRow,
  renter: UserRow,
  propertyName: string,
): Promise<CheckoutResponse> {
  let payment: CheckoutResponse['payment'] = null
  if (booking.status === 'VOID' && booking.paymentProvider === 'stripe' && booking.expiresAt) {
    const stripe = stripeFor(ctx)
    // The idempotency key makes a replay get the session the first delivery made.
    const session = await stripe
      .createSession({
        bookingId: String(booking.id),
        amount: Number(booking.price),
        currency: BASE_CURRENCY,
        productName: propertyName,
        customerEmail: renter.email,
        language: renter.language,
        returnUrl: `${ctx.config.publicUrl}/checkout-session/{CHECKOUT_SESSION_ID}`,
        expiresAt: booking.expiresAt,
      })
      .catch(() => {
        throw paymentFailed(502)
      })
    if (!session.clientSecret) throw paymentFailed(502)
    await ctx.database.db
      .update(bookings)
      .set({ paymentReference: session.id })
      .where(eq(bookings.id, booking.id))
    const { publishableKey, scriptUrl } = ctx.config.payments.stripe!
    payment = {
      provider: 'stripe',
      sessionId: session.id,
      clientSecret: session.clientSecret,
      publishableKey,
      scriptUrl,
    }
  } else if (
    booking.status === 'VOID' &&
    booking.paymentProvider === 'payPal' &&
    ctx.config.payments.payPal
  ) {
    const { clientId, scriptUrl } = ctx.config.payments.payPal
    payment = { provider: 'payPal', clientId, scriptUrl }
  }
  return {
    bookingId: String(booking.id),
    status: booking.status,
    price: Number(booking.price),
    currency: BASE_CURRENCY,
    userId: String(renter.id),
    payment,
    expiresAt: booking.expiresAt ? booking.expiresAt.toISOString() : null,
  }
}

/**
 * A checkout placed: its booking (made now, or the one a replay names) and renter, and whether the browser is
 * to be signed in as that renter (a guest's). The route signs it in, then asks answerCheckout for the answer.
 */
export interface PlacedCheckout {
  booking: BookingRow
  renter: UserRow
  propertyName: string
  /** Made by this request, not found by a replay: it is told about, and removed if its payment cannot start. */
  made: boolean
  /** A booking to pay later is confirmed as it is made: the event recorded in its transaction, to announce. */
  confirmed?: RecordedEvent
  /** A new guest's activation e-mail, written to the outbox with the account: its rows, to send. */
  activation?: number[]
  /**
   * Sign the browser in as the renter: a new guest checkout (with `checkoutProof`, the proof a replay from
   * this browser will carry: ./checkout-proof.ts), or a guest's replay that carries its proof.
   */
  signIn: { checkoutProof?: string } | null
}

export interface CheckoutRequestFacts {
  /** The proof the browser carries (the `haven_checkout` cookie), if any. */
  checkoutProof: string | undefined
  /**
   * The reCAPTCHA rule of the forms that make an account (sign-up's): asked of a guest checkout before it makes
   * one or says the address is taken; never of a signed-in renter or a replay.
   */
  checkGuestRecaptcha: () => Promise<void>
}

/**
 * Books the stay for `signedIn` (null: a visitor, who must give guest details) or finds the booking a replay of
 * the same operation made. The holding rule, the price, the payment method and the renter's age are checked.
 */
export async function placeCheckout(
  ctx: AppContext,
  signedIn: SessionUser | null,
  body: CheckoutRequest,
  { checkoutProof, checkGuestRecaptcha }: CheckoutRequestFacts,
): Promise<PlacedCheckout> {
  const { db } = ctx.database
  const bookable = await bookableProperty(db, Number(body.propertyId))
  const { property } = bookable
  if (signedIn?.blacklisted) throw suspended()
  if (signedIn && signedIn.type !== 'USER') {
    throw new HttpError(403, API_ERROR_CODES.rentersOnly, M.rentersOnly)
  }
  const found = (booking: BookingRow, renter: UserRow): PlacedCheckout => ({
    booking,
    renter,
    propertyName: property.name,
    made: false,
    signIn: null,
  })
  /** A guest's replay signs in only the browser that made the checkout. */
  const guestReplay = (booking: BookingRow, renter: UserRow): PlacedCheckout => {
    const operation = { userId: renter.id, operationId: body.operationId }
    const here = isCheckoutProof(ctx.secrets.sessionSecret, operation, checkoutProof)
    return { ...found(booking, renter), signIn: here ? {} : null }
  }

  // A replay of a checkout that went through answers as the first one did, whatever changed since.
  if (signedIn) {
    const earlier = await findByOperation(db, signedIn.id, body.operationId)
    if (earlier) return found(earlier, signedIn)
  } else if (!body.guest) {
    throw new HttpError(401, API_ERROR_CODES.unauthorized, M.guestDetailsRequired)
  } else {
    const [existing] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${body.guest.email}`)
      .limit(1)
    // Only a guest account never activated can be the same visitor replaying; anyone else signs in.
    const earlier =
      existing && !existing.activatedAt && (await findByOperation(db, existing.id, body.operationId))
    if (earlier) return guestReplay(earlier, existing)
    // Before "address taken" too, as sign-up: without a token, a taken address is not told from a free one.
    await checkGuestRecaptcha()
    if (existing) throw alreadyRegistered()
  }

  const today = todayUtc(ctx.clock.now())
  const { breakdown, options, columns } = priceOf(bookable, body, today)
  if (Math.abs(body.price - breakdown.total) >= 0.005) throw invalid('price', FIELD_ERRORS.priceChanged)
  const methods = paymentMethods(ctx, bookable)
  if (!methods.includes(body.payment)) {
    throw invalid(
      'payment',
      body.payment === 'payLater' ? FIELD_ERRORS.payLaterUnavailable : FIELD_ERRORS.providerUnavailable,
    )
  }
  const birthDate = signedIn ? signedIn.birthDate : body.guest!.birthDate
  if (!birthDate) throw invalid('birthDate', FIELD_ERRORS.required)
  if (!oldEnough(birthDate, property.minimumAge)) {
    throw invalid('birthDate', FIELD_ERRORS.tooYoung, minimumAgeMessage(Math.max(21, property.minimumAge)))
  }
  const online = body.payment !== 'payLater'
  const result = await db.transaction(async (tx) => {
    // The holding rule, under concurrency: checkouts of one property take their turn from here to commit.
    await lockProperty(tx, property.id)
    let renter = signedIn
    let activation: number[] | undefined
    if (!renter) {
      const guest = body.guest!
      // A guest's account: no password yet, not activated; the activation e-mail lets them choose one.
      const [created] = await tx
        .insert(users)
        .values({
          type: 'USER',
          email: guest.email,
          fullName: guest.fullName,
          phone: guest.phone,
          birthDate: guest.birthDate,
          language: guest.language,
        })
        .onConflictDoNothing()
        .returning()
      // Another request took the address meanwhile (the same checkout sent twice): it answers for both.
      if (!created) return { renter: undefined, booking: undefined }
      renter = created
      activation = await queueAccountEmail(tx, ctx, created, 'activation')
    }
    // The renter's own checkout waiting for its payment is theirs to resume, never an overlap: the same
    // checkout asked again (a reload, a second tab) gets it back; another one releases it (./own-holds.ts).
    if (signedIn) {
      const own = await openOwnHolds(tx, renter.id, property.id, body)
      const asked = { ...body, ...columns }
      const resumed = online ? own.find((hold) => sameCheckout(hold, asked)) : undefined
      if (resumed) return { renter, booking: resumed, resumed: true }
      await releaseOwnHolds(
        tx,
        renter.id,
        own.map((hold) => hold.id),
      )
    }
    // The same checkout delivered again is not an overlap: it answers with its booking (the insert below
    // finds it taken).
    const operation = { userId: renter.id, operationId: body.operationId }
    const stay = await claimStay(tx, property.id, body, breakdown, { operation })
    // An online payment holds its nights only for its window, and a new guest's account holds nothing yet.
    if (!online && signedIn) await checkUnpaidHolds(tx, renter, today, { operation })
    const [booking] = await tx
      .insert(bookings)
      .values({
        userId: renter.id,
        propertyId: property.id,
        agencyId: property.agencyId,
        ...stay,
        ...options,
        status: online ? 'VOID' : 'PENDING',
        paymentProvider: online ? (body.payment as 'stripe' | 'payPal') : null,
        operationId: body.operationId,
        expiresAt: holdExpiry(ctx.clock.now(), { online, verified: renter.activatedAt !== null }),
        answerBy: answerDeadline(ctx.clock.now(), { online }),
      })
      .onConflictDoNothing()
      .returning()
    const confirmed =
      booking && !online
        ? await recordBookingEvent(tx, { type: 'confirmed', bookingId: booking.id }, ctx)
        : undefined
    return { renter, booking, confirmed, activation }
  })

  if (!result.renter || !result.booking) {
    // The same operation won a race with this request: answer with its booking.
    const renter =
      signedIn ??
      (
        await db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${body.guest!.email}`)
          .limit(1)
      )[0]
    const earlier = renter && (await findByOperation(db, renter.id, body.operationId))
    if (!renter || !earlier) throw alreadyRegistered()
    return signedIn ? found(earlier, renter) : guestReplay(earlier, renter)
  }

  const { renter, booking } = result
  if (result.resumed) return found(booking, renter)
  const made = {
    ...found(booking, renter),
    made: true,
    confirmed: result.confirmed,
    activation: result.activation,
  }
  if (signedIn) return made
  // The guest is signed in on this browser to pay and see the booking; activating the account (the link
  // proves the address) ends that session, as every first activation does (docs/product.md §7). The proof
  // lets this browser, and no other, be signed in again by a replay.
  const operation = { userId: renter.id, operationId: body.operationId }
  return { ...made, signIn: { checkoutProof: issueCheckoutProof(ctx.secrets.sessionSecret, operation) } }
}

/**
 * The answer to a placed checkout. A booking made now is told about first: a guest gets the activation
 * e-mail, a booking to pay later is confirmed. An online one gets its provider's session; when none can be
 * had, a booking made now is removed again.
 */
export async function answerCheckout(ctx: AppContext, placed: PlacedCheckout): Promise<CheckoutResponse> {
  const { booking, renter, propertyName } = placed
  if (!placed.made) return answerFor(ctx, booking, renter, propertyName)
  // The booking stands whatever its send does: a failed one is the outbox's to retry.
  if (placed.activation) await ctx.outbox.send(placed.activation)
  if (placed.confirmed) await announceBookingEvent(placed.confirmed, ctx)
  try {
    return await answerFor(ctx, booking, renter, propertyName)
  } catch (error) {
    // No session at the provider: the temporary booking is of no use.
    await ctx.database.db
      .delete(bookings)
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'VOID')))
    throw error
  }
}
