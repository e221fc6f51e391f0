// Password sign-in (docs/product.md §7): the failed-guess count of this account and client first, then the
// slowdown, then the credentials, then what only the password's owner is told (suspended, not activated).
import type { AppType } from '../../../src/domain/enums.ts'
import type { Db } from '../../db/open.ts'
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

export async function signInWithPassword(
  db: Db,
  failedSignIns: FailedSignIns,
  secret: string,
  appType: AppType,
  { email, password }: { email: string; password: string },
  { address, deviceCookie }: SignInClient,
): Promise<PasswordSignIn> {
  const account = failedSignIns.account(email)
  const deviceId = knownDeviceId(secret, email, deviceCookie)
  const client = deviceId ? `device:${deviceId}` : `ip:${address}`
  // Read before this attempt counts: the delay is for the failures before it.
  const earlierFailures = deviceId ? 0 : await failedSignIns.accountFailures(account)
  const waitMs = await failedSignIns.attempt(account, client)
  if (waitMs > 0) return { retryAfterSeconds: Math.ceil(waitMs / 1000) }
  // Before the password is checked, right or wrong: a guesser who cut slow answers short would learn nothing.
  if (!deviceId) await signInSlowdown.wait(slowdownMs(earlierFailures))
  const user = await checkCredentials(db, appType, email, password)
  if (!user) throw incorrectCredentials()
  await failedSignIns.succeeded(account, client)
  // Said only to whoever knows the password.
  if (user.blacklisted) throw suspended()
  if (!user.activatedAt) throw notActivated()
  return { user }
}
