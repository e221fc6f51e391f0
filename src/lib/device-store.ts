// What this device keeps, all of it, and the one way the app reads and writes its web storage.
//
// In localStorage and sessionStorage (`DEVICE_ENTRIES`, `queueMirror`), read and written only here:
//   user                              the signed-in user, as the server last answered (docs/product.md §7)
//   stay-connected                    whether the sign-in asked to stay connected
//   language                          the interface language the visitor chose (`?l=` or the header's switch)
//   currency                          the display currency the visitor chose
//   saved-places                      a visitor's saved places (docs/product.md §15)
//   after-activation                  where a visitor who signed up was going, for their activation link
//   haven-outbox:{userId}             the outbox: the user's changes not yet answered by the server
//   haven-query-cache:{userId}:queue  an older build's offline queue, moved into the outbox once
//   sessionStorage haven.checkout-return  the checkout a Stripe payment left from
// Elsewhere, kept where they are written (`KEPT_ELSEWHERE`): the persisted query cache in IndexedDB, the
// service worker's caches and their expiration records, the push subscription, the `language` cookie.
//
// Each entry is declared once: its key, its shape and that shape's version, its default, how older shapes read
// into today's, and whether sign-out forgets it. A read goes through the shape: a value of an older shape is
// upgraded (and written back), anything else is removed and reads as the default, never a crash and never a
// value of the wrong type. A write goes through the shape too.
//
// A shape is written by example (`Shape`), not with zod/mini: this module is in every page's first load, where
// zod/mini weighed 6.5 KB gzip, and these shapes about 0.35 KB. The compiler holds each shape to its type, and
// device-store.test.ts holds each to a zod/mini schema of it, value by value.
//
// The stored formats are the ones every build wrote: a string as it is (the SPEC's keys: `language` is `fr`,
// not `"fr"`), anything else as JSON, with no version marker in the value. A tab still running the previous
// build during an update reads the same keys, and a marker would make them unreadable to it. So a version is
// told by its shape: a new version whose shape cannot be told from the last one's carries its own marker.
import type { PublicUser } from '@/contract/accounts'
import type { PropertySummary } from '@/contract/catalog'
import type { Favourite } from '@/contract/favourites'
import { BASE_CURRENCY } from '@/domain/constants'
import {
  CURRENCIES,
  type Currency,
  isLanguage,
  type Language,
  LANGUAGES,
  PROPERTY_TYPES,
  RENTAL_TERMS,
  USER_TYPES,
} from '@/domain/enums'

// ---- Shapes

/** A check of its own, for what an example cannot say (a field that may be missing, or null). */
type Check = (value: unknown) => boolean

/**
 * What a value of type `T` looks like: an example of its type (`''` a string, `0` a finite number, `false` a
 * boolean), the list of the values allowed, an object of the shapes of its fields (other fields pass as they
 * are), or a check.
 */
export type Shape<T> = unknown extends T
  ? unknown
  : | Check
    | ([T] extends [string]
        ? string extends T
          ? string
          : readonly T[]
        : [T] extends [number]
          ? number
          : [T] extends [boolean]
            ? boolean
            : [T] extends [readonly unknown[]]
              ? never
              : [T] extends [object]
                ? { readonly [K in keyof T]-?: Shape<T[K]> }
                : never)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether `value` is of `shape`. */
export function fits(value: unknown, shape: unknown): boolean {
  if (typeof shape === 'function') return (shape as Check)(value)
  if (Array.isArray(shape)) return shape.includes(value)
  if (isRecord(shape))
    return isRecord(value) && Object.keys(shape).every((name) => fits(value[name], shape[name]))
  // JSON holds no NaN nor infinity, but a value about to be written may.
  return typeof shape === 'number' ? Number.isFinite(value) : typeof value === typeof shape
}

const optional =
  (shape: unknown): Check =>
  (value) =>
    value === undefined || fits(value, shape)
const nullable =
  (shape: unknown): Check =>
  (value) =>
    value === null || fits(value, shape)
const listOf =
  (shape: unknown): Check =>
  (value) =>
    Array.isArray(value) && value.every((item) => fits(item, shape))

/**
 * The stored user: what every account call answers with (`publicUserSchema`, src/contract/accounts.ts); the
 * fields after `blacklisted` are missing from a user an older build stored.
 */
export type StoredUser = Pick<
  PublicUser,
  '_id' | 'email' | 'fullName' | 'language' | 'enableEmailNotifications' | 'blacklisted'
