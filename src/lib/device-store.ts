// What this device keeps, all of it, and the one way the app reads and writes its web storage.
//
// In localStorage and sessionStorage (`DEVICE_ENTRIES`, `queueMirror`), read and written only here:
//   user                              the signed-in user, as the server last answered (docs/product.md §7)
//   stay-connected                    whether the sign-in asked to stay connected
//   language                          the interface language the visitor chose (`?l=` or the header's switch)
//   currency                          the display currency the visitor chose
//   saved-places                      a visitor's saved places (docs/product.md §15)
//   after-activation                  where a visitor who signed up was going, for their activation link
//   haven-query-cache:{userId}:queue  the offline queue's synchronous copy, beside its IndexedDB entry
//   sessionStorage haven.checkout-return  the checkout a Stripe payment left from
// Elsewhere, kept where they are written (`KEPT_ELSEWHERE`): the persisted query cache in IndexedDB, the
// service worker's caches and their expiration records, the push subscription, the `language` cookie.
//
// Each entry is declared once: its key, its shape (a zod/mini schema) and that shape's version, its default,
// how older shapes read into today's, and whether sign-out forgets it. A read goes through the schema: a
// value of an older shape is upgraded (and written back), anything else is removed and reads as the
// default, never a crash and never a value of the wrong type. A write goes through the schema too.
//
// The stored formats are the ones every build wrote: bare text for the SPEC's keys (`language` is `fr`, not
// `"fr"`), JSON for the rest, with no version marker in the value. A tab still running the previous build
// during an update reads the same keys, and a marker would make them unreadable to it. So a version is
// told by its shape: a new version whose shape cannot be told from the last one's carries its own marker.
import type { PropertySummary } from '@/domain/catalog'
import { BASE_CURRENCY } from '@/domain/constants'
import { CURRENCIES, LANGUAGES, PROPERTY_TYPES, RENTAL_TERMS, USER_TYPES } from '@/domain/enums'
import type { Favourite } from '@/domain/favourites'
import { z } from '@/domain/zod-mini'

type Area = 'local' | 'session'

/** An older shape of an entry's value, and how it reads as today's (which the result is then checked against). */
interface OlderShape {
  readonly version: number
  readonly schema: z.ZodMiniType
  readonly upgrade: (old: never) => unknown
}

export interface DeviceEntry<T, D = T> {
  /** Never changed for a key a device may already hold, unless its value is moved over. */
  readonly key: string
  readonly area: Area
  /** `text`: the bare string, as the SPEC's keys have always been written; `json` for the rest. */
  readonly format: 'text' | 'json'
  /** The version of `schema`'s shape; `older` holds the versions before it, newest first. */
  readonly version: number
  readonly schema: z.ZodMiniType<T>
  /** What a read gives when nothing (readable) is stored. */
  readonly fallback: D
  readonly older?: readonly OlderShape[]
  /** Sign-out forgets what is the person's; it keeps the device's preferences and a visitor's own. */
  readonly atSignOut: 'forget' | 'keep'
}

function olderShape<O>(version: number, schema: z.ZodMiniType<O>, upgrade: (old: O) => unknown): OlderShape {
  return { version, schema, upgrade: upgrade as (old: never) => unknown }
}

// ---- The shapes

/**
 * The stored user: what every account call answers with (`publicUserSchema`, src/domain/auth.ts); the
 * fields after `blacklisted` are missing from a user an older build stored.
 */
const storedUserSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  email: z.string(),
  fullName: z.string(),
  language: z.enum(LANGUAGES),
  enableEmailNotifications: z.boolean(),
  blacklisted: z.boolean(),
  phone: z.optional(z.nullable(z.string())),
  birthDate: z.optional(z.nullable(z.string())),
  bio: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  type: z.optional(z.enum(USER_TYPES)),
  hasPassword: z.optional(z.boolean()),
  activated: z.optional(z.boolean()),
})
export type StoredUser = z.infer<typeof storedUserSchema>

/** Version 1, the first builds': a user whose language may be missing or unknown, and its two flags missing. */
const firstBuildsUserSchema = z.looseObject({
  _id: z.string().check(z.minLength(1)),
  email: z.string(),
  fullName: z.string(),
})

/** A user of version 1, or one the server answered with: the defaults the first builds read it with. */
export function withUserDefaults<U extends object>(
  user: U,
): Omit<U, 'language' | 'blacklisted' | 'enableEmailNotifications'> & {
  language: (typeof LANGUAGES)[number]
  blacklisted: boolean
  enableEmailNotifications: boolean
} {
  const { language, blacklisted, enableEmailNotifications } = user as Record<string, unknown>
  return {
    ...user,
    language: (LANGUAGES as readonly unknown[]).includes(language)
      ? (language as (typeof LANGUAGES)[number])
      : 'en',
    blacklisted: blacklisted === true,
    enableEmailNotifications: enableEmailNotifications !== false,
  }
}

