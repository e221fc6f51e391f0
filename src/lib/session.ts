// The signed-in user, as kept on the device (SPEC §3, §9: localStorage `user` and `stay-connected`). The
// session itself is the server's httpOnly cookie; this copy only says who the device believes is signed in,
// so screens can render offline and the persisted cache can be keyed by user. It is checked with the server
// on load (SPEC §4) and dropped whenever the server says the session is gone.
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import { STORAGE_KEYS } from '@/domain/constants'
import type { PublicUser } from '@/domain/auth'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@/domain/auth-messages'
import { isLanguage } from '@/domain/enums'
import { ApiError, apiFetch, NetworkError } from '@/lib/api-client'
import { announceSessionUser, endLocalSession, subscribeSessionUser } from '@/offline/session-user'

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

/** SPEC §8, the English text the API answers with for a blacklisted user. */
export const SUSPENDED_MESSAGE = AUTH_MESSAGES.suspended

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

function normalize(user: SessionUser): SessionUser {
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

export const signOutRequest = () => apiFetch('/api/sign-out', { method: 'POST' })

/**
 * SPEC §4 sign-out: the server ends the session (its cookie stops working), then the device forgets the user
 * and every piece of their data. A server that cannot be reached does not keep the user signed in here.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await signOutRequest()
  } catch {
    // Offline or already signed out on the server: the local sign-out still happens.
  }
  await endLocalSession(queryClient)
}

export type SessionCheck = 'none' | 'valid' | 'suspended' | 'invalid' | 'unreachable'

/**
 * SPEC §4: on load, the stored user is validated with the server; a failed check signs out locally. A server
 * that cannot be reached is no verdict (the app works offline), so the user stays until it can answer. A
 * blacklisted user stays loaded, marked as suspended.
 */
export async function validateStoredSession(queryClient: QueryClient): Promise<SessionCheck> {
  const user = readSessionUser()
  if (!user) return 'none'
  try {
    const body = await apiFetch<unknown>('/api/validate-access-token', { method: 'POST' })
    // The answer may carry the current user; it is fresher than the stored copy.
    const fresh = isSessionUser(body) && body._id === user._id ? normalize({ ...user, ...body }) : user
    if (JSON.stringify(fresh) !== JSON.stringify(user)) storeSessionUser(fresh)
    return fresh.blacklisted ? 'suspended' : 'valid'
  } catch (error) {
    if (error instanceof NetworkError) return 'unreachable'
    if (
      error instanceof ApiError &&
      (error.code === AUTH_ERROR_CODES.suspended || error.message === SUSPENDED_MESSAGE)
    ) {
      patchSessionUser(user._id, { blacklisted: true })
      return 'suspended'
    }
    await endLocalSession(queryClient)
    return 'invalid'
  }
}