> &
  Partial<
    Omit<PublicUser, '_id' | 'email' | 'fullName' | 'language' | 'enableEmailNotifications' | 'blacklisted'>
  >

/** Version 1, the first builds': a user whose language may be missing or unknown, and its two flags missing. */
const firstBuildsUser = {
  _id: (value: unknown) => typeof value === 'string' && value !== '',
  email: '',
  fullName: '',
} satisfies Shape<Pick<StoredUser, '_id' | 'email' | 'fullName'>>

/** A user of any version, as stored or as an account call answers with it: the fields every version has. */
export const hasUserIdentity = (value: unknown): value is Pick<StoredUser, '_id' | 'email' | 'fullName'> =>
  fits(value, firstBuildsUser)

const optionalText = optional(nullable(''))
const storedUser: Shape<StoredUser> = {
  ...firstBuildsUser,
  language: LANGUAGES,
  enableEmailNotifications: false,
  blacklisted: false,
  phone: optionalText,
  birthDate: optionalText,
  bio: optionalText,
  avatar: optionalText,
  type: optional(USER_TYPES),
  hasPassword: optional(false),
  activated: optional(false),
}

/** A user of version 1, or one the server answered with: the defaults the first builds read it with. */
export function withUserDefaults<U extends object>(
  user: U,
): Omit<U, 'language' | 'blacklisted' | 'enableEmailNotifications'> & {
  language: Language
  blacklisted: boolean
  enableEmailNotifications: boolean
} {
  const { language, blacklisted, enableEmailNotifications } = user as Record<string, unknown>
  return {
    ...user,
    language: isLanguage(language) ? language : 'en',
    blacklisted: blacklisted === true,
    enableEmailNotifications: enableEmailNotifications !== false,
  }
}

const orNull = nullable(0)
const savedPlace: Shape<Favourite> = {
  property: {
    _id: '',
    name: '',
    type: PROPERTY_TYPES,
    rentalTerm: RENTAL_TERMS,
    price: 0,
    bedrooms: 0,
    bathrooms: 0,
    size: orNull,
    available: false,
    soldOut: false,
    image: '',
    agency: { _id: '', name: '', image: '' },
    location: { _id: '', name: '' },
    latitude: orNull,
    longitude: orNull,
  } satisfies Shape<PropertySummary>,
  savedAt: '',
}

export interface AfterActivation {
  email: string
  path: string
}

/**
 * A queued write as TanStack dehydrates it, in an older build's queue: its key and its state are checked here;
 * the rest is read by src/offline/saved-queue.ts.
 */
export interface QueuedWrite {
  mutationKey?: readonly unknown[]
  state: { submittedAt?: number }
}

/**
 * A change the user made, waiting in the outbox (src/offline/outbox.ts) until the server answers it: which
 * command, the operation id the server knows it by, when it was made, and what it carries (checked against
 * its command's own shape before it is sent).
 */
export interface StoredCommand {
  type: string
  operationId: string
  madeAt: number
  payload: Record<string, unknown>
}

// ---- The entries

/** An older shape of an entry's value, and how it reads as today's (which the result is then checked against). */
interface OlderShape {
  readonly version: number
  readonly shape: unknown
  readonly upgrade: (old: never) => unknown
}

/** Where an entry is kept, and whether sign-out forgets it. */
export interface DeviceKey {
  /** Never changed for a key a device may already hold, unless its value is moved over. */
  readonly key: string
  /** In sessionStorage (this tab, until it closes); in localStorage otherwise. */
  readonly session?: true
  /** Sign-out forgets what is the person's (`true`); it keeps the device's preferences and a visitor's own. */
  readonly forget?: true
}

export interface DeviceEntry<T, D = T> extends DeviceKey {
  /** The version of `shape`; `older` holds the versions before it, newest first. */
  readonly version: number
  readonly shape: Shape<T>
  /** What a read gives when nothing (readable) is stored. */
  readonly fallback: D
  readonly older?: readonly OlderShape[]
}

/** Each entry's type: what a read gives (the stored value's type, or its default's). */
interface DeviceEntries {
  user: DeviceEntry<StoredUser, null>
  stayConnected: DeviceEntry<boolean>
  language: DeviceEntry<Language, null>
  currency: DeviceEntry<Currency>
  savedPlaces: DeviceEntry<Favourite[], readonly Favourite[]>
  afterActivation: DeviceEntry<AfterActivation, null>
  checkoutReturn: DeviceEntry<string, null>
}

