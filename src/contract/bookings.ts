// Checkout and the renter's bookings (docs/product.md §12): their routes' schemas, shared by the client (types
// only) and the server. The server computes every price, status, renter and agency itself; the client's `price`
// is only compared with it. The price, the options and the texts are the domain's (src/domain/booking.ts).
import { BOOKING_FIELD_ERRORS } from '../domain/booking-messages.ts'
import { PAYMENT_METHODS } from '../domain/booking.ts'
import { BOOKINGS_PAGE_SIZE, MAX_AMOUNT, MAX_MESSAGE_LENGTH, MAX_STAY_NIGHTS } from '../domain/constants.ts'
import {
  BOOKING_STATUSES,
  CURRENCIES,
  PAYMENT_PROVIDERS,
  REFUND_STATUSES,
  RENTAL_TERMS,
  USER_TYPES,
} from '../domain/enums.ts'
import type { OptionPolicy } from '../domain/price.ts'
import { rentalDays } from '../domain/price.ts'
import { z } from '../domain/zod-mini.ts'
import { idSchema, isoDateSchema, languageSchema, operationIdSchema, text } from './common.ts'
import { guestSchema } from './guest.ts'
import type { RouteTable } from './route.ts'
import {
  amendBooking,
  amendmentPrice,
  bookingMessage,
  bookingPrice,
  cancelBooking,
  checkout,
  getBooking,
  listBookings,
  ownHolds,
  withdrawCancellation,
} from './routes.ts'

const optionPolicySchema = z.enum(['unavailable', 'included', 'fee'] satisfies OptionPolicy[])
const amountSchema = z.number().check(z.nonnegative(), z.maximum(MAX_AMOUNT))
const idParamsSchema = z.object({ id: idSchema })

export const priceBreakdownSchema = z.object({
  days: z.int().check(z.nonnegative()),
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
  cancellation: z._default(z.boolean(), false),
  amendments: z._default(z.boolean(), false),
})

interface Stay {
  from: string
  to: string
}
/** Malformed days are the format check's to tell: counting nights between them would throw (a 500). */
const isDay = (value: string) => isoDateSchema.safeParse(value).success
/** A stay's own rules on any request that carries one: the end after the start, at most MAX_STAY_NIGHTS. */
const stayRules = [
  z.refine<Stay>((stay) => stay.from < stay.to, { error: BOOKING_FIELD_ERRORS.datesInvalid, path: ['to'] }),
  // docs/product.md §12, Bounds (the start's horizon depends on today: the server's).
  z.refine<Stay>(
    (stay) => !isDay(stay.from) || !isDay(stay.to) || rentalDays(stay.from, stay.to) <= MAX_STAY_NIGHTS,
    { error: BOOKING_FIELD_ERRORS.stayTooLong, path: ['to'] },
  ),
] as const

/** The breakdown of a stay, and how it can be paid. */
export const bookingPriceRequestSchema = staySchema.check(...stayRules)
export type BookingPriceRequest = z.input<typeof bookingPriceRequestSchema>

export const bookingPriceSchema = z.object({
  currency: z.enum(CURRENCIES),
  breakdown: priceBreakdownSchema,
  /** The options the booking would have: an included option is taken whatever was asked. */
  cancellation: z.boolean(),
  amendments: z.boolean(),
  options: z.object({ cancellation: optionPolicySchema, amendments: optionPolicySchema }),
  option: z.object({ cancellation: z.number(), amendments: z.number() }),
  minimumAge: z.int(),
  /** The payment methods this checkout can use: pay later when the agency allows it, configured providers. */
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
})
export type BookingPrice = z.infer<typeof bookingPriceSchema>

/**
 * `operationId` makes a second delivery of the same checkout answer the first booking again; `price` is the
 * total the renter saw, refused when it is not the server's. A guest's checkout makes an account, so it carries
 * a reCAPTCHA token as sign-up does (when reCAPTCHA is on).
 */
