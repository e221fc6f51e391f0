// The e-mailed links of docs/product.md §7 (activation and password reset): sending one again, checking one,
// and following one, which activates the account, sets the password it brings and spends the other links of
// its kind. Tokens themselves: tokens.ts.
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { z } from 'zod/mini'

import type {
  activateSchema,
  checkTokenResponseSchema,
  resendParamsSchema,
  tokenLinkParamsSchema,
} from '../../../src/contract/accounts.ts'
import { AUTH_MESSAGES, FIELD_ERRORS } from '../../../src/domain/auth-messages.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { socialIdentities, users, userTokens } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { keepVerifiedHolds } from '../bookings/unpaid-holds.ts'
import {
  APP_USER_TYPES,
  emailNotRegistered,
  findUserByEmail,
  findUserById,
  linkExpired,
  sendAccountEmailOr500,
  writeAccountEmail,
  wrongPassword,
} from './accounts.ts'
import { hashPassword, verifyPassword } from './password.ts'
import type { UserRow } from './public-user.ts'
import { endAllSessions, suspended } from './session.ts'
import { consumeToken, findValidToken } from './tokens.ts'

/**
 * Whether the account has a password its owner chose. The one typed at sign-up does not count until the
 * address is proved: anyone may sign up with someone else's address, and the owner who follows the link must
 * not end up with an account whose password a stranger knows.
 */
const hasOwnersPassword = (user: UserRow) => user.activatedAt !== null && user.passwordHash !== null

/**
 * Whether the account waits for its first activation with the password typed at sign-up. That password becomes
 * the account's when whoever typed it is shown to hold the address's mail too: the link followed in the
 * browser that signed up (sign-up-proof.ts), or the same password typed again with the link elsewhere. The
 * owner of an address someone else signed up with knows neither, and takes the account through a reset link.
 */
const awaitsSignUpPassword = (user: UserRow) => user.activatedAt === null && user.passwordHash !== null

const passwordRequired = () =>
  new HttpError(400, API_ERROR_CODES.validation, `${AUTH_MESSAGES.fillInField} password`, {
    password: FIELD_ERRORS.required,
  })

/**
 * GET check-token: the link is good for this address and application. `hasPassword` false: following it
 * needs a `password` (see followAccountLink), so a client asks for one first; with `signUpPassword`, the one
 * typed at sign-up, which the browser that signed up need not send.
 */
export async function checkAccountLink(
  db: Db,
  { appType, userId, email, token }: z.output<typeof tokenLinkParamsSchema>,
): Promise<z.output<typeof checkTokenResponseSchema>> {
  const user = await findUserById(db, Number(userId))
  const row = user && (await findValidToken(db, user.id, token))
  if (
    !user ||
    !row ||
    user.email.toLowerCase() !== email.trim().toLowerCase() ||
    !APP_USER_TYPES[appType].includes(user.type)
  ) {
    throw linkExpired()
  }
  return {
    valid: true,
    passwordReset: row.purpose === 'PASSWORD_RESET',
    hasPassword: hasOwnersPassword(user),
    signUpPassword: row.purpose !== 'PASSWORD_RESET' && awaitsSignUpPassword(user),
  }
}

export interface FollowedLink {
  user: UserRow
  passwordReset: boolean
}

/**
 * POST activate: spends the link and the other unused links of its kind, activates the account and sets the
 * password sent. A password is needed on a reset link and for an account without one. The first activation
 * of an account with the password typed at sign-up keeps that password (awaitsSignUpPassword): from the
 * browser that signed up (`signedUpHere`) nothing more is needed; elsewhere that very password is (a 400
 * `wrong_password` for another). A 400 on the `password` field leaves the link good. Social sign-ins linked on
 * a typed address (not proven) are deleted, and the sessions with them.
 */
export async function followAccountLink(
  db: Db,
  { userId, token, password }: z.output<typeof activateSchema>,
  { signedUpHere }: { signedUpHere: boolean },
): Promise<FollowedLink> {
  const user = await findUserById(db, Number(userId))
  const row = user && (await findValidToken(db, user.id, token))
  if (!user || !row) throw linkExpired()
  if (user.blacklisted) throw suspended()
  const passwordReset = row.purpose === 'PASSWORD_RESET'
  const signUpPassword = passwordReset || !awaitsSignUpPassword(user) ? null : user.passwordHash
  if (signUpPassword !== null) {
    if (password === undefined && !signedUpHere) throw passwordRequired()
    if (password !== undefined && !(await verifyPassword(password, signUpPassword))) throw wrongPassword()
  } else if ((passwordReset || user.passwordHash === null) && password === undefined) {
    throw passwordRequired()
  }
  const passwordHash =
    password === undefined || signUpPassword !== null ? undefined : await hashPassword(password)
  const firstActivation = user.activatedAt === null
  const updated = await db.transaction(async (tx) => {
    if (!(await consumeToken(tx, row.id))) return undefined
    // The other links of this kind are spent too: one click settles it.
    await tx
      .delete(userTokens)
      .where(
        and(
          eq(userTokens.userId, user.id),
          eq(userTokens.purpose, row.purpose),
          isNull(userTokens.usedAt),
          ne(userTokens.id, row.id),
        ),
      )
    const [next] = await tx
      .update(users)
      .set({
        activatedAt: sql`coalesce(${users.activatedAt}, now())`,
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning()
    // The link proves who owns the address: a social sign-in linked on the address typed by someone else
    // (its provider vouched for none) must not lead into the owner's account any more.
    const droppedLinks = await tx
      .delete(socialIdentities)
      .where(and(eq(socialIdentities.userId, user.id), eq(socialIdentities.addressProven, false)))
      .returning({ provider: socialIdentities.provider })
    // A new password by e-mail: whoever knew the old one is signed out everywhere. The first activation
    // proves who owns the address: whoever was signed in before it (on a typed address) is signed out, as is
    // whoever signed in through a dropped link.
    if (passwordHash || firstActivation || droppedLinks.length > 0) await endAllSessions(tx, user.id)
    return next
  })
  if (!updated) throw linkExpired()
  if (firstActivation) await keepVerifiedHolds(db, updated.id)
  return { user: updated, passwordReset }
}

/**
 * POST resend: the activation or reset e-mail again, to an address with an account of this application.
 * `sent: false` for an activation link to an account already active: the answer is a 200 either way.
 */
export async function resendAccountLink(
  ctx: AppContext,
  { appType, email, isPasswordReset }: z.output<typeof resendParamsSchema>,
): Promise<{ sent: boolean }> {
  const user = await findUserByEmail(ctx.database.db, email)
  if (!user || !APP_USER_TYPES[appType].includes(user.type)) throw emailNotRegistered()
  if (user.blacklisted) throw suspended()
  if (!isPasswordReset && user.activatedAt) return { sent: false }
  const kind = isPasswordReset ? 'passwordReset' : 'activation'
  await sendAccountEmailOr500(ctx, await writeAccountEmail(ctx, user, kind))
  return { sent: true }
}

/**
 * POST resend-link: the activation e-mail again, for the signed-in user whose address is not confirmed yet;
 * `email`, when sent, must be theirs.
 */
export async function resendActivationLink(
  ctx: AppContext,
  user: UserRow,
  email: string | undefined,
): Promise<{ sent: boolean }> {
  if (email !== undefined && email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new HttpError(403, API_ERROR_CODES.forbidden, AUTH_MESSAGES.notYourAccount)
  }
  if (user.activatedAt) return { sent: false }
  await sendAccountEmailOr500(ctx, await writeAccountEmail(ctx, user, 'activation'))
  return { sent: true }
}
