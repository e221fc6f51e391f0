// The service worker's two moments worth telling the user about: the app is ready to work offline (first
// install), and a new version is waiting (an update, applied only when the user says so, so that a
// half-filled form is never lost to a reload). This part is in the first load, as the layout reads it; the
// registration itself goes through workbox-window (service-worker-registration.ts), whose code is fetched
// only once the page has loaded.
import { useSyncExternalStore } from 'react'

export interface ServiceWorkerState {
  /** A new version is installed and waits for the user's go-ahead. */
  needRefresh: boolean
  /** The first install finished: the app now opens without a network. */
  offlineReady: boolean
}

const IDLE: ServiceWorkerState = { needRefresh: false, offlineReady: false }

let state = IDLE
let acceptUpdate: (() => void) | null = null
const listeners = new Set<() => void>()

function setState(next: Partial<ServiceWorkerState>): void {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

export function useServiceWorkerState(): ServiceWorkerState {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    () => state,
    () => IDLE,
  )
}

export function dismissServiceWorkerNotice(): void {
  setState(IDLE)
}

/** Hands control to the waiting version, then reloads once it has taken over. */
export function applyUpdate(): void {
  acceptUpdate?.()
}

/**
 * Registers `/sw.js` once the page has loaded, so that neither workbox-window's code nor the worker's
 * precaching competes with the page. Resolves once it is registered, or its registration has failed.
 */
export function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return Promise.resolve()
  const register = () =>
    import('./service-worker-registration')
      .then(({ registerWithWorkbox }) =>
        registerWithWorkbox({
          updateWaiting: (accept) => {
            acceptUpdate = accept
            setState({ needRefresh: true })
          },
          offlineReady: () => setState({ offlineReady: true }),
        }),
      )
      .catch((error: unknown) => {
        console.warn('Service worker registration failed', error)
      })
  if (document.readyState === 'complete') return register()
  return new Promise((resolve) => {
    window.addEventListener('load', () => void register().then(resolve), { once: true })
  })
}
