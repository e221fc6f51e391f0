// Checkout, payments and bookings (docs/product.md §12): request and answer shapes shared by the client and
// the server, the price breakdown built on the one formula of ./price.ts, and the texts the server answers
// with. The server computes every price, status, renter and agency itself; the client's `price` is only
// compared with it.
import { z } from 'zod'

import { AUTH_MESSAGES } from './auth-messages.ts'
import { isAtLeast } from './auth.ts'
import { BOOKING_FIELD_ERRORS, BOOKING_FIELD_ERROR_TEXTS } from './booking-messages.ts'
import { idSchema, isoDateSchema, languageSchema, operationIdSchema } from './catalog.ts'
import {
  BOOKINGS_PAGE_SIZE,
  MAX_AMOUNT,
  MAX_STAY_NIGHTS,
  MAX_UNPAID_HOLDS,
  MINIMUM_AGE,
} from './constants.ts'
import { roundToCents } from './currency.ts'
import { BOOKING_STATUSES, CURRENCIES, PAYMENT_PROVIDERS, REFUND_STATUSES, RENTAL_TERMS } from './enums.ts'
import { guestSchema } from './guest.ts'
import { type DateInput, optionPolicy, type OptionPolicy, rentalDays, rentalPrice } from './price.ts'
import { lineText, text } from './text.ts'

export { BOOKING_ERROR_CODES, BOOKING_FIELD_ERRORS } from './booking-messages.ts'
export { type GuestDetails, guestSchema } from './guest.ts'

/**
 * What the booking calls answer with in `message`, in English, for people reading the API; the client
 * translates the codes of ./booking-messages.ts instead.
 */
export const BOOKING_MESSAGES = {
  // docs/product.md §9, word for word.
  paymentFailed: 'Payment failed.',
  tooYoung: AUTH_MESSAGES.tooYoung,
  acceptTerms: AUTH_MESSAGES.acceptTerms,
  fillInField: AUTH_MESSAGES.fillInField,
  alreadyRegistered: AUTH_MESSAGES.alreadyRegistered,
  // Haven's own.
  priceChanged: BOOKING_FIELD_ERROR_TEXTS.price_changed,
  optionUnavailable: BOOKING_FIELD_ERROR_TEXTS.option_unavailable,
  datesInvalid: BOOKING_FIELD_ERROR_TEXTS.dates_invalid,
  startInPast: BOOKING_FIELD_ERROR_TEXTS.start_in_past,
  propertyUnavailable: 'This property cannot be booked.',
  alreadyBooked: 'This property is already booked for these dates.',
  paymentLapsed: 'Your payment reached us after your booking had lapsed: it is being refunded in full.',
  payLaterUnavailable: BOOKING_FIELD_ERROR_TEXTS.pay_later_unavailable,
  providerUnavailable: BOOKING_FIELD_ERROR_TEXTS.provider_unavailable,
  bookingNotFound: 'This booking does not exist.',
  notYourBooking: 'This is not your booking.',
  cancellationNotTaken: 'This booking was made without the cancellation option.',
  cancellationTooLate: 'This booking has started or is cancelled: it can no longer be cancelled here.',
  cancellationDecided: 'This booking is cancelled: the request can no longer be withdrawn.',
  amendmentsNotTaken: 'This booking was made without the amendment option.',
  amendmentTooLate: 'This booking has started or is cancelled: its dates can no longer be changed here.',
  amendmentPriceDiffers:
    'This booking is paid: its dates can change only for a stay of the same price. Contact the agency for any other change.',
  unpaidHoldsLimit: `You already have ${MAX_UNPAID_HOLDS} bookings that are not paid yet. Pay for one, or wait for the agency’s answer, before you book another stay.`,
  unverifiedHoldsLimit: 'Activate your account with the link we e-mailed you before you book another stay.',
  guestDetailsRequired: 'Sign in, or give your details to book as a guest.',
  rentersOnly: 'Only a renter account can book.',
} as const

/** The minimum age message for a property: 'You must be at least 21 years old.' (docs/product.md §8). */
export const minimumAgeMessage = (years: number) =>
  years === MINIMUM_AGE ? BOOKING_MESSAGES.tooYoung : `You must be at least ${years} years old.`

/** Payment choices at checkout: pay later (when the agency allows it) or online with a provider. */
export const PAYMENT_METHODS = ['payLater', ...PAYMENT_PROVIDERS] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * An unpaid online checkout holds its temporary booking this long, the provider's session as long: Stripe
 * refuses a session that expires less than 30 minutes after it is made, hence the margin.
 */
export const PAYMENT_WINDOW_MS = 35 * 60 * 1000

export interface PropertyOptions {
  price: number
  rentalTerm: (typeof RENTAL_TERMS)[number]
  /** −1 unavailable, 0 included, > 0 a fee (docs/product.md §6). */
  cancellation: number
  amendments: number
}

