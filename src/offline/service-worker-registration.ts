// The service worker's registration and update flow, through workbox-window's Workbox. Its own chunk, loaded
// by service-worker.ts once the page has loaded: nothing here is needed for the first paint.
import { onlineManager } from '@tanstack/react-query'
import { Workbox } from 'workbox-window'

export interface ServiceWorkerNotices {
  /** A new version is installed and waits; `accept` hands over to it and reloads once it has taken over. */
  updateWaiting: (accept: () => void) => void
  /** The first install finished: the app now opens without a network. */
  offlineReady: () => void
}

export async function registerWithWorkbox(notices: ServiceWorkerNotices): Promise<void> {
  // A classic script (vite.config.ts builds it as one), for the whole app.
  const workbox = new Workbox('/sw.js', { scope: '/' })

  // Whether a worker is an update is read from the page, not from the event's `isUpdate`: that one says
  // whether a worker controlled the page when it registered, and is left out for an update found long
  // after registering (workbox-window calls those external), which is how a tab left open for days finds
  // one. A page with a controller runs a version: whatever installs next is a new one.
  const controlled = () => navigator.serviceWorker.controller !== null

  workbox.addEventListener('installed', () => {
    if (!controlled()) notices.offlineReady()
  })

  let accepted = false
  let reloading = false
  // Also when the new version was already waiting as the page opened (another tab, or a reload).
  workbox.addEventListener('waiting', () => {
    if (!controlled()) return
    notices.updateWaiting(() => {
      accepted = true
      // { type: 'SKIP_WAITING' } to the waiting worker (sw/sw.ts).
      workbox.messageSkipWaiting()
    })
  })
  // Only the version the user accepted reloads the page, once: the first install also takes control of the
  // page (clientsClaim in sw/sw.ts), with nothing to reload for.
  workbox.addEventListener('controlling', () => {
    if (!accepted || reloading) return
    reloading = true
    window.location.reload()
  })

  const registration = await workbox.register()
  if (!registration) return

  // A tab left open for days still learns of a new version when it comes back into view.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !onlineManager.isOnline() || registration.installing) return
    workbox.update().catch(() => {
      // Offline or the server is restarting: the next visibility change tries again.
    })
  })
}
