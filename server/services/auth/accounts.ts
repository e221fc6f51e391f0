// Account operations behind the routes of server/routes/auth.ts and users.ts: finding users, checking
// credentials without telling apart "no such user" from "wrong password", and e-mailing links.
import { randomBytes } from 'node:crypto'

import { eq, sql } from 'drizzle-orm'

import { AUTH_MESSAGES, FIELD_ERRORS } from '../../../src/domain/auth-messages.ts'
import type { AppType, UserType } from '../../../src/domain/enums.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { type AccountEmailKind, accountEmail } from '../mail/templates.ts'
import type { Tx } from '../operations/once.ts'
import { enqueue, withdraw } from '../outbox/outbox.ts'
import { mailSealKey, sealMail } from '../outbox/seal.ts'
import { hashPassword, verifyPassword } from './password.ts'
import type { UserRow } from './public-user.ts'
import { issueToken } from './tokens.ts'

/**
 * Who may sign in to each application (docs/product.md §2): renters to the frontend, staff to the backend.
 */
export const APP_USER_TYPES: Record<AppType, readonly UserType[]> = {
  frontend: ['USER'],
  backend: ['ADMIN', 'AGENCY'],
}

export const incorrectCredentials = () =>
  new HttpError(401, API_ERROR_CODES.incorrectCredentials, AUTH_MESSAGES.incorrectCredentials)
/** Until the address is proved, whoever typed it (maybe not its owner) must not get in with a password. */
export const notActivated = () => new HttpError(403, API_ERROR_CODES.notActivated, AUTH_MESSAGES.notActivated)
export const linkExpired = () => new HttpError(400, API_ERROR_CODES.linkExpired, AUTH_MESSAGES.linkExpired)
export const emailNotRegistered = () =>
  new HttpError(404, API_ERROR_CODES.emailNotRegistered, AUTH_MESSAGES.emailNotRegistered, {
    email: FIELD_ERRORS.emailNotRegistered,
  })
export const alreadyRegistered = () =>
  new HttpError(409, API_ERROR_CODES.emailTaken, AUTH_MESSAGES.alreadyRegistered, {
    email: FIELD_ERRORS.emailTaken,
  })
/** Said when an account e-mail (activation, password reset) could not be sent: the person may ask again. */
export const SEND_FAILED = 'An error occurred while sending validation email.'
export const wrongPassword = () =>
  new HttpError(400, API_ERROR_CODES.validation, AUTH_MESSAGES.wrongPassword, {
    password: FIELD_ERRORS.wrongPassword,
  })

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1)
  return row
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/** A hash of nothing anyone knows, checked when there is no user or no password, so every refusal costs the same. */
let dummyHash: Promise<string> | undefined
const dummy = () => (dummyHash ??= hashPassword(randomBytes(18).toString('base64url')))

/**
 * The user of `email` when `password` is theirs and they may use `appType`; undefined otherwise, after the
 * same amount of work whichever check failed.
 */
export async function checkCredentials(
  db: Db,
  appType: AppType,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email)
  const stored = user?.passwordHash ?? (await dummy())
  const matches = await verifyPassword(password, stored)
  if (!user?.passwordHash || !matches || !APP_USER_TYPES[appType].includes(user.type)) return undefined
  return user
}

/** Whether `password` is the user's; false for an account without one (after the same work). */
export async function isUsersPassword(user: UserRow, password: string): Promise<boolean> {
  const matches = await verifyPassword(password, user.passwordHash ?? (await dummy()))
  return user.passwordHash !== null && matches
}

const LINK_PATHS: Record<AccountEmailKind, string> = {
  activation: '/activate',
  passwordReset: '/reset-password',
}

/** Where each application's pages are: a staff account's links lead to the back office's (src/back-office). */
const APP_ROOTS: Record<AppType, string> = { frontend: '', backend: '/admin' }

/**
 * The e-mailed link of docs/product.md §4 and §7: `{PUBLIC_URL}/activate?u={userId}&e={email}&t={token}` (or
 * /reset-password), under /admin for an account of the back office.
 */
export function accountLink(publicUrl: string, kind: AccountEmailKind, user: UserRow, token: string): string {
  const query = new URLSearchParams({ u: String(user.id), e: user.email, t: token })
  const appType: AppType = APP_USER_TYPES.backend.includes(user.type) ? 'backend' : 'frontend'
  return `${publicUrl}${APP_ROOTS[appType]}${LINK_PATHS[kind]}?${query.toString()}`
}

/**
 * Issues a fresh token and writes the e-mail of its link, in the user's language, to the outbox, in `tx` (the
 * transaction of the change it belongs to); answers its outbox ids for `ctx.outbox.send`.
 */
export async function queueAccountEmail(
  tx: Db | Tx,
  ctx: Pick<AppContext, 'config' | 'secrets'>,
  user: UserRow,
  kind: AccountEmailKind,
): Promise<number[]> {
  const token = await issueToken(tx, user.id, kind === 'activation' ? 'ACTIVATION' : 'PASSWORD_RESET')
  const link = accountLink(ctx.config.publicUrl, kind, user, token)
  const { subject, text, html } = accountEmail(kind, user.language, { name: user.fullName, link })
  // Sealed: the link signs in whoever holds it, and the database keeps links only hashed.
  const message = { to: user.email, subject, text, html, language: user.language }
  return enqueue(tx, [{ kind: 'mail', payload: sealMail(mailSealKey(ctx.secrets), message) }])
}

/** queueAccountEmail in a transaction of its own. */
export const writeAccountEmail = (ctx: AppContext, user: UserRow, kind: AccountEmailKind) =>
  ctx.database.db.transaction((tx) => queueAccountEmail(tx, ctx, user, kind))

/** Writes and sends an account e-mail nobody waits on: a failed send is the outbox's to retry. */
export async function sendAccountEmail(
  ctx: AppContext,
  user: UserRow,
  kind: AccountEmailKind,
): Promise<void> {
  await ctx.outbox.send(await writeAccountEmail(ctx, user, kind))
}

/**
 * Sends an account e-mail written to the outbox (`mails`, one e-mail's rows) for a person who waits for it
 * (docs/product.md §7, E-mailed links). When its send fails, it is withdrawn together with what `undo` takes
 * back, and the answer is a 500 with `failure`: the person asks again, and no retry comes after that. One
 * another server took for its retry meanwhile is on its way: then nothing is undone. The log says which kind
 * of failure, never the address nor the link.
 */
export async function sendAccountEmailOr500(
  ctx: AppContext,
  mails: number[],
  { failure = SEND_FAILED, undo }: { failure?: string; undo?: (tx: Tx) => Promise<unknown> } = {},
): Promise<void> {
  const failed = await ctx.outbox.send(mails)
  if (failed.length === 0) return
  const withdrawn = await ctx.database.db.transaction(async (tx) => {
    if (!(await withdraw(tx, mails))) return false
    await undo?.(tx)
    return true
  })
  if (!withdrawn) return
  ctx.log.error({ outbox: failed }, 'account e-mail not sent: withdrawn')
  throw new HttpError(500, API_ERROR_CODES.internal, failure)
}
