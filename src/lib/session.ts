// The session store: the signed-in user as kept on the device (docs/product.md §7, §10: localStorage `user`
// and `stay-connected`), how a session starts (sign-in, activation and reset links) and ends (sign-out, a
// refused check on load). Every reader goes through it: screens, the route guards, the persisted cache (keyed
// by the user's id) and the starting language. The session itself is the server's httpOnly cookie; this copy
// only says who the device believes is signed in, so screens can render offline.
import { msg } from '@lingui/core/macro'
import { MutationObserver, type QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import { AUTH_ERROR_CODES } from '@/domain/auth-messages'
import type { PublicUser } from '@/domain/auth'
import { STORAGE_KEYS } from '@/domain/constants'
import { isLanguage, type Language } from '@/domain/enums'
import { activateLocale } from '@/i18n/activate'
import { readChosenLanguage } from '@/i18n/locale'
import { switchLanguage } from '@/i18n/language'
import { defineMutation, mutationOptionsOf, withOperationId } from '@/offline/mutations'
import { queuedMutationKeys } from '@/offline/persister'
import { forgetUserData } from '@/offline/user-data'

import { ApiError, apiFetch, NetworkError } from './api-client'
import { forgetPushOnServer } from './push'
import { KEY_ROOTS } from './query-keys'

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

const readSessionUserId = (): string | null => readSessionUser()?._id ?? null

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

/** Merges changed fields into the stored user (settings, language); no-op for a visitor or another user. */
export function patchSessionUser(id: string, patch: Partial<SessionUser>): void {
  const current = readSessionUser()
  if (!current || current._id !== id) return
  storeSessionUser({ ...current, ...patch })
}

/** The stored user; re-renders on sign-in, sign-out, changes and other tabs' changes. */
export function useSessionUser(): SessionUser | null {
  // The server snapshot is a visitor: the prerendered page knows no user (docs/architecture.md).
  return useSyncExternalStore(subscribeSessionUser, readSessionUser, () => null)
}

/** The stored user's id only: re-renders when another person signs in or out, not on every field change. */
export function useSessionUserId(): string | null {
  return useSyncExternalStore(subscribeSessionUser, readSessionUserId, () => null)
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

/**
 * POST /api/update-language, replayable (src/offline/mutations.ts) with its operation id. Defined here
 * because the header, the settings screen and sign-in all save it.
 */
export const updateLanguageMutation = defineMutation<LanguageUpdate>(
  [...userKeys.all(), 'language'],
  (body) => apiFetch('/api/update-language', { method: 'POST', body }),
  {
    // docs/product.md §9's words (accountMessages.languageError), without the account messages in the shell.
    refusalMessage: msg`An error occurred while changing language.`,
    onRefused: async ({ id }, queryClient) => {
      const fresh = await restoreServerUser(queryClient, id)
      if (fresh) await switchLanguage(fresh.language)
    },
  },
)

/** The app's query client, for the writes a session start queues (`connectSessionStore`). */
let appQueryClient: QueryClient | undefined

/** Gives the store the app's query client, so that what sign-in saves goes through the offline queue. */
export function connectSessionStore(queryClient: QueryClient): void {
  appQueryClient = queryClient
}

/**
 * docs/product.md §3: a language the visitor chose before signing in (`?l=` or the header's switch) wins and
 * is saved to the account; a visitor who never chose one gets the account's language. A suspended account's
 * writes are refused, so its language is only applied on the device.
 */
async function settleLanguageAtSignIn(user: SessionUser): Promise<void> {
  const chosen = readChosenLanguage()
  const language = chosen ?? user.language
  if (language !== user.language) patchSessionUser(user._id, { language })
  await activateLocale(language)
  if (language === user.language || user.blacklisted) return
  const accountLanguage = user.language
  const rollBack = async () => {
    // Refused by the server: the account keeps its language, and so does the device's copy of it.
    patchSessionUser(user._id, { language: accountLanguage })
    await activateLocale(accountLanguage)
  }
  if (!appQueryClient) throw new Error('The session store has no query client: render <Providers> first.')
  const observer = new MutationObserver(appQueryClient, {
    ...mutationOptionsOf(updateLanguageMutation),
    onError: (error) => (error instanceof ApiError ? rollBack() : undefined),
  })
  // Not awaited: offline, the write waits in the queue while the user goes on.
  observer.mutate(withOperationId({ id: user._id, language })).catch(() => undefined)
}

// ---- Starting and ending a session

/**
 * A session starts (password or social sign-in, an activation or password-reset link signing the user in):
 * keeps the user the server answered with, then settles the interface language.
 */
export async function startSession(user: SessionUser, stayConnected: boolean): Promise<void> {
  storeSessionUser(user, stayConnected)
  await settleLanguageAtSignIn(normalize(user))
}

/**
 * Forgets the signed-in user on this device (docs/product.md §7; docs/architecture.md, Sign-out purge):
 * session storage, the stored user and `stay-connected`, and every piece of their data
 * (src/offline/user-data.ts). The next person on the device sees nothing of the last.
 */
export async function endLocalSession(queryClient: QueryClient): Promise<void> {
  const userId = readSessionUserId()
  const purge = forgetUserData(queryClient, userId)
  try {
    window.sessionStorage.clear()
    window.localStorage.removeItem(STORAGE_KEYS.user)
    window.localStorage.removeItem(STORAGE_KEYS.stayConnected)
  } catch {
    // Storage disabled: there was nothing stored.
  }
  // The persisted-cache provider remounts onto the visitor's store.
  announceChange()
  await purge
}

export const signOutRequest = () => apiFetch('/api/sign-out', { method: 'POST' })

/**
 * docs/product.md §7 sign-out: the server ends the session (its cookie stops working), then the device
 * forgets the user. A server that cannot be reached does not keep the user signed in here.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    // While the session still lets it: this device stops receiving the user's pushes.
    await forgetPushOnServer()
  } catch {
    // Offline: the browser's subscription is dropped below anyway, and the server prunes it on its next push.
  }
  try {
    await signOutRequest()
  } catch {
    // Offline or already signed out on the server: the local sign-out still happens.
  }
  await endLocalSession(queryClient)
}

// ---- The check on load

export type SessionCheck = 'none' | 'valid' | 'suspended' | 'invalid' | 'unreachable'

/**
 * docs/product.md §7: the stored user is validated with the server; a failed check signs out locally. A
 * server that cannot be reached is no verdict (the app works offline), so the user stays until it can answer.
 * A blacklisted user stays loaded, marked as suspended.
 */
export async function validateStoredSession(queryClient: QueryClient): Promise<SessionCheck> {
  const user = readSessionUser()
  if (!user) return 'none'
  // A change of the user's (every user write's key starts with their root) restored, sent or answered while
  // the check is on its way makes its copy of the user older than the device's.
  let userWritesMoved = false
  const stopWatching = queryClient.getMutationCache().subscribe((event) => {
    if (event.mutation?.options.mutationKey?.[0] === KEY_ROOTS.user) userWritesMoved = true
  })
  try {
    const body = await apiFetch<unknown>('/api/validate-access-token', { method: 'POST' })
    // The answer may carry the current user, fresher than the stored copy, unless a change of the user's is
    // still waiting in this device's queue, or moved while the check was on its way: the server's copy would
    // undo it here (a language chosen offline, shown in the other one after the next page load). Then only
    // the verdict is taken.
    const writesPending =
      userWritesMoved ||
      queryClient.isMutating({ mutationKey: userKeys.all() }) > 0 ||
      // The queue may not be back in the client yet (the page has just loaded): the device's copy of it.
      queuedMutationKeys(user._id).some((key) => key[0] === KEY_ROOTS.user)
    const fresh =
      isSessionUser(body) && body._id === user._id
        ? normalize(writesPending ? { ...user, blacklisted: body.blacklisted } : { ...user, ...body })
        : user
    if (JSON.stringify(fresh) !== JSON.stringify(user)) storeSessionUser(fresh)
    return fresh.blacklisted ? 'suspended' : 'valid'
  } catch (error) {
    // Only the server's answer is a verdict: no answer (offline, a page unloading mid-call) keeps the user,
    // and so does a server that could not check (a 5xx: its database away for a moment).
    if (error instanceof NetworkError || !(error instanceof ApiError) || error.status >= 500)
      return 'unreachable'
    if (error.code === AUTH_ERROR_CODES.suspended) {
      patchSessionUser(user._id, { blacklisted: true })
      return 'suspended'
    }
    await endLocalSession(queryClient)
    return 'invalid'
  } finally {
    stopWatching()
  }
}

let checkOnLoad: Promise<SessionCheck> | null = null

/**
 * The check of docs/product.md §7, once per page load (not twice under StrictMode's double effects). Only a
 * user stored before the page loaded is checked: one who signs in later was just checked by signing in.
 */
export function checkSessionOnLoad(queryClient: QueryClient): Promise<SessionCheck> {
  checkOnLoad ??= validateStoredSession(queryClient)
  return checkOnLoad
}

/** For tests: the next check runs again, as on a new page load. */
export function resetSessionCheck(): void {
  checkOnLoad = null
}
