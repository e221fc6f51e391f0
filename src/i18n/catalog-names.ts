// The catalogs' names and which go together (lingui.config.ts, docs/messages.md): no code of Lingui's, so
// that the end-to-end tests read them too (tests/e2e/budget.spec.ts). The pages the server renders preload
// the same catalogs (server/pages/render.ts, which may not import src/i18n: it names them again).

/**
 * The shell (src/app, lib, offline, i18n), the account texts (src/lib/account-messages.ts), MapLibre's chunk,
 * each folder of src/features, and the catalog's screens with messages of their own (lingui.config.ts).
 */
export const CATALOG_NAMES = [
  'shell',
  'account',
  'map',
  'auth',
  'bookings',
  'catalog',
  'home',
  'search',
  'property',
  'favourites',
  'checkout',
  'info',
  'notifications',
  'settings',
] as const
export type CatalogName = (typeof CATALOG_NAMES)[number]

/**
 * What a screen needs beside its own catalog: the account texts its forms show, the catalog's shared messages
 * (its components, and the pieces of a property the booking screens show too: src/lib/property-labels.ts,
 * stay-dates.tsx, which lingui.config.ts keeps in the catalog's catalog).
 */
const NEEDED_WITH: Partial<Record<CatalogName, CatalogName[]>> = {
  auth: ['account'],
  bookings: ['account', 'catalog'],
  home: ['catalog'],
  search: ['catalog'],
  property: ['catalog'],
  favourites: ['catalog'],
  checkout: ['account'],
  info: ['account'],
  settings: ['account'],
}

/** The catalogs a screen of `name` loads: its own first, then those it needs with it. */
export const catalogsOf = (name: CatalogName): CatalogName[] => [name, ...(NEEDED_WITH[name] ?? [])]

/**
 * How the app says, in the console, that a message is in no catalog loaded (src/i18n/catalogs.ts): the
 * end-to-end tests fail on it (tests/e2e/fixtures.ts).
 */
export const MISSING_MESSAGE = 'Missing message:'
