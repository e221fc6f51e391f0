// The app's view of connectivity, as TanStack Query sees it: for the screens and parts that show something
// else offline. src/offline/online.ts keeps it true to the browser and the server's health probe.
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange)
const readOnline = () => onlineManager.isOnline()
const onlineOnServer = () => true

export function useOnline(): boolean {
  // Stable functions: a new one each render would unsubscribe and subscribe again on every render.
  return useSyncExternalStore(subscribeOnline, readOnline, onlineOnServer)
}

const subscribeDevice = (onChange: () => void) => {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}
const readDevice = () => navigator.onLine

/**
 * The browser's own word: false when the device has no network. Where `useOnline` is false and this is true,
 * the device is online and Haven's server does not answer.
 */
export function useDeviceOnline(): boolean {
  return useSyncExternalStore(subscribeDevice, readDevice, onlineOnServer)
}
