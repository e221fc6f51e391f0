// Password guesses (docs/product.md §7), at sign-in and from a signed-in session: the failed-guess count of this account and client first, then the
// slowdown, then the credentials, then what only the password's owner is told (suspended, not activated).
import type { AppType } from '../../../src/domain/enums.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { Db } from '../../db/open.ts'
import { HttpError, RATE_LIMITED_MESSAGE } from '../../errors.ts'
import { checkCredentials, incorrectCredentials, notActivated } from './accounts.ts'
import { type FailedSignIns, signInSlowdown, slowdownMs } from './failed-sign-ins.ts'
import { knownDeviceId } from './known-device.ts'
import type { UserRow } from './public-user.ts'
import { suspended } from './session.ts'

/** The user who may start a session, or how long this client's sign-ins to this account are refused (429). */
export type PasswordSignIn = { user: UserRow } | { retryAfterSeconds: number }

/** Who is signing in, as far as the limits go. */
export interface SignInClient {
  /** The client's address. */
  address: string
  /** The known-device cookie, when the browser sent one. */
  deviceCookie: string | undefined
}

/** Guesses past the count, in the words of every other rate limit, so the client treats them alike. */
export const tooManyGuesses = () => new HttpError(429, API_ERROR_CODES.rateLimited, RATE_LIMITED_MESSAGE)

/** A guess's outcome: what `check` found, or how long this client's guesses at this account are refused (429). */
export type CountedGuess<T> = { found: T | undefined } | { retryAfterSeconds: number }

/**
 * A password guess at `email`'s account by `client`, counted and slowed down alike wherever a password is
 * typed (sign-in, and a signed-in session checking or changing its password): the count of this account and
 * client first, then the slowdown, then `check`, which finds something only for the right password.
 */
export async function countedGuess<T>(
  failedSignIns: FailedSignIns,
  secret: string,
  email: string,
  { address, deviceCookie }: SignInClient,
  check: () => Promise<T | undefined>,
): Promise<CountedGuess<T>> {
  const account = failedSignIns.account(email)
  const deviceId = knownDeviceId(secret, email, deviceCookie)
  const client = deviceId ? `device:${deviceId}` : `ip:${address}`
  // Read before this attempt counts: the delay is for the failures before it.
  const earlierFailures = deviceId ? 0 : await failedSignIns.accountFailures(account)
  const waitMs = await failedSignIns.attempt(account, client)
  if (waitMs > 0) return { retryAfterSeconds: Math.ceil(waitMs / 1000) }
  // Before the password is checked, right or wrong: a guesser who cut slow answers short would learn nothing.
  if (!deviceId) await signInSlowdown.wait(slowdownMs(earlierFailures))
  const found = await check()
  if (found !== undefined) await failedSignIns.succeeded(account, client)
  return { found }
}

export async function signInWithPassword(
  db: Db,
  failedSignIns: FailedSignIns,
  secret: string,
  appType: AppType,
  { email, password }: { email: string; password: string },
  client: SignInClient,
): Promise<PasswordSignIn> {
  const guess = await countedGuess(failedSignIns, secret, email, client, async () =>
    checkCredentials(db, appType, email, password),
  )
  if ('retryAfterSeconds' in guess) return guess
  const user = guess.found
  if (!user) throw incorrectCredentials()
  // Said only to whoever knows the password.
  if (user.blacklisted) throw suspended()
  if (!user.activatedAt) throw notActivated()
  return { user }
}
