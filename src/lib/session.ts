// The signed-in user, as kept on the device (docs/product.md §7, §10: localStorage `user` and
// `stay-connected`). The session itself is the server's httpOnly cookie; this copy only says who the device
// believes is signed in, so screens can render offline and the persisted cache can be keyed by user. It is
// checked with the server on load (docs/product.md §7) and dropped whenever the server says the session is
// gone (session-actions.ts, loaded only when a user is stored: a visitor's first load does without it).
import { useSyncExternalStore } from 'react'

import { STORAGE_KEYS } from '@/domain/constants'
import type { PublicUser } from '@/domain/auth'
import { isLanguage } from '@/domain/enums'
import { announceSessionUser, subscribeSessionUser } from '@/offline/session-user'

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

export function readStayConnected(): boolean {
  return storage()?.getItem(STORAGE_KEYS.stayConnected) === 'true'
}

/** Keeps the user the server answered with; `stayConnected` is only changed when given (sign-in). */
export function storeSessionUser(user: SessionUser, stayConnected?: boolean): void {
  const store = storage()
  if (!store) return
  store.setItem(STORAGE_KEYS.user, JSON.stringify(normalize(user)))
  if (stayConnected !== undefined) store.setItem(STORAGE_KEYS.stayConnected, String(stayConnected))
  announceSessionUser()
}

/** Merges changed fields into the stored user (settings, language); no-op for a visitor or another user. */
export function patchSessionUser(id: string, patch: Partial<SessionUser>): void {
  const current = readSessionUser()
  if (!current || current._id !== id) return
  storeSessionUser({ ...current, ...patch })
}

/** The stored user; re-renders on sign-in, sign-out, changes and other tabs' changes. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSessionUser, readSessionUser, () => null)
}
