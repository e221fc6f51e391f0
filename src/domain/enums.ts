// The vocabularies of docs/product.md §5, shared by the client and the server. Arrays keep the display order.

export const USER_TYPES = ['ADMIN', 'AGENCY', 'USER'] as const
export type UserType = (typeof USER_TYPES)[number]

/** Application types of the sign-in and token calls (docs/product.md §1, §13). */
export const APP_TYPES = ['frontend', 'backend'] as const
export type AppType = (typeof APP_TYPES)[number]

/** In the order users see them: House, Apartment, Plot, Farm, Commercial, Industrial, Townhouse. */
export const PROPERTY_TYPES = [
  'HOUSE',
  'APARTMENT',
  'PLOT',
  'FARM',
  'COMMERCIAL',
  'INDUSTRIAL',
  'TOWNHOUSE',
] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

export const RENTAL_TERMS = ['MONTHLY', 'WEEKLY', 'DAILY', 'YEARLY'] as const
export type RentalTerm = (typeof RENTAL_TERMS)[number]

export const AVAILABILITY = ['AVAILABLE', 'UNAVAILABLE'] as const
export type Availability = (typeof AVAILABILITY)[number]

/**
 * Orders of the search results (Haven's choice, docs/product.md §4): bookable properties first, newest
 * among them (the default); newest; price ascending; price descending; and, for a search with dates, the
 * price of the whole stay ascending and descending.
 */
export const PROPERTY_SORTS = [
  'available',
  'newest',
  'priceAsc',
  'priceDesc',
  'totalAsc',
  'totalDesc',
] as const
export type PropertySort = (typeof PROPERTY_SORTS)[number]
export const DEFAULT_PROPERTY_SORT: PropertySort = 'available'
/** Whether the order needs the stay's dates: it ranks by the stay's price (docs/product.md §11). */
export const isStayTotalSort = (sort: PropertySort | undefined) => sort === 'totalAsc' || sort === 'totalDesc'

export const BOOKING_STATUSES = ['VOID', 'PENDING', 'DEPOSIT', 'PAID', 'RESERVED', 'CANCELLED'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/**
 * Bookings in these statuses hold their nights (docs/product.md §12, Holding rule): no other booking may
 * overlap them. A pay-later booking (PENDING) holds them until the agency answers, at most until its deadline
 * (`answerBy`), or, made by an account whose address is not verified, within its window until it is. A checkout waiting for its online payment (VOID)
 * holds them too, but only within its payment window: see `holdsNights`.
 */
export const HOLDING_BOOKING_STATUSES = [
  'PENDING',
  'DEPOSIT',
  'PAID',
  'RESERVED',
] as const satisfies readonly BookingStatus[]

/**
 * Whether a booking holds its nights at `now`: a holding status (a pending one within its window, if it has
 * one), or a checkout within its payment window.
 */
export function holdsNights(
  booking: { status: BookingStatus; expiresAt: Date | null; answerBy?: Date | null },
  now: Date = new Date(),
): boolean {
  const inWindow = booking.expiresAt !== null && booking.expiresAt > now
  if (booking.status === 'PENDING')
    return (booking.expiresAt === null || inWindow) && (!booking.answerBy || booking.answerBy > now)
  if ((HOLDING_BOOKING_STATUSES as readonly BookingStatus[]).includes(booking.status)) return true
  return booking.status === 'VOID' && inWindow
}

export const RECORD_TYPES = ['ADMIN', 'AGENCY', 'USER', 'PROPERTY', 'LOCATION', 'COUNTRY'] as const
export type RecordType = (typeof RECORD_TYPES)[number]

export const PAYMENT_PROVIDERS = ['payPal', 'stripe'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

/** The state of a payment Haven gives back (docs/product.md §12). */
export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

export const SOCIAL_SIGN_IN_PROVIDERS = ['facebook', 'apple', 'google'] as const
export type SocialSignInProvider = (typeof SOCIAL_SIGN_IN_PROVIDERS)[number]

export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'AUD'] as const
export type Currency = (typeof CURRENCIES)[number]

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The first language Haven speaks among language tags in the client's order of preference ('fr-CA' is fr). */
export function firstSpokenLanguage(tags: readonly string[]): Language | undefined {
  return tags.map((tag) => tag.trim().slice(0, 2).toLowerCase()).find(isLanguage)
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)
}
