// The query cache on disk: IndexedDB through idb-keyval, one entry per user, only allowlisted key roots
// (docs/architecture.md, Offline design).
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query'
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'

import { outboxEntry, persistKey, queueMirror, readDevice, removeDevice } from '@/lib/device-store'
import { PERSIST_MAX_AGE_MS } from '@/lib/query-client'
import { CATALOG_PROPERTIES_KEY, CATALOG_SEARCHES_KEY, KEY_ROOTS, type KeyRoot } from '@/lib/query-keys'

export { ANONYMOUS_USER, PERSIST_KEY_PREFIX, persistKey } from '@/lib/device-store'

/**
 * Roots of the query keys kept on the device (src/lib/query-keys.ts): the catalog (agencies, countries,
 * search pages, properties, exchange rates, map style) and the user's own data (account, bookings,
 * notifications, saved places). Anything else (held nights, prices being chosen, the auth configuration, a
 * link's token) is fetched again: it is cheap, changes by the minute, or is meaningless offline.
 */
export const PERSISTED_KEY_ROOTS = [
  KEY_ROOTS.catalog,
  KEY_ROOTS.user,
  KEY_ROOTS.bookings,
  KEY_ROOTS.booking,
  KEY_ROOTS.notifications,
  KEY_ROOTS.favourites,
] as const satisfies readonly KeyRoot[]
export type PersistedKeyRoot = (typeof PERSISTED_KEY_ROOTS)[number]

/** The roots that hold one user's data: dropped from memory and disk at sign-out. */
export const PERSONAL_KEY_ROOTS = [
  KEY_ROOTS.user,
  KEY_ROOTS.bookings,
  KEY_ROOTS.booking,
  KEY_ROOTS.notifications,
  KEY_ROOTS.favourites,
] as const satisfies readonly PersistedKeyRoot[]

export function isPersonalQueryKey(queryKey: readonly unknown[]): boolean {
  const [root] = queryKey
  return typeof root === 'string' && (PERSONAL_KEY_ROOTS as readonly string[]).includes(root)
}

/**
 * Catalog queries that trace the person: the properties they opened and the searches they made. The catalog is
 * public, but what one looked at is theirs: dropped at sign-out with their own data, so that the next person
 * on the device (and the visitor's store, which takes over the cache) sees none of it.
 */
const BROWSING_KEY_PREFIXES = [
  CATALOG_PROPERTIES_KEY,
  CATALOG_SEARCHES_KEY,
  [KEY_ROOTS.availability],
] as const

export function isBrowsingTrace(queryKey: readonly unknown[]): boolean {
  return BROWSING_KEY_PREFIXES.some((prefix) => prefix.every((part, index) => queryKey[index] === part))
}

export function isPersistedQueryKey(queryKey: readonly unknown[]): boolean {
  const [root] = queryKey
  return typeof root === 'string' && (PERSISTED_KEY_ROOTS as readonly string[]).includes(root)
}

/** Only successful queries under an allowlisted root. */
export function shouldPersistQuery(query: Query): boolean {
  return defaultShouldDehydrateQuery(query) && isPersistedQueryKey(query.queryKey)
}

/**
 * Stores of signed-out users: a write the old store had already scheduled (writes are batched) must not
 * bring the removed cache back after sign-out. A new persister for the user (they sign in again) reopens it.
 */
const closedKeys = new Set<string>()

const storage = {
  getItem: (key: string) => get<string>(key).then((value) => value ?? null),
  setItem: (key: string, value: string) => (closedKeys.has(key) ? Promise.resolve() : set(key, value)),
  removeItem: (key: string) => del(key),
}

/**
 * The newest state handed to the persister. Writes are batched, one per second; a page left (or an app
 * closed) within that second would lose what it loaded last, the screen the user was reading. So the newest
 * state is written again at once when the page is hidden or left (a write of what may already be there).
 * New data does not wait for either (createPersister).
 */
let unsaved: { key: string; client: PersistedClient } | null = null

function saveUnsaved(): void {
  if (!unsaved) return
  const { key, client } = unsaved
  unsaved = null
  void storage.setItem(key, JSON.stringify(client)).catch(() => undefined)
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', saveUnsaved)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveUnsaved()
  })
}

/** A new build may change a response shape: it starts from an empty cache rather than misread an old one. */
const BUSTER = __BUILD_ID__

/** What the screens could show from a stored client: each query and the time of its data. */
function dataSignature(client: PersistedClient): string {
  return client.clientState.queries
    .map((query) => `${query.queryHash}@${query.state.dataUpdatedAt}`)
    .join('|')
}

export function createPersister(userId: string | null | undefined): Persister {
  const key = persistKey(userId)
  closedKeys.delete(key)
  const throttled = createAsyncStoragePersister({
    storage,
    key,
    // Writes are batched: a burst of cache updates costs one IndexedDB write.
    throttleTime: 1000,
  })
  // The data as last written. New data is written at once too (the answers of one task together): a screen
  // glanced at and left (a reload, a link, the phone locked) must be on the device when the page goes, and
  // the batched write would come a second later. Only a change of state alone (a fetch starting) waits.
  let data: string | undefined
  let newest: PersistedClient | null = null
  const write = (client: PersistedClient) => {
    void storage.setItem(key, JSON.stringify(client)).catch(() => undefined)
  }
  return {
    ...throttled,
    restoreClient: async () => {
      const stored = await throttled.restoreClient()
      if (!userId) return stored
      // A queue an older build saved goes to the outbox, and not again after a reload (its code is loaded
      // only for such a queue).
      const saved =
        (stored?.clientState.mutations.length ?? 0) > 0 || readDevice(queueMirror(userId)) !== undefined
      if (!saved) return stored
      const { moveSavedQueue } = await import('@/offline/saved-queue')
      const client = moveSavedQueue(userId, stored)
      if (client !== stored && client)
        await storage.setItem(key, JSON.stringify(client)).catch(() => undefined)
      return client
    },
    persistClient: (client) => {
      const signature = dataSignature(client)
      unsaved = { key, client }
      if (signature !== data) {
        data = signature
        if (!newest) {
          queueMicrotask(() => {
            if (newest) write(newest)
            newest = null
          })
        }
        newest = client
      }
      return throttled.persistClient(client)
    },
  }
}

export function persistOptions(
  userId: string | null | undefined,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createPersister(userId),
    // Not older than the in-memory gcTime, or restored entries would be collected at once.
    maxAge: PERSIST_MAX_AGE_MS,
    buster: BUSTER,
    dehydrateOptions: {
      // A visitor's store never holds anybody's own data, whatever the cache still has of a user who left
      // (a read they started that answered after sign-out).
      shouldDehydrateQuery: userId
        ? shouldPersistQuery
        : (query) => shouldPersistQuery(query) && !isPersonalQueryKey(query.queryKey),
      // The user's changes wait in the outbox (src/offline/outbox.ts), not in the cache.
      shouldDehydrateMutation: () => false,
    },
  }
}

/**
 * Removes a user's persisted cache and closes it to late writes (sign-out: the next person on the device
 * must see nothing of the last).
 */
export function removePersistedCache(userId: string | null | undefined): Promise<void> {
  const key = persistKey(userId)
  closedKeys.add(key)
  removeDevice(queueMirror(userId))
  if (userId) removeDevice(outboxEntry(userId))
  return del(key)
}
