// The service worker's registration and its two moments worth telling the user about: the app is ready to
// work offline (first install), and a new version is waiting (an update, applied only when the user says
// so, so that a half-filled form is never lost to a reload). A few lines over the browser's own API rather
// than a library: this runs on every first visit.
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

export interface ServiceWorkerState {
  /** A new version is installed and waits for the user's go-ahead. */
  needRefresh: boolean
  /** The first install finished: the app now opens without a network. */
  offlineReady: boolean
}

const IDLE: ServiceWorkerState = { needRefresh: false, offlineReady: false }

let state = IDLE
let waiting: ServiceWorker | null = null
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
  if (!waiting) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  waiting.postMessage({ type: 'SKIP_WAITING' })
}

function watch(registration: ServiceWorkerRegistration): void {
  const installed = (worker: ServiceWorker) => {
    // With a controller this is an update; without one, the first install.
    if (navigator.serviceWorker.controller) {
      waiting = worker
      setState({ needRefresh: true })
    } else {
      setState({ offlineReady: true })
    }
  }
  if (registration.waiting && navigator.serviceWorker.controller) installed(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') installed(worker)
    })
  })
  // A tab left open for days still learns of a new version when it comes back into view.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !onlineManager.isOnline() || registration.installing) return
    registration.update().catch(() => {
      // Offline or the server is restarting: the next visibility change tries again.
    })
  })
}

/** Registers `/sw.js` once the page has loaded, so that its precaching never competes with the page. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watch, (error: unknown) => {
      console.warn('Service worker registration failed', error)
    })
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}
