// What sign-out forgets of one user (docs/architecture.md, Sign-out purge): their queries and writes in memory,
// then what src/lib/device-store.ts lists as theirs on the device: in web storage (the stored user, their
// outbox, session storage) and elsewhere (their query cache on disk, with the properties they
// opened and the searches they made, their files in the service worker's caches, their push subscription).
// A session's end (src/entities/session/session-lifecycle.ts) calls this.
import type { QueryClient } from '@tanstack/react-query'

import { forgetAtSignOut, type ForgottenElsewhere } from '@/lib/device-store'

import { isBrowsingTrace, isPersonalQueryKey, removePersistedCache } from './persister'

/** What only a service worker keeps: its code comes with the first sign-out, not with every first load. */
const workerData = () => import('./worker-data')

/**
 * How each thing the device keeps of the person outside web storage is forgotten: one for every entry of
 * `KEPT_ELSEWHERE` marked `forget` (one added there without its way here does not compile).
 */
const forgetElsewhere: Record<
  ForgottenElsewhere,
  (queryClient: QueryClient, userId: string | null) => Promise<unknown>
> = {
  queryCache: (_queryClient, userId) => (userId ? removePersistedCache(userId) : Promise.resolve()),
  personalRuntimeCaches: (queryClient) =>
    workerData().then(({ clearPersonalRuntimeCaches, imagesShown }) =>
      clearPersonalRuntimeCaches(imagesShown(queryClient)),
    ),
  pushSubscription: () => workerData().then(({ unsubscribePush }) => unsubscribePush()),
}

/**
 * Forgets `userId`'s data: what is in memory at once (before the persisted-cache provider moves to the next
 * store), what is in web storage at once too, what is on disk and in caches by the time the promise settles.
 * Shared data (agencies, destinations, the basemap, the images of what stays) stays: it holds nothing about
 * the user and keeps the app usable offline.
 */
export function forgetUserData(queryClient: QueryClient, userId: string | null): Promise<unknown> {
  // Writes on their way belong to this user (their outbox goes with web storage, below).
  queryClient.getMutationCache().clear()
  queryClient.removeQueries({
    predicate: ({ queryKey }) => isPersonalQueryKey(queryKey) || isBrowsingTrace(queryKey),
  })
  // The user's store is closed to late writes (removePersistedCache) before the stored user goes: its removal
  // moves the persisted-cache provider to the visitor's store.
  const elsewhere = Promise.allSettled(
    Object.values(forgetElsewhere).map((forget) => forget(queryClient, userId)),
  )
  forgetAtSignOut(userId)
  return elsewhere
}
