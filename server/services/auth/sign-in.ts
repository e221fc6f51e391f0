// Password sign-in (docs/product.md §7): the account's failed-guess count first, then the credentials, then
// what only the password's owner is told (suspended, not activated).
import type { AppType } from '../../../src/domain/enums.ts'
import type { Db } from '../../db/open.ts'
import { checkCredentials, incorrectCredentials, notActivated } from './accounts.ts'
import { accountKey, type FailedSignIns } from './failed-sign-ins.ts'
import type { UserRow } from './public-user.ts'
import { suspended } from './session.ts'

/** The user who may start a session, or how long this account's sign-ins are refused (429). */
export type PasswordSignIn = { user: UserRow } | { retryAfterSeconds: number }

export async function signInWithPassword(
  db: Db,
  failedSignIns: FailedSignIns,
  appType: AppType,
  { email, password }: { email: string; password: string },
): Promise<PasswordSignIn> {
  const key = accountKey(email)
  const waitMs = failedSignIns.retryAfterMs(key)
  if (waitMs > 0) return { retryAfterSeconds: Math.ceil(waitMs / 1000) }
  failedSignIns.attempt(key)
  const user = await checkCredentials(db, appType, email, password)
  if (!user) throw incorrectCredentials()
  failedSignIns.succeeded(key)
  // Said only to whoever knows the password.
  if (user.blacklisted) throw suspended()
  if (!user.activatedAt) throw notActivated()
  return { user }
}
