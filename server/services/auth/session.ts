// Sessions: an httpOnly cookie `haven_session` (server/routes/cookies.ts) holding a random 256-bit token; the
// `sessions` table keeps only its HMAC (keyed by the session secret), the user and the expiry. Chosen over a
// signed JWT because the product needs sessions that end on the server (docs/product.md §7: a copy of the old
// cookie no longer works after sign-out, and a password change signs out every other device): deleting a row
// does that at once, where a JWT would stay valid until it expires. One indexed lookup per authenticated
// request is the price. The routes read and write the cookie; here are only tokens and rows.
import { createHmac, randomBytes } from 'node:crypto'

import { and, eq, gt, lte, ne } from 'drizzle-orm'

import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../../src/domain/auth-messages.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { sessions, signIns, users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import type { UserRow } from './public-user.ts'

/** Without "stay connected": the cookie lasts as long as the browser, the session at most a day. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000
/** With "stay connected". */
export const PERSISTENT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

/** The signed-in user: the whole row, for the server's own use. Never send it: use toPublicUser. */
export type SessionUser = UserRow

/** A session found by its token: its user, and its id (what a push subscription belongs to). */
export interface Session {
  id: number
  user: SessionUser
}

type SessionContext = Pick<AppContext, 'database' | 'secrets' | 'clock'>

const tokenHash = (ctx: SessionContext, token: string) =>
  createHmac('sha256', ctx.secrets.sessionSecret).update(token).digest('base64url')

const unauthorized = () => new HttpError(401, API_ERROR_CODES.unauthorized, AUTH_MESSAGES.signInRequired)
export const suspended = () => new HttpError(403, AUTH_ERROR_CODES.suspended, AUTH_MESSAGES.suspended)

/** The session `token` opens; null for no token, one of the wrong shape, or one that ended or expired. */
export async function findSession(ctx: SessionContext, token: string | undefined): Promise<Session | null> {
  // A token is 43 base64url characters; anything else is not worth a query.
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  const [row] = await ctx.database.db
    .select({ user: users, id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash(ctx, token)), gt(sessions.expiresAt, ctx.clock.now())))
    .limit(1)
  return row ?? null
}

/**
 * The session of a signed-in user. 401 `{ error: 'unauthorized' }` for a visitor (no session, or one that
 * ended or expired); 403 `{ error: 'suspended', message: 'Your account is suspended.' }` for a blacklisted user.
 */
export function requireSession(session: Session | null): Session {
  if (!session) throw unauthorized()
  if (session.user.blacklisted) throw suspended()
  return session
}

/** 403 unless `id` (from a path or a body) is `user`'s own. */
export function assertSelf(user: SessionUser, id: unknown): void {
  if (String(user.id) !== String(id).trim()) {
    throw new HttpError(403, API_ERROR_CODES.forbidden, AUTH_MESSAGES.notYourAccount)
  }
}

/** A new session's token, and how long its cookie lasts: the browser's life, or 30 days with stayConnected. */
export interface OpenedSession {
  token: string
  maxAgeMs?: number
}

/** How long a user's sign-ins are kept for the back office's user page (docs/product.md §14). */
export const SIGN_IN_HISTORY_DAYS = 90

/** Where a sign-in came from, as the user's page in the back office shows it. */
export interface SignInClient {
  address?: string
  userAgent?: string
}

/**
 * Opens a session for `userId`: for the browser's life (a day at most), or 30 days with stayConnected; the
 * sign-in is recorded with `client`.
 */
export async function openSession(
  ctx: SessionContext,
  userId: number,
  stayConnected = false,
  client: SignInClient = {},
): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url')
  const ttl = stayConnected ? PERSISTENT_SESSION_TTL_MS : SESSION_TTL_MS
  const { db } = ctx.database
  const now = ctx.clock.now()
  // Expired rows of this user go as a new one comes: the table does not grow with every sign-in.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)))
  await db.insert(sessions).values({
    userId,
    tokenHash: tokenHash(ctx, token),
    persistent: stayConnected,
    expiresAt: new Date(now.getTime() + ttl),
  })
  const historyStart = new Date(now.getTime() - SIGN_IN_HISTORY_DAYS * 24 * 60 * 60 * 1000)
  await db.delete(signIns).where(and(eq(signIns.userId, userId), lte(signIns.createdAt, historyStart)))
  await db.insert(signIns).values({
    userId,
    address: client.address ?? null,
    userAgent: client.userAgent?.slice(0, 200) ?? null,
    createdAt: now,
  })
  return stayConnected ? { token, maxAgeMs: ttl } : { token }
}

/**
 * Ends the session `token` opens: its cookie stops working everywhere. Here and below, a session's push
 * subscriptions go with its row (ON DELETE CASCADE): a device signed out gets no more pushes.
 */
export async function endSession(ctx: SessionContext, token: string | undefined): Promise<void> {
  if (token) await ctx.database.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(ctx, token)))
}

/** Ends every session of a user but the one `keptToken` opens (a password change: other devices sign out). */
export async function endOtherSessions(
  ctx: SessionContext,
  userId: number,
  keptToken: string | undefined,
): Promise<void> {
  const keep = keptToken ? ne(sessions.tokenHash, tokenHash(ctx, keptToken)) : undefined
  await ctx.database.db.delete(sessions).where(and(eq(sessions.userId, userId), keep))
}

/** Ends every session of a user (a password reset by e-mail: whoever had the old password is out). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}