const propertySummarySchema: z.ZodMiniType<PropertySummary> = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(PROPERTY_TYPES),
  rentalTerm: z.enum(RENTAL_TERMS),
  price: z.number(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  size: z.nullable(z.number()),
  available: z.boolean(),
  soldOut: z.boolean(),
  image: z.string(),
  agency: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
  location: z.object({ _id: z.string(), name: z.string() }),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
})
const savedPlaceSchema: z.ZodMiniType<Favourite> = z.object({
  property: propertySummarySchema,
  savedAt: z.string(),
})
/**
 * Version 1 checked a saved place for its id and date only, so a list may hold one a card cannot show (a
 * place saved by another build, a hand-edited entry): the places that read are kept, and none is no list.
 */
function readablePlaces(places: unknown[]): Favourite[] | undefined {
  const readable = places.flatMap((place) => {
    const read = savedPlaceSchema.safeParse(place)
    return read.success ? [read.data] : []
  })
  return readable.length > 0 ? readable : undefined
}

const afterActivationSchema = z.object({ email: z.string(), path: z.string() })

/**
 * A queued write as TanStack dehydrates it: its key and its state are what the app reads before TanStack
 * does (the check on load, a restore's age limit); the rest is TanStack's and passes as it was.
 */
export interface QueuedWrite {
  mutationKey?: readonly unknown[]
  state: { submittedAt?: number }
}
const queuedWriteSchema: z.ZodMiniType<QueuedWrite> = z.looseObject({
  mutationKey: z.optional(z.array(z.unknown())),
  state: z.looseObject({ submittedAt: z.optional(z.number()) }),
})

// ---- The entries

export const DEVICE_ENTRIES = {
  user: {
    key: 'user',
    area: 'local',
    format: 'json',
    version: 2,
    schema: storedUserSchema,
    fallback: null,
    older: [olderShape(1, firstBuildsUserSchema, (old) => withUserDefaults(old))],
    atSignOut: 'forget',
  } satisfies DeviceEntry<StoredUser, null>,
  stayConnected: {
    key: 'stay-connected',
    area: 'local',
    // `true` or `false`: JSON's booleans are the text every build wrote.
    format: 'json',
    version: 1,
    schema: z.boolean(),
    fallback: false,
    atSignOut: 'forget',
  } satisfies DeviceEntry<boolean>,
  language: {
    key: 'language',
    area: 'local',
    format: 'text',
    version: 1,
    schema: z.enum(LANGUAGES),
    fallback: null,
    atSignOut: 'keep',
  } satisfies DeviceEntry<(typeof LANGUAGES)[number], null>,
  currency: {
    key: 'currency',
    area: 'local',
    format: 'text',
    version: 1,
    schema: z.enum(CURRENCIES),
    fallback: BASE_CURRENCY,
    atSignOut: 'keep',
  } satisfies DeviceEntry<(typeof CURRENCIES)[number]>,
  /** A visitor's, not the user's: kept at sign-out, as before they signed in. */
  savedPlaces: {
    key: 'saved-places',
    area: 'local',
    format: 'json',
    version: 2,
    schema: z.array(savedPlaceSchema),
    fallback: [],
    older: [olderShape(1, z.array(z.unknown()), readablePlaces)],
    atSignOut: 'keep',
  } satisfies DeviceEntry<Favourite[], readonly Favourite[]>,
  afterActivation: {
    key: 'after-activation',
    area: 'local',
    format: 'json',
    version: 1,
    schema: afterActivationSchema,
    fallback: null,
    atSignOut: 'keep',
  } satisfies DeviceEntry<z.infer<typeof afterActivationSchema>, null>,
  checkoutReturn: {
    key: 'haven.checkout-return',
    area: 'session',
    format: 'text',
    version: 1,
    schema: z.string().check(z.startsWith('/checkout?')),
    fallback: null,
    atSignOut: 'forget',
  } satisfies DeviceEntry<string, null>,
} as const

/** The persisted query cache's IndexedDB key of a user (src/offline/persister.ts), `anonymous` for a visitor. */
export const PERSIST_KEY_PREFIX = 'haven-query-cache:'
export const ANONYMOUS_USER = 'anonymous'

export function persistKey(userId: string | null | undefined): string {
  return PERSIST_KEY_PREFIX + (userId || ANONYMOUS_USER)
}

/**
 * The offline queue's synchronous copy for a user (src/offline/persister.ts): in localStorage, written before
 * the next line runs, where the IndexedDB entry may not commit before the page goes.
 */
