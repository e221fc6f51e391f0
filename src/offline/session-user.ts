// Which user's data the device holds: the persisted cache and the queue are keyed by it. The auth feature
// calls `announceSessionUser` after sign-in and sign-out; other tabs learn of it through `storage`.
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import { STORAGE_KEYS } from '@/domain/constants'

import {
  clearPersonalRuntimeCaches,
  isPersonalQueryKey,
  readStoredUserId,
  removePersistedCache,
} from './persister'

const CHANGE_EVENT = 'haven:session-user'

export function announceSessionUser(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

export function subscribeSessionUser(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.user) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

export function useSessionUserId(): string | null {
  return useSyncExternalStore(subscribeSessionUser, readStoredUserId, () => null)
}

async function unsubscribePush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager?.getSubscription()
  await subscription?.unsubscribe()
}

/**
 * Forgets the signed-in user on this device (docs/product.md §7; docs/architecture.md, Sign-out purge):
 * session storage, the stored user, their queries in memory and on disk, their queued writes, personal files
 * in the service worker's caches and the push subscription. The next person on the device sees nothing of the
 * last.
 */
export async function endLocalSession(queryClient: QueryClient): Promise<void> {
  const userId = readStoredUserId()
  // Queued writes belong to this user: they must not be replayed as, or persisted for, the next one.
  queryClient.getMutationCache().clear()
  queryClient.removeQueries({ predicate: (query) => isPersonalQueryKey(query.queryKey) })
  try {
    window.sessionStorage.clear()
    window.localStorage.removeItem(STORAGE_KEYS.user)
    window.localStorage.removeItem(STORAGE_KEYS.stayConnected)
  } catch {
    // Storage disabled: there was nothing stored.
  }
  // The persisted-cache provider remounts onto the visitor's store.
  announceSessionUser()
  await Promise.allSettled([
    userId ? removePersistedCache(userId) : Promise.resolve(),
    clearPersonalRuntimeCaches(),
    unsubscribePush(),
  ])
}
