// The session store: the signed-in user as kept on the device (docs/product.md §7, §10: localStorage `user`
// and `stay-connected`, in src/lib/device-store.ts). Every reader goes through it: screens, the persisted cache
// (keyed by the user's id) and the starting language. The session itself is the server's httpOnly cookie; this
// copy only says who the device believes is signed in, so screens can render offline. How a session starts,
// ends and is checked on load is session-lifecycle.ts, beside it. The route guards get it through the router's
// context (src/lib sits below this entity).
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import { getUser } from '@/contract/routes'
import type { Language } from '@/domain/enums'
import { call } from '@/lib/api-client'
import {
  DEVICE_ENTRIES,
  hasUserIdentity,
  readDevice,
  type StoredUser,
  subscribeDevice,
  withUserDefaults,
  writeDevice,
} from '@/lib/device-store'
import { KEY_ROOTS } from '@/lib/query-keys'

/**
 * The user as the API returns it from sign-in, activate, validate-access-token and GET /api/user/{id}
 * (`publicUserSchema`), as the device keeps it (src/lib/device-store.ts: fields beyond `blacklisted` may be missing
 * from an entry an older build stored).
 */
export type SessionUser = StoredUser

/** A user as an account call answers with it: its id, address and name; `normalize` reads the rest. */
export const isSessionUser = hasUserIdentity as (value: unknown) => value is SessionUser

export const normalize: (user: SessionUser) => SessionUser = withUserDefaults

// ---- The stored user, and who listens to it

/** Calls `onChange` when the user is stored, changed or forgotten, in this tab or another one. */
export function subscribeSessionUser(onChange: () => void): () => void {
  return subscribeDevice(DEVICE_ENTRIES.user, onChange)
}

/** The stored user, or null for a visitor (an entry of no known shape counts as none). Stable between changes. */
export function readSessionUser(): SessionUser | null {
  return readDevice(DEVICE_ENTRIES.user)
}

export const readSessionUserId = (): string | null => readSessionUser()?._id ?? null

export function readStayConnected(): boolean {
  return readDevice(DEVICE_ENTRIES.stayConnected)
}

/** Keeps the user the server answered with; `stayConnected` is only changed when given (a session start). */
export function storeSessionUser(user: SessionUser, stayConnected?: boolean): void {
  if (stayConnected !== undefined) writeDevice(DEVICE_ENTRIES.stayConnected, stayConnected)
  writeDevice(DEVICE_ENTRIES.user, normalize(user))
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
  const fresh: unknown = await call(getUser, { params: { id } })
  if (!isSessionUser(fresh) || fresh._id !== id) return null
  patchSessionUser(id, fresh)
  await queryClient.invalidateQueries({ queryKey: userKeys.detail(id) })
  return normalize(fresh)
}