export function queueMirror(userId: string | null | undefined): DeviceEntry<QueuedWrite[], undefined> {
  return {
    key: `${persistKey(userId)}:queue`,
    area: 'local',
    format: 'json',
    version: 1,
    schema: z.array(queuedWriteSchema),
    fallback: undefined,
    atSignOut: 'forget',
  }
}

/**
 * What the device keeps outside web storage. Each stays with the code that writes it; sign-out
 * (src/offline/user-data.ts) forgets every one marked `forget` and cannot leave one out.
 */
export const KEPT_ELSEWHERE = {
  queryCache: {
    where: 'IndexedDB `keyval-store`: the query cache and its queue, one entry per user (`persistKey`)',
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

function storageOf(area: Area): Storage | undefined {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    // Storage disabled (privacy modes, sandboxed iframes): the device keeps nothing, and reads the defaults.
    return undefined
  }
}

const CHANGE_EVENT = 'haven:device-store'

function announce(key: string): void {
  window.dispatchEvent(new CustomEvent<string>(CHANGE_EVENT, { detail: key }))
}

/** The last value read of each key, by its stored text: a read is the same object until the text changes. */
const lastRead = new Map<string, { raw: string; value: unknown }>()

function encode<T>(entry: DeviceEntry<T, unknown>, value: T): string {
  return entry.format === 'text' ? String(value) : JSON.stringify(value)
}

/** The stored value as today's shape, or undefined when it is of no known shape. */
function decode<T>(entry: DeviceEntry<T, unknown>, raw: string): { value: T; upgraded: boolean } | undefined {
  let stored: unknown = raw
  if (entry.format === 'json') {
    try {
      stored = JSON.parse(raw)
    } catch {
      return undefined
    }
  }
  const current = entry.schema.safeParse(stored)
  if (current.success) return { value: current.data, upgraded: false }
  for (const shape of entry.older ?? []) {
    const old = shape.schema.safeParse(stored)
    if (!old.success) continue
    const upgraded = entry.schema.safeParse(shape.upgrade(old.data as never))
    return upgraded.success ? { value: upgraded.data, upgraded: true } : undefined
  }
  return undefined
}

/** The entry's value: today's shape, an older one upgraded, or the default (an unreadable value is removed). */
export function readDevice<T, D>(entry: DeviceEntry<T, D>): T | D {
  const storage = storageOf(entry.area)
  const raw = storage?.getItem(entry.key) ?? null
  if (raw === null) return entry.fallback
  const last = lastRead.get(entry.key)
  if (last?.raw === raw) return last.value as T
  const read = decode(entry, raw)
  if (!read) {
    try {
      storage?.removeItem(entry.key)
    } catch {
      // Nothing to do: the next read drops it again.
    }
    return entry.fallback
  }
  let kept = raw
  if (read.upgraded) {
    try {
      kept = encode(entry, read.value)
      storage?.setItem(entry.key, kept)
    } catch {
      // Storage full: the next read upgrades it again.
    }
  }
  lastRead.set(entry.key, { raw: kept, value: read.value })
  return read.value
}

/** Stores `value` if it is of the entry's shape; false when it is not, or storage refused it. */
export function writeDevice<T>(entry: DeviceEntry<T, unknown>, value: T): boolean {
  const checked = entry.schema.safeParse(value)
  if (!checked.success) return false
  try {
    const storage = storageOf(entry.area)
    if (!storage) return false
    storage.setItem(entry.key, encode(entry, checked.data))
  } catch {
    // Storage full: what was stored before stays.
    return false
  }
  announce(entry.key)
  return true
}

export function removeDevice(entry: DeviceEntry<unknown, unknown>): void {
  try {
    storageOf(entry.area)?.removeItem(entry.key)
  } catch {
    // Storage disabled: nothing was kept.
  }
  announce(entry.key)
}

/** Calls `onChange` when the entry is written or removed, in this tab or another. */
export function subscribeDevice(entry: DeviceEntry<unknown, unknown>, onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === entry.key) onChange()
  }
  const onWrite = (event: Event) => {
    if ((event as CustomEvent<string>).detail === entry.key) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(CHANGE_EVENT, onWrite)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(CHANGE_EVENT, onWrite)
  }
}

/**
 * Sign-out's part in web storage (docs/product.md §7: session storage and the local user): every entry
 * marked `forget`, the leaving user's queue copy, and all of session storage, the keys of other code (a
 * payment provider's) included.
 */
export function forgetAtSignOut(userId: string | null): void {
  const entries: DeviceEntry<unknown, unknown>[] = [...Object.values(DEVICE_ENTRIES)]
  if (userId) entries.push(queueMirror(userId))
  for (const entry of entries) if (entry.atSignOut === 'forget' && entry.area === 'local') removeDevice(entry)
  try {
    window.sessionStorage.clear()
  } catch {
    // Storage disabled: there was nothing kept.
  }
}
