// How a session starts (sign-in, activation and reset links), ends (sign-out, a refused check on load) and is
// checked on load (docs/product.md §7). Apart from the store (session.ts), because each uses the outbox or the
// device's saved data (src/offline, below this entity): the language saved at sign-in is a command, sign-out
// purges the user's data, and the check spares a change still waiting in the outbox.
import type { QueryClient } from '@tanstack/react-query'

import { signOut as signOutRoute, validateAccessToken } from '@/contract/routes'
import { AUTH_ERROR_CODES } from '@/domain/auth-messages'
import {
  isSessionUser,
  normalize,
  patchSessionUser,
  readSessionUser,
  readSessionUserId,
  type SessionUser,
  storeSessionUser,
} from '@/entities/session/session'
import { activateLocale } from '@/i18n/activate'
import { ApiError, call, NetworkError } from '@/lib/api-client'
import { readChosenLanguage } from '@/lib/chosen-language'
import { outboxEntry, subscribeDevice } from '@/lib/device-store'
import { watchUnauthorized } from '@/lib/unauthorized-watch'
import { outboxOf, savedQueueMoved } from '@/offline/outbox'
import { forgetUserData } from '@/offline/user-data'

import { userCommandsWaiting } from './user-commands-waiting'

/** The app's query client, whose outbox takes the commands a session start makes (`connectSessionStore`). */
let appQueryClient: QueryClient | undefined

/** Gives the store the app's query client, so that what sign-in saves goes through its outbox. */
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
  // The command's kind comes with the sign-in, not with every page's first load.
  const { updateLanguageCommand } = await import('./user-commands')
  // Not awaited: offline, the command waits in the outbox while the user goes on.
  outboxOf(appQueryClient)
    .add(updateLanguageCommand, { id: user._id, language })
    .catch((error: unknown) => (error instanceof ApiError ? rollBack() : undefined))
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
 * everything src/lib/device-store.ts marks as forgotten at sign-out, session storage and the stored user
 * among it (src/offline/user-data.ts). The next person on the device sees nothing of the last.
 */
export async function endLocalSession(queryClient: QueryClient): Promise<void> {
  await forgetUserData(queryClient, readSessionUserId())
}

export const signOutRequest = () => call(signOutRoute)

/**
 * docs/product.md §7 sign-out: the server ends the session (its cookie stops working), then the device
 * forgets the user. A server that cannot be reached does not keep the user signed in here.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    // While the session still lets it: this device stops receiving the user's pushes. Push's code comes
    // only for a signed-in user (a visitor's first load goes without it).
    const { forgetPushOnServer } = await import('@/lib/push')
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
  // A user command waiting, or made or answered while the check is on its way, makes the server's copy of
  // the user older than the device's.
  let userWritesMoved = userCommandsWaiting(user._id)
  const stopWatching = subscribeDevice(outboxEntry(user._id), () => {
    if (userCommandsWaiting(user._id)) userWritesMoved = true
  })
  try {
    // A queue an older build saved is in the outbox first (src/offline/saved-queue.ts, loaded for it alone).
    await savedQueueMoved()
    const body: unknown = await call(validateAccessToken)
    // The answer may carry the current user, fresher than the stored copy, unless a change of the user's is
    // still waiting in this device's outbox, or moved while the check was on its way: the server's copy would
    // undo it here (a language chosen offline, shown in the other one after the next page load). Then only
    // the verdict is taken.
    const writesPending = userWritesMoved || userCommandsWaiting(user._id)
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

let recheck: Promise<SessionCheck> | null = null

/**
 * Asks the server's verdict again at once (one check at a time): a call answered 401 while a user is stored
 * means the session may have ended elsewhere (signed out on another device, suspended by an administrator,
 * docs/product.md §16), and the app must not wait for the next page load to say so.
 */
export function recheckSession(queryClient: QueryClient): Promise<SessionCheck> {
  recheck ??= validateStoredSession(queryClient).finally(() => {
    recheck = null
  })
  return recheck
}

/**
 * Watches every read and write for a 401: the stored session is then checked again, and `onSignedOut` is
 * called when the server says it ended (guards then send a screen that needs a user to sign-in). Answers the
 * watch's end.
 */
export function watchSessionRefusals(queryClient: QueryClient, onSignedOut: () => void): () => void {
  const refused = () => {
    if (!readSessionUser()) return
    void recheckSession(queryClient).then((result) => {
      if (result === 'invalid') onSignedOut()
    })
  }
  // The user's changes too, refused as the outbox sends them.
  return watchUnauthorized(queryClient, refused, [outboxOf(queryClient).subscribeRefusals])
}

/** For tests: the next check runs again, as on a new page load. */
export function resetSessionCheck(): void {
  checkOnLoad = null
}