export const DEVICE_ENTRIES: DeviceEntries = {
  user: {
    key: 'user',
    version: 2,
    shape: storedUser,
    fallback: null,
    older: [{ version: 1, shape: firstBuildsUser, upgrade: withUserDefaults }],
    forget: true,
  },
  stayConnected: {
    key: 'stay-connected',
    version: 1,
    shape: false,
    fallback: false,
    forget: true,
  },
  language: {
    key: 'language',
    version: 1,
    shape: LANGUAGES,
    fallback: null,
  },
  currency: {
    key: 'currency',
    version: 1,
    shape: CURRENCIES,
    fallback: BASE_CURRENCY,
  },
  /** A visitor's, not the user's: kept at sign-out, as before they signed in. */
  savedPlaces: {
    key: 'saved-places',
    version: 2,
    shape: listOf(savedPlace),
    fallback: [],
    older: [
      {
        // Version 1 checked a saved place for its id and date only, so a list may hold one a card cannot show
        // (a place saved by another build, a hand-edited entry): the places that read are kept, and none is no
        // list.
        version: 1,
        shape: Array.isArray,
        upgrade: (places: unknown[]) => {
          const readable = places.filter((place) => fits(place, savedPlace))
          return readable.length > 0 ? readable : undefined
        },
      },
    ],
  },
  afterActivation: {
    key: 'after-activation',
    version: 1,
    shape: { email: '', path: '' },
    fallback: null,
  },
  checkoutReturn: {
    key: 'haven.checkout-return',
    session: true,
    version: 1,
    shape: (value) => typeof value === 'string' && value.startsWith('/checkout?'),
    fallback: null,
    forget: true,
  },
}

/** The persisted query cache's IndexedDB key of a user (src/offline/persister.ts), `anonymous` for a visitor. */
export const PERSIST_KEY_PREFIX = 'haven-query-cache:'
export const ANONYMOUS_USER = 'anonymous'

export function persistKey(userId: string | null | undefined): string {
  return PERSIST_KEY_PREFIX + (userId || ANONYMOUS_USER)
}

/**
 * The synchronous copy of the offline queue the builds before the outbox wrote for a user: read once, and its
 * changes moved into the outbox (src/offline/saved-queue.ts); no build writes it any more.
 */
export function queueMirror(userId: string | null | undefined): DeviceEntry<QueuedWrite[], undefined> {
  return {
    key: `${persistKey(userId)}:queue`,
    version: 1,
    shape: listOf({ mutationKey: optional(Array.isArray), state: { submittedAt: optional(0) } }),
    fallback: undefined,
    forget: true,
  }
}

const isPayload: Check = (value) => isRecord(value)

/** One empty outbox for every user: a read of no commands is the same value each time (a React store's). */
const NO_COMMANDS: readonly StoredCommand[] = Object.freeze([])

/**
 * The outbox of a user (src/offline/outbox.ts), oldest first: in localStorage, written before the next line
 * runs, so that a change made right before the page goes is on the device.
 */
export function outboxEntry(userId: string): DeviceEntry<StoredCommand[], readonly StoredCommand[]> {
  return {
    key: `haven-outbox:${userId}`,
    version: 1,
    shape: listOf({
      type: (value: unknown) => typeof value === 'string' && value !== '',
      operationId: (value: unknown) => typeof value === 'string' && value !== '',
      madeAt: 0,
      payload: isPayload,
    } satisfies Shape<StoredCommand>),
    fallback: NO_COMMANDS,
    forget: true,
  }
}

/**
 * What the device keeps outside web storage. Each stays with the code that writes it; sign-out
 * (src/offline/user-data.ts) forgets every one marked `forget` and cannot leave one out.
 */
export const KEPT_ELSEWHERE = {
  queryCache: {
    where:
      "IndexedDB `keyval-store`: the query cache (with an older build's offline queue), one entry per user (`persistKey`)",
    atSignOut: 'forget',
  },
  personalRuntimeCaches: {
    where:
      "Cache Storage `haven-avatars`, `haven-property`, and of `haven-images` what the person's screens alone show, with their expiration records (IndexedDB `workbox-expiration`)",
    atSignOut: 'forget',
  },
  pushSubscription: { where: "the browser's push subscription for this device", atSignOut: 'forget' },
  sharedRuntimeCaches: {
    where:
      'Cache Storage: the precache, `haven-reference`, `haven-basemap`, the images of what stays in `haven-images`',
    atSignOut: 'keep',
  },
  languageCookie: {
    where:
      'the `language` cookie, for the server and the worker (written by src/i18n/activate.ts, below this layer)',
    atSignOut: 'keep',
  },
} as const satisfies Record<string, { where: string; atSignOut: 'forget' | 'keep' }>