export interface ChosenOptions {
  cancellation: boolean
  amendments: boolean
}

/**
 * The options a booking actually has: an included option (0) is always taken, an unavailable one (−1) never.
 * Undefined when the renter asked for an unavailable option, which the server refuses.
 */
export function resolveOptions(
  property: Pick<PropertyOptions, 'cancellation' | 'amendments'>,
  chosen: ChosenOptions,
): { options: ChosenOptions; refused: (keyof ChosenOptions)[] } {
  const refused: (keyof ChosenOptions)[] = []
  const resolve = (name: keyof ChosenOptions): boolean => {
    const policy = optionPolicy(property[name])
    if (policy === 'unavailable') {
      if (chosen[name]) refused.push(name)
      return false
    }
    return policy === 'included' ? true : chosen[name]
  }
  return { options: { cancellation: resolve('cancellation'), amendments: resolve('amendments') }, refused }
}

export interface PriceBreakdown {
  days: number
  /** The stay alone, by rental term (docs/product.md §11). */
  rental: number
  cancellationFee: number
  amendmentsFee: number
  total: number
}

/**
 * The price of a stay with its options: the rental price formula of ./price.ts (which adds the cancellation
 * fee), plus the amendment fee, which Haven adds the same way (docs/product.md §11). In the base currency.
 */
export function priceBreakdown(
  property: PropertyOptions,
  stay: { from: DateInput; to: DateInput },
  options: ChosenOptions,
): PriceBreakdown {
  const rental = rentalPrice(property, { ...stay, cancellation: false })
  const withCancellation = rentalPrice(property, { ...stay, cancellation: options.cancellation })
  const amendmentsFee = options.amendments && property.amendments > 0 ? property.amendments : 0
  return {
    days: rentalDays(stay.from, stay.to),
    rental,
    cancellationFee: roundToCents(withCancellation - rental),
    amendmentsFee,
    total: roundToCents(withCancellation + amendmentsFee),
  }
}

/** A property's stored price and option values, as the breakdown reads them (numbers, not the drivers' strings). */
export const pricingOf = (property: {
  price: number | string
  rentalTerm: PropertyOptions['rentalTerm']
  cancellation: number | string
  amendments: number | string
}): PropertyOptions => ({
  price: Number(property.price),
  rentalTerm: property.rentalTerm,
  cancellation: Number(property.cancellation),
  amendments: Number(property.amendments),
})

/**
 * What a booking keeps of its price: the options it has and the breakdown as the renter was shown it, the
 * total as `price`.
 */
export function pricedBooking(
  property: PropertyOptions,
  stay: { from: DateInput; to: DateInput },
  chosen: ChosenOptions,
) {
  const { options, refused } = resolveOptions(property, chosen)
  const breakdown = priceBreakdown(property, stay, options)
  return {
    refused,
    options,
    breakdown,
    columns: {
      ...options,
      price: breakdown.total,
      rentalPrice: breakdown.rental,
      cancellationFee: breakdown.cancellationFee,
      amendmentsFee: breakdown.amendmentsFee,
    },
  }
}

/** Whether someone born on `birthDate` may book a property asking `minimumAge` (never below 21). */
export const oldEnough = (birthDate: string, minimumAge: number, today = new Date()) =>
  isAtLeast(birthDate, Math.max(MINIMUM_AGE, minimumAge), today)

const optionPolicySchema = z.enum(['unavailable', 'included', 'fee'] satisfies OptionPolicy[])

export const priceBreakdownSchema = z.object({
  days: z.number().int().nonnegative(),
  rental: z.number(),
  cancellationFee: z.number(),
  amendmentsFee: z.number(),
  total: z.number(),
})

/** A stay's two days, as every request that carries one names them. */
const stayDatesSchema = z.object({ from: isoDateSchema, to: isoDateSchema })

const staySchema = z.object({
  propertyId: idSchema,
  ...stayDatesSchema.shape,
  cancellation: z.boolean().default(false),
  amendments: z.boolean().default(false),
})

const datesInOrder = (stay: { from: string; to: string }) => stay.from < stay.to
const dateOrder = { message: BOOKING_FIELD_ERRORS.datesInvalid, path: ['to'] }
/** Malformed days are the format check's to tell: counting nights between them would throw (a 500). */
const isDay = (value: string) => isoDateSchema.safeParse(value).success
/** docs/product.md §12, Bounds: at most MAX_STAY_NIGHTS nights (the start's horizon depends on today: the server's). */
const withinLength = (stay: { from: string; to: string }) =>
  !isDay(stay.from) || !isDay(stay.to) || rentalDays(stay.from, stay.to) <= MAX_STAY_NIGHTS
