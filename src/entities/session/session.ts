// The session store: the signed-in user as kept on the device (docs/product.md §7, §10: localStorage `user`
// and `stay-connected`). Every reader goes through it: screens, the route guards, the persisted cache (keyed
// by the user's id) and the starting language. The session itself is the server's httpOnly cookie; this copy
// only says who the device believes is signed in, so screens can render offline. How a session starts, ends
// and is checked on load is session-lifecycle.ts, beside it. The route guards get it through the router's
// context (src/lib sits below this entity).
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import type { PublicUser } from '@/domain/auth'
import { STORAGE_KEYS } from '@/domain/constants'
import { isLanguage, type Language } from '@/domain/enums'
import { apiFetch } from '@/lib/api-client'
import { KEY_ROOTS } from '@/lib/query-keys'

/**
 * The user as the API returns it from sign-in, activate, validate-access-token and GET /api/user/{id}
 * (`publicUserSchema`); fields beyond `_id` may be missing from an entry an older build stored.
 */
export type SessionUser = Pick<
  PublicUser,
  '_id' | 'email' | 'fullName' | 'language' | 'enableEmailNotifications' | 'blacklisted'
> &
  Partial<
    Omit<PublicUser, '_id' | 'email' | 'fullName' | 'language' | 'enableEmailNotifications' | 'blacklisted'>
  >

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    // Storage can be disabled (privacy modes, sandboxed iframes): the device then keeps no user.
    return undefined
  }
}

export function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false
  const user = value as Record<string, unknown>
  return typeof user._id === 'string' && user._id.length > 0
}

export function normalize(user: SessionUser): SessionUser {
  return {
    ...user,
    language: isLanguage(user.language) ? user.language : 'en',
    blacklisted: user.blacklisted === true,
    enableEmailNotifications: user.enableEmailNotifications !== false,
  }
}

// ---- The stored user, and who listens to it

const CHANGE_EVENT = 'haven:session-user'

function announceChange(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** Calls `onChange` when the user is stored, changed or forgotten, in this tab or another one. */
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

let cachedRaw: string | null | undefined
let cachedUser: SessionUser | null = null

/** The stored user, or null for a visitor (a corrupt entry counts as none). Stable between changes. */
export function readSessionUser(): SessionUser | null {
  const raw = storage()?.getItem(STORAGE_KEYS.user) ?? null
  if (raw === cachedRaw) return cachedUser
  cachedRaw = raw
  cachedUser = null
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (isSessionUser(parsed)) cachedUser = normalize(parsed)
    } catch {
      // A corrupt entry is a visitor.
    }
  }
  return cachedUser
}

export const readSessionUserId = (): string | null => readSessionUser()?._id ?? null

export function readStayConnected(): boolean {
  return storage()?.getItem(STORAGE_KEYS.stayConnected) === 'true'
}

/** Keeps the user the server answered with; `stayConnected` is only changed when given (a session start). */
export function storeSessionUser(user: SessionUser, stayConnected?: boolean): void {
  const store = storage()
  if (!store) return
  store.setItem(STORAGE_KEYS.user, JSON.stringify(normalize(user)))
  if (stayConnected !== undefined) store.setItem(STORAGE_KEYS.stayConnected, String(stayConnected))
  announceChange()
}

/** Forgets the stored user and `stay-connected` (a session's end: src/entities/session/session-lifecycle.ts). */
export function forgetSessionUser(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.user)
    window.localStorage.removeItem(STORAGE_KEYS.stayConnected)
  } catch {
    // Storage disabled: there was nothing stored.
  }
  // The persisted-cache provider remounts onto the visitor's store.
  announceChange()
}

/** Merges changed fields into the stored user (settings, language); no-op for a visitor or another user. */
export function patchSessionUser(id: string, patch: Partial<SessionUser>): void {
  const current = readSessionUser()
  if (!current || current._id !== id) return
  storeSessionUser({ ...current, ...patch })
}

/** The stored user; re-renders on sign-in, sign-out, changes and other tabs' changes. */
export function useSessionUser(): SessionUser | null {
  // The server snapshot is a visitor: the prerendered page knows no user (docs/build.md).
  return useSyncExternalStore(subscribeSessionUser, readSessionUser, () => null)
}

/** The stored user's id only: re-renders when another person signs in or out, not on every field change. */
export function useSessionUserId(): string | null {
  return useSyncExternalStore(subscribeSessionUser, readSessionUserId, () => null)
}

/**
 * The stored user's id in every render, React's taking over of the server's HTML included: only for what the
 * HTML does not show (whose data store the app uses). With `useSessionUserId`, whose first render is a
 * visitor's as the HTML is, a signed-in user's page was thrown away and drawn again once taken over: the
 * persisted cache's provider, keyed by the user, changed key (a click at that moment was lost).
 */
export function useDeviceUserId(): string | null {
  return useSyncExternalStore(subscribeSessionUser, readSessionUserId, readSessionUserId)
}

// ---- The user's language, saved to their account

export interface LanguageUpdate {
  id: string
  language: Language
}

/** The user's record (GET /api/user/{id}, read by the settings screen): its query keys. */
export const userKeys = {
  all: () => [KEY_ROOTS.user] as const,
  detail: (id: string) => [...userKeys.all(), id] as const,
}

/**
 * A queued change to the user refused after a reload, when the screen that showed it at once is gone: the
 * device takes the server's copy of the user again (the stored user and the user query).
 */
export async function restoreServerUser(queryClient: QueryClient, id: string): Promise<SessionUser | null> {
  const fresh = await apiFetch<unknown>(`/api/user/${encodeURIComponent(id)}`)
  if (!isSessionUser(fresh) || fresh._id !== id) return null
  patchSessionUser(id, fresh)
  await queryClient.invalidateQueries({ queryKey: userKeys.detail(id) })
  return normalize(fresh)
}
