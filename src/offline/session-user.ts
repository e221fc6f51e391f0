// Which user's data the device holds: the persisted cache and the queue are keyed by it. The auth feature
// calls `announceSessionUser` after sign-in and sign-out; other tabs learn of it through `storage`.
import { useSyncExternalStore } from 'react'

import { STORAGE_KEYS } from '@/domain/constants'

import { readStoredUserId } from './persister'

const CHANGE_EVENT = 'haven:session-user'

export function announceSessionUser(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

function subscribe(onChange: () => void): () => void {
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
  return useSyncExternalStore(subscribe, readStoredUserId, () => null)
}