const lengthBound = { message: BOOKING_FIELD_ERRORS.stayTooLong, path: ['to'] }
/** A stay's own rules on any request that carries one: the end after the start, at most MAX_STAY_NIGHTS. */
const withStayRules = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema.refine(datesInOrder, dateOrder).refine(withinLength, lengthBound)

/** POST /api/booking-price: the breakdown of a stay, and how it can be paid. */
export const bookingPriceRequestSchema = withStayRules(staySchema)
export type BookingPriceRequest = z.input<typeof bookingPriceRequestSchema>

export const bookingPriceSchema = z.object({
  currency: z.enum(CURRENCIES),
  breakdown: priceBreakdownSchema,
  /** The options the booking would have: an included option is taken whatever was asked. */
  cancellation: z.boolean(),
  amendments: z.boolean(),
  options: z.object({ cancellation: optionPolicySchema, amendments: optionPolicySchema }),
  option: z.object({ cancellation: z.number(), amendments: z.number() }),
  minimumAge: z.number().int(),
  /** The payment methods this checkout can use: pay later when the agency allows it, configured providers. */
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
})
export type BookingPrice = z.infer<typeof bookingPriceSchema>

/**
 * POST /api/checkout. `operationId` makes a second delivery of the same checkout answer the first booking
 * again; `price` is the total the renter saw, refused when it is not the server's. A guest's checkout makes an
 * account, so it carries a reCAPTCHA token as sign-up does (when reCAPTCHA is on).
 */
export const checkoutRequestSchema = withStayRules(
  staySchema.extend({
    operationId: operationIdSchema,
    price: z.number().nonnegative().max(MAX_AMOUNT),
    payment: z.enum(PAYMENT_METHODS),
    guest: z.optional(guestSchema),
    recaptchaToken: z.optional(text().min(1).max(4096)),
  }),
)
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>

export const checkoutResponseSchema = z.object({
  bookingId: idSchema,
  status: z.enum(BOOKING_STATUSES),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  /** The renter the booking is for (a guest's new account). */
  userId: idSchema,
  /**
   * An online payment: the provider step still to do, with what the browser needs for it (the public key
   * and the provider's script); the booking is held until `expiresAt`.
   */
  payment: z
    .discriminatedUnion('provider', [
      z.object({
        provider: z.literal('stripe'),
        sessionId: z.string(),
        clientSecret: z.string(),
        publishableKey: z.string(),
        scriptUrl: z.string(),
      }),
      z.object({ provider: z.literal('payPal'), clientId: z.string(), scriptUrl: z.string() }),
    ])
    .nullable(),
  expiresAt: z.string().nullable(),
})
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>

/**
 * GET /api/own-holds/{propertyId}: the signed-in renter's checkouts of the property still waiting for their
 * online payment within their window (docs/product.md §12, Own hold). Their nights are held against everyone
 * else, not against their renter, who resumes them by checking out the same stay again.
 */
export const ownHoldsSchema = z.object({
  holds: z.array(
    z.object({
      bookingId: idSchema,
      from: z.string(),
      to: z.string(),
      payment: z.enum(PAYMENT_PROVIDERS),
      cancellation: z.boolean(),
      amendments: z.boolean(),
      price: z.number(),
      expiresAt: z.string(),
    }),
  ),
})
export type OwnHolds = z.infer<typeof ownHoldsSchema>

/** POST /api/create-paypal-order/ (docs/product.md §13). `amount` and `currency` must be the booking's. */
export const payPalOrderRequestSchema = z.object({
  bookingId: idSchema,
  amount: z.number().positive(),
  currency: z.enum(CURRENCIES),
  name: lineText().min(1).max(127),
  description: lineText().max(127).default(''),
})
export type PayPalOrderRequest = z.input<typeof payPalOrderRequestSchema>
export const payPalOrderResponseSchema = z.object({ orderId: z.string() })

/** A payment verified with its provider (Stripe's return, PayPal's capture). */
export const paymentResultSchema = z.object({ bookingId: idSchema, status: z.enum(BOOKING_STATUSES) })
export type PaymentResult = z.infer<typeof paymentResultSchema>

/** A provider's id as it travels in a path: Stripe's `cs_…`, PayPal's order ids. */
export const providerIdSchema = text().regex(/^[A-Za-z0-9_-]{1,255}$/, 'invalid id')

export const BOOKING_LIST_WHEN = ['upcoming', 'past'] as const
export type BookingListWhen = (typeof BOOKING_LIST_WHEN)[number]

