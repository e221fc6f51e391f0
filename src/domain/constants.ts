// Business constants of docs/product.md §10, in one place for the client and the server. Only those the code
// uses: the others (the payment gateway, the country-to-language switch of §3,
// which is off) come with the features that need them.
import type { Currency, Language } from './enums.ts'

export const DEFAULT_LANGUAGE: Language = 'en'
export const BASE_CURRENCY: Currency = 'USD'

export const PROPERTIES_PAGE_SIZE = 15
/**
 * A search counts its matches up to this many; beyond, it says "over 1,000" (as the big rental sites do).
 * Counting every match of a broad search read the whole catalog on each first page: on 100,000 properties
 * in PGlite, 48 to 76 ms for the count against about 1 ms for the page (server/services/catalog/queries.ts).
 */
export const SEARCH_COUNT_CAP = 1000
/** The highest price a search filter takes, in the base currency: far above any rent, below numeric(12,2). */
export const MAX_SEARCH_PRICE = 1_000_000_000
export const BOOKINGS_PAGE_SIZE = 20
/** The last properties a renter opened that stay readable offline, older ones forgotten (sw/sw.ts, property-page.tsx). */
export const PROPERTIES_KEPT_OFFLINE = 20
/** One day, in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000
/**
 * A change waiting on a device is sent up to 60 days after the user made it, and forgotten after that
 * (src/offline/persister.ts). The server keeps the answer to each operation id longer (90 days,
 * server/services/housekeeping.ts), so a change sent again within its life never applies twice.
 */
export const QUEUED_CHANGE_MAX_AGE_MS = 60 * DAY_MS
export const OPERATION_RECORDS_KEPT_MS = 90 * DAY_MS
/** Below MOBILE_BREAKPOINT_PX, bookings come 10 at a time. */
export const BOOKINGS_MOBILE_PAGE_SIZE = 10
/** docs/product.md §10: the general page size, the notifications' among them. */
export const NOTIFICATIONS_PAGE_SIZE = 30

export const MINIMUM_AGE = 21

/** docs/product.md §12, Bounds: a stay is 1 to MAX_STAY_NIGHTS nights… */
export const MAX_STAY_NIGHTS = 365
/** …and starts within BOOKING_HORIZON_DAYS days from today (two years). */
export const BOOKING_HORIZON_DAYS = 730
/**
 * docs/product.md §12, Unpaid holds: a renter holds at most MAX_UNPAID_HOLDS stays not paid yet (to pay later
 * until the agency answers, or waiting for an online payment), enough for a trip of a few stops…
 */
export const MAX_UNPAID_HOLDS = 3

/** A message in a booking's timeline, renter's or agency's, at most this many characters. */
export const MAX_MESSAGE_LENGTH = 2000
/** …and an account whose address is not verified yet, one: the guest's first booking. */
export const MAX_UNVERIFIED_UNPAID_HOLDS = 1
/**
 * A pay-later stay of an account whose address is not verified is held this long, the activation link's life:
 * activated within it, the stay is held until the agency answers; not, it lapses as an unpaid online one does.
 */
export const UNVERIFIED_HOLD_MS = DAY_MS
/**
 * docs/product.md §12, Requests with a deadline: the agency answers a pay-later request within this time, or
 * it lapses (CANCELLED, its nights freed, the renter told).
 */
export const ANSWER_WINDOW_MS = 2 * DAY_MS
/** The largest amount a request may carry: what the database's money columns hold (numeric(12, 2)). */
export const MAX_AMOUNT = 9_999_999_999.99
export const MIN_LOCATIONS = 4
export const PASSWORD_MIN_LENGTH = 6

export const PROPERTY_IMAGE = { width: 300, height: 200 } as const
export const PROPERTY_IMAGE_LARGE = { width: 1200, height: 800 } as const
export const AGENCY_IMAGE = { width: 60, height: 30 } as const
export const SIZE_UNIT = 'm²'

export const TOAST_DURATION_MS = 5000
export const MOBILE_BREAKPOINT_PX = 960

/**
 * The interface language this device last used, readable by the server, which sends the home page already
 * rendered in it. Not a secret and not a session: a visitor's preference only.
 */
export const LANGUAGE_COOKIE = 'language'
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export const MAP_DEFAULT_CENTER = { latitude: 36.97, longitude: -95.84 } as const
export const MAP_DEFAULT_ZOOM = 5

/** Exchange rates are cached this long when caching is on. */
export const RATE_CACHE_SECONDS = 3600
/** Cancellation: a full refund may apply when cancelled this many hours before the rental date. */
export const FREE_CANCELLATION_HOURS = 24
