// What changes the session with the server's help: sign-out and the check on load (docs/product.md §7). Its
// own chunk, loaded only once a user is stored or signs out; the stored user itself is session.ts.
import type { QueryClient } from '@tanstack/react-query'

import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@/domain/auth-messages'
import { endLocalSession } from '@/offline/session-user'

import { ApiError, apiFetch, NetworkError } from './api-client'
import { isSessionUser, normalize, patchSessionUser, readSessionUser, storeSessionUser } from './session'

/** docs/product.md §9, the English text the API answers with for a blacklisted user. */
export const SUSPENDED_MESSAGE = AUTH_MESSAGES.suspended

export const signOutRequest = () => apiFetch('/api/sign-out', { method: 'POST' })

/**
 * docs/product.md §7 sign-out: the server ends the session (its cookie stops working), then the device
 * forgets the user and every piece of their data. A server that cannot be reached does not keep the user
 * signed in here.
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
 * docs/product.md §7: on load, the stored user is validated with the server; a failed check signs out
 * locally. A server that cannot be reached is no verdict (the app works offline), so the user stays until it
 * can answer. A blacklisted user stays loaded, marked as suspended.
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
    // Only the server's answer is a verdict: no answer (offline, a page unloading mid-call) keeps the user,
    // and so does a server that could not check (a 5xx: its database away for a moment).
    if (error instanceof NetworkError || !(error instanceof ApiError) || error.status >= 500)
      return 'unreachable'
    if (error.code === AUTH_ERROR_CODES.suspended || error.message === SUSPENDED_MESSAGE) {
      patchSessionUser(user._id, { blacklisted: true })
      return 'suspended'
    }
    await endLocalSession(queryClient)
    return 'invalid'
  }
}
