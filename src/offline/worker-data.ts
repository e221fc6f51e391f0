// What only a service worker keeps of a user (docs/architecture.md, Sign-out purge): its caches of their files
// and their push subscription. Sign-out loads this module when it needs it, so that a visitor's first load goes
// without it: where a worker keeps anything, it has precached this module too, and offline it still comes.
import type { QueryClient } from '@tanstack/react-query'

import { IMAGES_CACHE, imagePathsIn, PERSONAL_RUNTIME_CACHES } from './runtime-caches'

export async function unsubscribePush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager?.getSubscription()
  await subscription?.unsubscribe()
}

/**
 * The images that the queries in `queryClient` show: the ones the next person's screens need (the leaving
 * user's queries are gone from it by then, and what came in since is the next person's).
 */
export function imagesShown(queryClient: QueryClient): string[] {
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

/** How long sign-out waits for the service worker to forget the user's caches before doing it itself. */
const WORKER_FORGET_WAIT_MS = 3000

function askWorkerToForget(worker: ServiceWorker, keptImages: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(resolve, WORKER_FORGET_WAIT_MS)
    channel.port1.onmessage = () => {
      clearTimeout(timer)
      resolve()
    }
    worker.postMessage({ type: 'forget-user', keptImages }, [channel.port2])
  })
}

/**
 * Removes what the service worker's runtime caches hold of the person (sign-out): their avatar, the
 * properties they looked at and the images of `haven-images` but `keptImages` (the paths that what stays on
 * the device shows), with the worker's expiration records that name them (sw/sw.ts). Shared caches (the
 * basemap, agencies and destinations) stay: they hold nothing about the user and keep the app usable offline.
 */
export async function clearPersonalRuntimeCaches(keptImages: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined') return
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller
  if (worker) await askWorkerToForget(worker, keptImages)
  // No worker, or one of a version that does not know the message: the caches themselves.
  await Promise.all(PERSONAL_RUNTIME_CACHES.map((cacheName) => caches.delete(cacheName)))
  if (!(await caches.has(IMAGES_CACHE))) return
  const images = await caches.open(IMAGES_CACHE)
  const kept = new Set(keptImages)
  // Without a worker, no one else forgets the images; versions before haven-avatars kept avatars there.
  const forgotten = (path: string) => path.startsWith('/images/avatars/') || (!worker && !kept.has(path))
  const requests = await images.keys()
  await Promise.all(
    requests
      .filter((request) => forgotten(new URL(request.url).pathname))
      .map((request) => images.delete(request)),
  )
}