/** POST /api/bookings: the signed-in renter's bookings, newest first, keyset pages. */
export const bookingListRequestSchema = z.object({
  cursor: text().max(40).nullish(),
  /** 20 by default; the client asks 10 below 960 px (docs/product.md §10). */
  size: z.number().int().min(1).max(100).default(BOOKINGS_PAGE_SIZE),
  statuses: z.array(z.enum(BOOKING_STATUSES)).max(BOOKING_STATUSES.length).optional(),
  /** Upcoming stays (check-out today or later, UTC) or past ones; absent, both. */
  when: z.enum(BOOKING_LIST_WHEN).optional(),
  language: languageSchema.default('en'),
})
export type BookingListRequest = z.input<typeof bookingListRequestSchema>

export const bookingSummarySchema = z.object({
  _id: idSchema,
  property: z.object({ _id: idSchema, name: z.string(), image: z.string() }),
  agency: z.object({ _id: idSchema, name: z.string() }),
  from: z.string(),
  to: z.string(),
  price: z.number(),
  status: z.enum(BOOKING_STATUSES),
  cancellation: z.boolean(),
  cancelRequest: z.boolean(),
})
export type BookingSummary = z.infer<typeof bookingSummarySchema>

export const bookingPageSchema = z.object({
  items: z.array(bookingSummarySchema),
  nextCursor: z.string().nullable(),
})
export type BookingPage = z.infer<typeof bookingPageSchema>

export const bookingDetailSchema = bookingSummarySchema.extend({
  property: bookingSummarySchema.shape.property.extend({
    rentalTerm: z.enum(RENTAL_TERMS),
    /** The property's amendment option now: −1 unavailable, 0 included, > 0 a fee (docs/product.md §6). */
    amendments: z.number(),
    address: z.string().nullable(),
    location: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  /** The agency's contact, for the renter of the booking only (the route checks ownership). */
  agency: bookingSummarySchema.shape.agency.extend({ email: z.string(), phone: z.string().nullable() }),
  amendments: z.boolean(),
  currency: z.enum(CURRENCIES),
  breakdown: priceBreakdownSchema,
  /** `stripe` is a card; null is paying later (or a booking the agency made). */
  paymentProvider: z.enum(PAYMENT_PROVIDERS).nullable(),
  /** When the provider's payment was verified (ISO); null while nothing was paid online. */
  paidAt: z.string().nullable(),
  /**
   * A payment Haven gives back (docs/product.md §12): `pending`, `refunded`, or `failed` (the provider refused
   * it; asked again); null for any other booking.
   */
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  createdAt: z.string(),
})
export type BookingDetail = z.infer<typeof bookingDetailSchema>

/**
 * POST /api/cancel-booking/{id} and POST /api/withdraw-cancellation/{id}: queued changes like the settings'
 * (src/offline/mutations.ts). The server keeps each operation id's answer: a request replayed after its
 * withdrawal (or the reverse) must not undo the later change. Asking twice, or withdrawing what is not
 * pending, is answered the same and tells nobody twice; older clients sent no body.
 */
export const cancelRequestSchema = z.strictObject({ operationId: z.optional(operationIdSchema) })

export const cancelRequestResponseSchema = z.object({ bookingId: idSchema, cancelRequest: z.literal(true) })
export type CancelRequestAnswer = z.infer<typeof cancelRequestResponseSchema>

export const cancelWithdrawalResponseSchema = z.object({
  bookingId: idSchema,
  cancelRequest: z.literal(false),
})
export type CancelWithdrawalAnswer = z.infer<typeof cancelWithdrawalResponseSchema>

/** POST /api/amendment-price/{id}: the price of the booking with other dates, its options kept. */
export const amendmentPriceRequestSchema = withStayRules(stayDatesSchema)
export type AmendmentPriceRequest = z.input<typeof amendmentPriceRequestSchema>

export const amendmentPriceSchema = z.object({
  currency: z.enum(CURRENCIES),
  breakdown: priceBreakdownSchema,
  /** The new total less the booking's total now: what more is owed, or (negative) less. */
  difference: z.number(),
})
export type AmendmentPrice = z.infer<typeof amendmentPriceSchema>

/**
 * POST /api/amend-booking/{id}: the new dates, at once (docs/product.md §12, Amendments). `price` is the new
 * total the renter saw, refused when it is not the server's; `operationId` makes a second delivery answer as
 * the first.
 */
export const amendBookingRequestSchema = withStayRules(
  z.strictObject({
    ...stayDatesSchema.shape,
    price: z.number().nonnegative().max(MAX_AMOUNT),
    operationId: z.optional(operationIdSchema),
  }),
)
export type AmendBookingRequest = z.input<typeof amendBookingRequestSchema>

export const amendBookingResponseSchema = z.object({
  bookingId: idSchema,
  from: z.string(),
  to: z.string(),
  price: z.number(),
  status: z.enum(BOOKING_STATUSES),
})
export type AmendBookingAnswer = z.infer<typeof amendBookingResponseSchema>