export const checkoutRequestSchema = z
  .extend(staySchema, {
    operationId: operationIdSchema,
    price: amountSchema,
    payment: z.enum(PAYMENT_METHODS),
    guest: z.optional(guestSchema),
    recaptchaToken: z.optional(text().check(z.minLength(1), z.maxLength(4096))),
  })
  .check(...stayRules)
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
  payment: z.nullable(
    z.discriminatedUnion('provider', [
      z.object({
        provider: z.literal('stripe'),
        sessionId: z.string(),
        clientSecret: z.string(),
        publishableKey: z.string(),
        scriptUrl: z.string(),
      }),
      z.object({ provider: z.literal('payPal'), clientId: z.string(), scriptUrl: z.string() }),
    ]),
  ),
  expiresAt: z.nullable(z.string()),
})
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>

/**
 * The signed-in renter's checkouts of the property still waiting for their online payment within their window
 * (docs/product.md §12, Own hold). Their nights are held against everyone else, not against their renter, who
 * resumes them by checking out the same stay again.
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

export const BOOKING_LIST_WHEN = ['upcoming', 'past'] as const
export type BookingListWhen = (typeof BOOKING_LIST_WHEN)[number]

/** The signed-in renter's bookings, newest first, keyset pages. */
export const bookingListRequestSchema = z.object({
  cursor: z.nullish(text().check(z.maxLength(40))),
  /** 20 by default; the client asks 10 below 960 px (docs/product.md §10). */
  size: z._default(z.int().check(z.minimum(1), z.maximum(100)), BOOKINGS_PAGE_SIZE),
  statuses: z.optional(z.array(z.enum(BOOKING_STATUSES)).check(z.maxLength(BOOKING_STATUSES.length))),
  /** Upcoming stays (check-out today or later, UTC) or past ones; absent, both. */
  when: z.optional(z.enum(BOOKING_LIST_WHEN)),
  language: z._default(languageSchema, 'en'),
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
  nextCursor: z.nullable(z.string()),
})
export type BookingPage = z.infer<typeof bookingPageSchema>

/** Who made a timeline entry: a renter, an agency or an administrator; null for Haven itself (a sweep). */
const actorSchema = z.nullable(z.object({ _id: idSchema, type: z.enum(USER_TYPES), name: z.string() }))

export const timelineEntrySchema = z.object({
  _id: idSchema,
  /** A decision's name (src/domain/booking-decisions.ts), `lapsed`, or `message`. */
  kind: z.string(),
  actor: actorSchema,
  at: z.string(),
  statusBefore: z.enum(BOOKING_STATUSES),
  statusAfter: z.enum(BOOKING_STATUSES),
  /** A message's text, a refused cancellation's reason, a decision's word to the renter. */
  note: z.nullable(z.string()),
  /** A recorded deposit's or payment's amount. */
  amount: z.nullable(z.number()),
})
export type TimelineEntry = z.infer<typeof timelineEntrySchema>

/**
 * A message in a booking's timeline, the renter's or the agency's (docs/product.md §12, One timeline per
 * booking): a queued change like the others, `operationId` making a second delivery write nothing more.
 */
export const bookingMessageSchema = z.strictObject({
  text: text().check(
    z.trim(),
    z.minLength(1, BOOKING_FIELD_ERRORS.messageEmpty),
    z.maxLength(MAX_MESSAGE_LENGTH, BOOKING_FIELD_ERRORS.messageTooLong),
  ),
  operationId: z.optional(operationIdSchema),
})
export type BookingMessageRequest = z.input<typeof bookingMessageSchema>

export const bookingDetailSchema = z.extend(bookingSummarySchema, {
  property: z.extend(bookingSummarySchema.shape.property, {
    rentalTerm: z.enum(RENTAL_TERMS),
    /** The property's amendment option now: −1 unavailable, 0 included, > 0 a fee (docs/product.md §6). */
    amendments: z.number(),
    address: z.nullable(z.string()),
    location: z.string(),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
  }),
  /** The agency's contact, for the renter of the booking only (the route checks ownership). */
  agency: z.extend(bookingSummarySchema.shape.agency, { email: z.string(), phone: z.nullable(z.string()) }),
  amendments: z.boolean(),
  currency: z.enum(CURRENCIES),
  breakdown: priceBreakdownSchema,
  /** `stripe` is a card; null is paying later (or a booking the agency made). */
  paymentProvider: z.nullable(z.enum(PAYMENT_PROVIDERS)),
  /** When the provider's payment was verified (ISO); null while nothing was paid online. */
  paidAt: z.nullable(z.string()),
  /**
   * A payment Haven gives back (docs/product.md §12): `pending`, `refunded`, or `failed` (the provider refused
   * it; asked again); null for any other booking.
   */
  refundStatus: z.nullable(z.enum(REFUND_STATUSES)),
  createdAt: z.string(),
  /** Every decision and change, and the messages both sides wrote, oldest first. */
  timeline: z.array(timelineEntrySchema),
})
export type BookingDetail = z.infer<typeof bookingDetailSchema>

