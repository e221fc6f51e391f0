// What the device holds of one user besides the stored user itself (docs/architecture.md, Sign-out purge):
// their queries in memory and on disk (with the properties they opened and the searches they made), their
// queued writes, their files in the service worker's caches and their push subscription. A session's end (src/entities/session/session-lifecycle.ts) calls this.
import type { QueryClient } from '@tanstack/react-query'

import {
  clearPersonalRuntimeCaches,
  isBrowsingTrace,
  isPersonalQueryKey,
  removePersistedCache,
} from './persister'
import { imagePathsIn } from './runtime-caches'

async function unsubscribePush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager?.getSubscription()
  await subscription?.unsubscribe()
}

/** The images that the queries still in `queryClient` show: the ones the next person's screens need. */
function imagesShown(queryClient: QueryClient): string[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .flatMap((query) => {
      try {
        return imagePathsIn(JSON.stringify(query.state.data) ?? '')
      } catch {
        // Not JSON (no answer of the server's is): it shows no image.
        return []
      }
    })
}

/**
 * Forgets `userId`'s data: what is in memory at once (before the persisted-cache provider moves to the next
 * store), what is on disk and in caches by the time the promise settles. Shared data (agencies, destinations,
 * the basemap, the images of what stays) stays: it holds nothing about the user and keeps the app usable
 * offline.
 */
export function forgetUserData(queryClient: QueryClient, userId: string | null): Promise<unknown> {
  // Queued writes belong to this user: they must not be replayed as, or persisted for, the next one.
  queryClient.getMutationCache().clear()
  queryClient.removeQueries({
    predicate: ({ queryKey }) => isPersonalQueryKey(queryKey) || isBrowsingTrace(queryKey),
  })
  return Promise.allSettled([
    userId ? removePersistedCache(userId) : Promise.resolve(),
    clearPersonalRuntimeCaches(imagesShown(queryClient)),
    unsubscribePush(),
  ])
}
