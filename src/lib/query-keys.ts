// The roots of every query key, in one place. A key's first element decides whether the query is kept on the
// device and whether it goes at sign-out (src/offline/persister.ts lists those roots from here); every key
// factory (features/*/api.ts, src/lib) builds its keys on one of them. A resource's queued writes start their
// mutation keys with its root too, so that a screen finds the pending writes of a family by that prefix.
export const KEY_ROOTS = {
  /** Public data: agencies, countries, searches, properties, exchange rates, the map's style. */
  catalog: 'catalog',
  /** A property's held nights: they change by the minute. */
  availability: 'availability',
  /** The signed-in user's record. */
  user: 'user',
  /** The renter's lists of bookings. */
  bookings: 'bookings',
  /** One booking, in each language read. */
  booking: 'booking',
  /** A booking's price over other dates, asked while the renter chooses them. */
  amendmentPrice: 'amendment-price',
  /** The server's price of a stay at checkout. */
  checkout: 'checkout',
  /** The user's notifications and their unread count. */
  notifications: 'notifications',
  /** The account's saved places. */
  favourites: 'favourites',
  /** Which of reCAPTCHA and the social sign-in providers the server turned on. */
  authConfig: 'auth-config',
  /** Whether an e-mailed link's token is still good. */
  checkToken: 'check-token',
  /** The back office: the staff's session and what they read there (never kept on the device). */
  office: 'office',
} as const

export type KeyRoot = (typeof KEY_ROOTS)[keyof typeof KEY_ROOTS]

/** Under `catalog`, the properties one opened: public, but they trace the person, so they go at sign-out. */
export const CATALOG_PROPERTIES_KEY = [KEY_ROOTS.catalog, 'property'] as const

/** Under `catalog`, the searches one made: they trace the person too. */
export const CATALOG_SEARCHES_KEY = [KEY_ROOTS.catalog, 'search'] as const
