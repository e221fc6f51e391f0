// The back office's calls (docs/product.md §12, Decisions; docs/api.md, Back office): the bookings inbox and a
// booking's page, the decisions on it, the calendar and blocked nights. What each decision may do to which
// booking is the domain's (src/domain/booking-decisions.ts); whose records are whose, the services'.
import { BOOKING_DECISIONS } from '../domain/booking-decisions.ts'
import { BOOKING_FIELD_ERRORS } from '../domain/booking-messages.ts'
import { PAYMENT_METHODS } from '../domain/booking.ts'
import { BOOKINGS_PAGE_SIZE, MAX_STAY_NIGHTS } from '../domain/constants.ts'
import { BOOKING_STATUSES, CURRENCIES, REFUND_STATUSES } from '../domain/enums.ts'
import { rentalDays } from '../domain/price.ts'
import { z } from '../domain/zod-mini.ts'
import { bookingMessageSchema, priceBreakdownSchema, timelineEntrySchema } from './bookings.ts'
import { idSchema, isoDateSchema, text } from './common.ts'
import type { RouteTable } from './route.ts'
import {
  backOfficeBooking,
  backOfficeBookings,
  backOfficeCalendar,
  blockNights,
  decideBooking,
  officeBookingMessage,
  unblockNights,
} from './routes.ts'

const idParamsSchema = z.object({ id: idSchema })

/** The decision, with the status and request the agent saw: a booking changed since is refused, not overwritten. */
const decisionRequestSchema = z.object({
  decision: z.enum(BOOKING_DECISIONS),
  seenStatus: z.enum(BOOKING_STATUSES),
  seenCancelRequest: z.boolean(),
  note: z.optional(z.string().check(z.maxLength(1000))),
  amount: z.optional(z.number()),
})

const decisionAnswerSchema = z.object({
  bookingId: z.number(),
  status: z.enum(BOOKING_STATUSES),
  cancelRequest: z.boolean(),
  refund: z.boolean(),
})

/** Statuses in a query string: one, or several separated by commas (`PENDING,RESERVED`). */
const STATUS_LIST = new RegExp(`^(${BOOKING_STATUSES.join('|')})(,(${BOOKING_STATUSES.join('|')}))*$`)
export const statusListSchema = z.string().check(z.regex(STATUS_LIST, 'Unknown booking status.'))

/** A query's page size: the spec's bookings page (20) by default. */
const pageSizeSchema = z._default(
  z.pipe(z.coerce.number<number | string>(), z.int().check(z.minimum(1), z.maximum(100))),
  BOOKINGS_PAGE_SIZE,
)

/** Malformed days are the format check's to tell: counting nights between them would throw (a 500). */
const isDay = (value: string | undefined): value is string =>
  value !== undefined && isoDateSchema.safeParse(value).success

interface DayRange {
  from?: string | undefined
  to?: string | undefined
}
const rangeOrdered = z.refine<DayRange>((range) => !range.from || !range.to || range.from < range.to, {
  error: BOOKING_FIELD_ERRORS.datesInvalid,
  path: ['to'],
})

/**
 * The inbox's filters, in the query string (the back office keeps them in its URL): statuses, one property,
 * stays overlapping [from, to), the renter's name or e-mail (a part of it). Newest first, keyset pages: the
 * cursor is the previous page's `nextCursor`.
 */
export const inboxQuerySchema = z
  .object({
    status: z.optional(statusListSchema),
    propertyId: z.optional(idSchema),
    from: z.optional(isoDateSchema),
    to: z.optional(isoDateSchema),
    renter: z.optional(text().check(z.trim(), z.maxLength(100))),
    cursor: z.optional(idSchema),
    size: pageSizeSchema,
  })
  .check(rangeOrdered)
export type InboxQuery = z.input<typeof inboxQuerySchema>

const propertyRefSchema = z.object({ _id: idSchema, name: z.string() })

export const inboxRowSchema = z.object({
  _id: idSchema,
  property: propertyRefSchema,
  renter: z.object({ _id: idSchema, fullName: z.string(), email: z.string() }),
  from: z.string(),
  to: z.string(),
  status: z.enum(BOOKING_STATUSES),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  cancelRequest: z.boolean(),
  createdAt: z.string(),
  /** A pending pay-later request's deadline (ISO): unanswered by then, it lapses (docs/product.md §12). */
  answerBy: z.nullable(z.string()),
})
export type InboxRow = z.infer<typeof inboxRowSchema>

