// The back office's session (docs/architecture.md, The back office): the server's, read once a page load and
// after each sign-in or sign-out, never kept on the device. Only a staff account (AGENCY or ADMIN) is a
// session of the back office; a renter's cookie on the same origin opens none of its pages.
import { hashKey, queryOptions, type QueryClient } from '@tanstack/react-query'

import type { PublicUser } from '@/contract/accounts'
import { signIn, signOut, validateAccessToken } from '@/contract/routes'
import { ApiError, call } from '@/lib/api-client'
import { KEY_ROOTS } from '@/lib/query-keys'
import { watchUnauthorized } from '@/lib/unauthorized-watch'

/** The signed-in agency or administrator. */
export type StaffUser = PublicUser & { type: 'AGENCY' | 'ADMIN' }

export const isStaff = (user: unknown): user is StaffUser =>
  typeof user === 'object' &&
  user !== null &&
  ((user as { type?: unknown }).type === 'AGENCY' || (user as { type?: unknown }).type === 'ADMIN')

export const staffKeys = {
  all: () => [KEY_ROOTS.office] as const,
  session: () => [...staffKeys.all(), 'session'] as const,
}

/** The staff member the session cookie signs in, or null: no session, or not a staff one. */
async function readStaffSession(): Promise<StaffUser | null> {
  try {
    const user: unknown = await call(validateAccessToken)
    return isStaff(user) ? user : null
  } catch (error) {
    // Only the server's refusal says "no session"; no answer is an error the screen shows.
    if (error instanceof ApiError && error.status < 500) return null
    throw error
  }
}

export const staffSessionQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.session(), queryFn: readStaffSession, staleTime: Infinity })

/** POST /api/sign-in/backend: the server refuses a renter as it refuses a wrong password. */
export const signInStaff = (body: { email: string; password: string; stayConnected: boolean }) =>
  call(signIn, { params: { appType: 'backend' }, body }) as Promise<StaffUser>

/** A session starts (sign-in, a reset link): the back office knows who is signed in without asking again. */
export function startStaffSession(queryClient: QueryClient, user: StaffUser): void {
  queryClient.setQueryData(staffSessionQueryOptions().queryKey, user)
}

/**
 * Sign-out: this device stops receiving the staff member's pushes (taken off the server while the session
 * still lets it, and out of the browser, so that the next person signed in here is not pushed to unasked), the
 * server ends the session, and nothing read under it stays in memory.
 */
export async function signOutStaff(queryClient: QueryClient): Promise<void> {
  try {
    const { turnPushOff } = await import('@/lib/push')
    await turnPushOff()
  } catch {
    // Offline: the server drops the subscription with the session anyway.
  }
  try {
    await call(signOut)
  } catch {
    // Offline or already signed out: the page forgets the session anyway.
  }
  forgetStaffSession(queryClient)
}

/**
 * The page forgets the session and everything read under it. The session's own query stays in the cache,
 * set to null: the layout's observer keeps watching that query, and would go on showing a removed one's user.
 */
function forgetStaffSession(queryClient: QueryClient): void {
  const session = staffSessionQueryOptions().queryKey
  queryClient.setQueryData(session, null)
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(session) })
}

/**
 * Watches every read and write of the back office for a 401 while a staff member is signed in: their session
 * ended elsewhere (signed out on another device, an agency deactivated by an administrator), so the page
 * forgets it at once and `onEnded` runs (the router's guard then sends the page to sign-in, and back after).
 * Answers the watch's end.
 */
export function watchStaffRefusals(queryClient: QueryClient, onEnded: () => void): () => void {
  return watchUnauthorized(queryClient, () => {
    if (!queryClient.getQueryData(staffSessionQueryOptions().queryKey)) return
    forgetStaffSession(queryClient)
    onEnded()
  })
}