type Elsewhere = typeof KEPT_ELSEWHERE
export type ForgottenElsewhere = {
  [K in keyof Elsewhere]: Elsewhere[K]['atSignOut'] extends 'forget' ? K : never
}[keyof Elsewhere]

// ---- Reading and writing

function storageOf(entry: DeviceKey): Storage | undefined {
  try {
    return entry.session ? window.sessionStorage : window.localStorage
  } catch {
    // Storage disabled (privacy modes, sandboxed iframes): the device keeps nothing, and reads the defaults.
    return undefined
  }
}

/**
 * Tells this tab's readers of `key` that it changed: a `storage` event, as the browser sends other tabs'
 * readers, so that one listener hears both (the browser never sends a tab its own writes).
 */
function announce(key: string): void {
  window.dispatchEvent(new StorageEvent('storage', { key }))
}

/** The last value read of each key, by its stored text: a read is the same object until the text changes. */
const lastRead = new Map<string, [raw: string, value: unknown]>()

const encode = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))

/** The stored text as a value of today's shape, as it is or upgraded from an older one; undefined when neither. */
function decode<T>(entry: DeviceEntry<T, unknown>, raw: string): T | undefined {
  let stored: unknown = raw
  try {
    stored = JSON.parse(raw)
  } catch {
    // Text that is no JSON: a string entry's, as it is.
  }
  if (fits(stored, entry.shape)) return stored as T
  if (fits(raw, entry.shape)) return raw as T
  const upgraded = entry.older?.find((older) => fits(stored, older.shape))?.upgrade(stored as never)
  return upgraded !== undefined && fits(upgraded, entry.shape) ? (upgraded as T) : undefined
}

/** The entry's value: today's shape, an older one upgraded, or the default (an unreadable value is removed). */
export function readDevice<T, D>(entry: DeviceEntry<T, D>): T | D {
  const storage = storageOf(entry)
  const raw = storage?.getItem(entry.key)
  if (!storage || raw == null) return entry.fallback
  const last = lastRead.get(entry.key)
  if (last?.[0] === raw) return last[1] as T
  const value = decode(entry, raw)
  const kept = value === undefined ? null : encode(value)
  try {
    // What does not read goes; an older shape is written back as today's.
    if (kept === null) storage.removeItem(entry.key)
    else if (kept !== raw) storage.setItem(entry.key, kept)
  } catch {
    // Storage full: the next read does it again.
  }
  if (kept === null) return entry.fallback
  lastRead.set(entry.key, [kept, value])
  return value as T
}

/** Stores `value` if it is of the entry's shape; false when it is not, or storage refused it. */
export function writeDevice<T>(entry: DeviceEntry<T, unknown>, value: T): boolean {
  const storage = storageOf(entry)
  if (!storage || !fits(value, entry.shape)) return false
  try {
    storage.setItem(entry.key, encode(value))
  } catch {
    // Storage full: what was stored before stays.
    return false
  }
  announce(entry.key)
  return true
}

export function removeDevice(entry: DeviceKey): void {
  try {
    storageOf(entry)?.removeItem(entry.key)
  } catch {
    // Storage disabled: nothing was kept.
  }
  announce(entry.key)
}

/** Calls `onChange` when the entry is written or removed, in this tab or another. */
export function subscribeDevice(entry: DeviceKey, onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key: another tab cleared the storage.
    if (event.key === null || event.key === entry.key) onChange()
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}

/**
 * Sign-out's part in web storage (docs/product.md §7: session storage and the local user): every entry
 * marked `forget`, the leaving user's queue copy, and all of session storage, the keys of other code (a
 * payment provider's) included.
 */
export function forgetAtSignOut(userId: string | null): void {
  const entries: DeviceKey[] = [...Object.values(DEVICE_ENTRIES)]
  if (userId) entries.push(queueMirror(userId), outboxEntry(userId))
  for (const entry of entries) if (entry.forget && !entry.session) removeDevice(entry)
  try {
    window.sessionStorage.clear()
  } catch {
    // Storage disabled: there was nothing kept.
  }
}