export const inboxPageSchema = z.object({
  items: z.array(inboxRowSchema),
  /** How many bookings the filters keep, up to SEARCH_COUNT_CAP (`totalCapped` when there are more). */
  total: z.number(),
  totalCapped: z.boolean(),
  nextCursor: z.nullable(z.string()),
})
export type InboxPage = z.infer<typeof inboxPageSchema>

export { type TimelineEntry, timelineEntrySchema } from './bookings.ts'

export const backOfficeBookingSchema = z.object({
  ...inboxRowSchema.shape,
  renter: z.object({
    _id: idSchema,
    fullName: z.string(),
    email: z.string(),
    phone: z.nullable(z.string()),
    language: z.string(),
  }),
  agency: z.object({ _id: idSchema, name: z.string() }),
  cancellation: z.boolean(),
  amendments: z.boolean(),
  breakdown: priceBreakdownSchema,
  payment: z.object({
    /** `payLater`, or the provider the renter paid through. */
    method: z.enum(PAYMENT_METHODS),
    /** What Haven knows was received: the total paid online, or the last amount an agent recorded; null none. */
    amount: z.nullable(z.number()),
    /** When the provider's payment was verified (ISO). */
    verifiedAt: z.nullable(z.string()),
    refund: z.nullable(z.object({ status: z.enum(REFUND_STATUSES), attempts: z.number() })),
  }),
  /** The decisions this booking takes now (availableDecisions), in the order the back office offers them. */
  decisions: z.array(z.enum(BOOKING_DECISIONS)),
  /** Oldest first. */
  timeline: z.array(timelineEntrySchema),
})
export type BackOfficeBooking = z.infer<typeof backOfficeBookingSchema>

/** At most this many days in one calendar query. */
export const CALENDAR_MAX_DAYS = 366

/** One property's calendar, or every property of the agency's (all for an administrator), over [from, to). */
export const calendarQuerySchema = z
  .object({
    propertyId: z.optional(idSchema),
    from: isoDateSchema,
    to: isoDateSchema,
    status: z.optional(statusListSchema),
  })
  .check(
    rangeOrdered,
    z.refine<DayRange>(
      (range) =>
        !isDay(range.from) ||
        !isDay(range.to) ||
        range.from >= range.to ||
        rentalDays(range.from, range.to) <= CALENDAR_MAX_DAYS,
      { error: 'A calendar spans at most 366 days.', path: ['to'] },
    ),
  )
export type CalendarQuery = z.input<typeof calendarQuerySchema>

export const blockedNightsSchema = z.object({
  _id: idSchema,
  property: propertyRefSchema,
  from: z.string(),
  to: z.string(),
  note: z.nullable(z.string()),
})
export type BlockedNights = z.infer<typeof blockedNightsSchema>

export const calendarSchema = z.object({
  /** Bookings overlapping the range (unpaid checkouts left out), by stay start. */
  bookings: z.array(
    z.object({
      _id: idSchema,
      property: propertyRefSchema,
      from: z.string(),
      to: z.string(),
      status: z.enum(BOOKING_STATUSES),
    }),
  ),
  blocked: z.array(blockedNightsSchema),
})
export type Calendar = z.infer<typeof calendarSchema>

/** Nights [from, to) of a property closed by its agency: held like booked ones (docs/product.md §12). */
export const blockNightsRequestSchema = z
  .object({
    propertyId: idSchema,
    from: isoDateSchema,
    to: isoDateSchema,
    note: z.optional(text().check(z.trim(), z.maxLength(200))),
  })
  .check(
    rangeOrdered,
    z.refine<DayRange>(
      (range) =>
        !isDay(range.from) ||
        !isDay(range.to) ||
        range.from >= range.to ||
        rentalDays(range.from, range.to) <= MAX_STAY_NIGHTS,
      { error: BOOKING_FIELD_ERRORS.stayTooLong, path: ['to'] },
    ),
  )
export type BlockNightsRequest = z.input<typeof blockNightsRequestSchema>

export const backOfficeRoutes = {
  [decideBooking]: {
    params: idParamsSchema,
    body: decisionRequestSchema,
    answer: decisionAnswerSchema,
  },
  [backOfficeBookings]: { querystring: inboxQuerySchema, answer: inboxPageSchema },
  [backOfficeBooking]: { params: idParamsSchema, answer: backOfficeBookingSchema },
  [backOfficeCalendar]: { querystring: calendarQuerySchema, answer: calendarSchema },
  [blockNights]: { body: blockNightsRequestSchema, answer: blockedNightsSchema },
  [unblockNights]: { params: idParamsSchema, answer: z.object({ _id: idSchema }) },
  [officeBookingMessage]: { params: idParamsSchema, body: bookingMessageSchema, answer: timelineEntrySchema },
} as const satisfies RouteTable