/**
 * A cancellation request and its withdrawal are commands of the outbox like the settings' (src/offline/outbox.ts).
 * The server keeps each operation id's answer: a request replayed after its withdrawal (or the reverse) must
 * not undo the later change. Asking twice, or withdrawing what is not pending, is answered the same and tells
 * nobody twice; older clients sent no body.
 */
export const cancelRequestSchema = z.nullish(z.strictObject({ operationId: z.optional(operationIdSchema) }))

export const cancelRequestResponseSchema = z.object({ bookingId: idSchema, cancelRequest: z.literal(true) })
export type CancelRequestAnswer = z.infer<typeof cancelRequestResponseSchema>

export const cancelWithdrawalResponseSchema = z.object({
  bookingId: idSchema,
  cancelRequest: z.literal(false),
})
export type CancelWithdrawalAnswer = z.infer<typeof cancelWithdrawalResponseSchema>

/** The price of the booking with other dates, its options kept. */
export const amendmentPriceRequestSchema = stayDatesSchema.check(...stayRules)
export type AmendmentPriceRequest = z.input<typeof amendmentPriceRequestSchema>

export const amendmentPriceSchema = z.object({
  currency: z.enum(CURRENCIES),
  breakdown: priceBreakdownSchema,
  /** The new total less the booking's total now: what more is owed, or (negative) less. */
  difference: z.number(),
})
export type AmendmentPrice = z.infer<typeof amendmentPriceSchema>

/**
 * The new dates, at once (docs/product.md §12, Amendments). `price` is the new total the renter saw, refused
 * when it is not the server's; `operationId` makes a second delivery answer as the first.
 */
export const amendBookingRequestSchema = z
  .strictObject({ ...stayDatesSchema.shape, price: amountSchema, operationId: z.optional(operationIdSchema) })
  .check(...stayRules)
export type AmendBookingRequest = z.input<typeof amendBookingRequestSchema>

export const amendBookingResponseSchema = z.object({
  bookingId: idSchema,
  from: z.string(),
  to: z.string(),
  price: z.number(),
  status: z.enum(BOOKING_STATUSES),
})
export type AmendBookingAnswer = z.infer<typeof amendBookingResponseSchema>

export const bookingRoutes = {
  [bookingPrice]: { body: bookingPriceRequestSchema, answer: bookingPriceSchema },
  [checkout]: { body: checkoutRequestSchema, answer: checkoutResponseSchema },
  /** `id` is the property's. */
  [ownHolds]: { params: idParamsSchema, answer: ownHoldsSchema },
  [listBookings]: { body: bookingListRequestSchema, answer: bookingPageSchema },
  [getBooking]: {
    params: z.object({ id: idSchema, language: languageSchema }),
    answer: bookingDetailSchema,
  },
  [cancelBooking]: { params: idParamsSchema, body: cancelRequestSchema, answer: cancelRequestResponseSchema },
  [withdrawCancellation]: {
    params: idParamsSchema,
    body: cancelRequestSchema,
    answer: cancelWithdrawalResponseSchema,
  },
  [amendmentPrice]: {
    params: idParamsSchema,
    body: amendmentPriceRequestSchema,
    answer: amendmentPriceSchema,
  },
  [amendBooking]: {
    params: idParamsSchema,
    body: amendBookingRequestSchema,
    answer: amendBookingResponseSchema,
  },
  [bookingMessage]: { params: idParamsSchema, body: bookingMessageSchema, answer: timelineEntrySchema },
} as const satisfies RouteTable
