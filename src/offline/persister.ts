// The query cache on disk: IndexedDB through idb-keyval, one entry per user, only allowlisted key roots
// (docs/architecture.md, Offline design).
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { defaultShouldDehydrateQuery, type Mutation, type Query } from '@tanstack/react-query'
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'

import { QUEUED_CHANGE_MAX_AGE_MS } from '@/domain/constants'
import { persistKey, queueMirror, readDevice, removeDevice, writeDevice } from '@/lib/device-store'
import { PERSIST_MAX_AGE_MS } from '@/lib/query-client'
import { CATALOG_PROPERTIES_KEY, CATALOG_SEARCHES_KEY, KEY_ROOTS, type KeyRoot } from '@/lib/query-keys'
import { isReplayable } from '@/offline/mutations'

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

/**
 * The offline queue: paused writes, and a write still on its way (the page may close before its answer comes,
 * and TanStack keeps only paused ones by default). Sending one of those again is safe: it carries its
 * operation id (src/offline/mutations.ts). Only the queue's own writes: any other has no function after a
 * reload, and would wait forever in "N changes waiting".
 */
export function shouldPersistMutation(mutation: Pick<Mutation, 'state' | 'options'>): boolean {
  return mutation.state.status === 'pending' && isReplayable(mutation)
}

const storage = {
  getItem: (key: string) => get<string>(key).then((value) => value ?? null),
  setItem: (key: string, value: string) => (closedKeys.has(key) ? Promise.resolve() : set(key, value)),
  removeItem: (key: string) => del(key),
}

/**
 * The newest state handed to the persister. Writes are batched, one per second; a page left (or an app
 * closed) within that second would lose what it loaded last, the screen the user was reading. So the newest
 * state is written again at once when the page is hidden or left (a write of what may already be there).
 * Changes to the offline queue do not wait for either (createPersister).
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

/**
 * What is restored of a stored client. A cache of another build or older than `PERSIST_MAX_AGE_MS` loses its
 * queries (TanStack drops the whole client), but not its queue: changes the user made on this device wait
 * until the server has them, whatever version of the app starts next. An update applied with changes still
 * waiting, or a browser reopened after a new version was downloaded, sends them as the old version would
 * have; each carries its operation id, so one the server already had changes nothing. A change older than
 * `QUEUED_CHANGE_MAX_AGE_MS` is forgotten: the server may have forgotten its operation id by then.
 */
export function clientToRestore(
  stored: PersistedClient | undefined,
  now = Date.now(),
): PersistedClient | undefined {
  if (!stored) return stored
  const { mutations } = stored.clientState
  // A change of unknown age (no submittedAt) is kept: only one known to be too old is dropped.
  const queue = mutations.filter(
    ({ state }) => !(state.submittedAt > 0) || now - state.submittedAt <= QUEUED_CHANGE_MAX_AGE_MS,
  )
  const fresh =
    stored.buster === BUSTER && stored.timestamp > 0 && now - stored.timestamp <= PERSIST_MAX_AGE_MS
  if (fresh) {
    return queue.length === mutations.length
      ? stored
      : { ...stored, clientState: { ...stored.clientState, mutations: queue } }
  }
  if (queue.length === 0) return stored
  return { buster: BUSTER, timestamp: now, clientState: { queries: [], mutations: queue } }
}

/**
 * The offline queue's synchronous copy, in localStorage beside the cache's IndexedDB entry (`queueMirror`,
 * src/lib/device-store.ts). An IndexedDB write is asynchronous, and a page left (a reload, a link, the app
 * closed) right after the user acted may end before it commits: the change was lost on the device, though its
 * request may already have reached the server. localStorage writes before the next line runs. It is always at
 * least as new as the queue in IndexedDB (written first, on every change), so a restore takes the queue from
 * it; a copy of no known shape is removed, and the IndexedDB one is restored.
 */
function mirrorQueue(userId: string | null | undefined, mutations: PersistedMutations): void {
  // Storage full or disabled: the IndexedDB copy is still written.
  if (!closedKeys.has(persistKey(userId))) writeDevice(queueMirror(userId), mutations)
}

type PersistedMutations = PersistedClient['clientState']['mutations']

function readQueueMirror(userId: string | null | undefined): PersistedMutations | undefined {
  // TanStack's own type for what its shape was checked against (`queuedWriteSchema`).
  return readDevice(queueMirror(userId)) as PersistedMutations | undefined
}

/**
 * The keys of the changes this user's device still has queued, read from the queue's synchronous copy: what
 * a check that may answer before the queue is restored into the client (the first moments of a page load)
 * must not undo.
 */
export function queuedMutationKeys(userId: string): readonly unknown[][] {
  return (readDevice(queueMirror(userId)) ?? [])
    .map((mutation) => mutation.mutationKey)
    .filter((key): key is unknown[] => Array.isArray(key))
}

/** The stored client with the queue of the synchronous copy, when there is one. */
function withMirroredQueue(
  userId: string | null | undefined,
  stored: PersistedClient | undefined,
): PersistedClient | undefined {
  const queue = readQueueMirror(userId)
  if (!queue) return stored
  if (!stored) {
    if (queue.length === 0) return undefined
    return { buster: BUSTER, timestamp: 0, clientState: { queries: [], mutations: queue } }
  }
  return { ...stored, clientState: { ...stored.clientState, mutations: queue } }
}

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
  // The queue as last written. A change to it is written at once: a page reloaded or closed right after the
  // user acted must not lose the action, and a write started while the page unloads may be aborted with it.
  // Nothing yet: the first state handed over writes the queue's copies, so that a queue restored from them
  // and since emptied is not restored again.
  let queue: string | undefined
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
    restoreClient: async () => clientToRestore(withMirroredQueue(userId, await throttled.restoreClient())),
    persistClient: (client) => {
      const mutations = JSON.stringify(client.clientState.mutations)
      const signature = dataSignature(client)
      unsaved = { key, client }
      if (mutations !== queue) {
        queue = mutations
        data = signature
        mirrorQueue(userId, client.clientState.mutations)
        write(client)
      } else if (signature !== data) {
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
      shouldDehydrateMutation: shouldPersistMutation,
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
  return del(key)
}
