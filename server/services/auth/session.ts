// Sessions: an httpOnly cookie `haven_session` holding a random 256-bit token; the `sessions` table keeps
// only its HMAC (keyed by the session secret), the user and the expiry. Chosen over a signed JWT because the
// product needs sessions that end on the server (docs/product.md §7: a copy of the old cookie no longer works
// after sign-out, and a password change signs out every other device): deleting a row does that at once,
// where a JWT would stay valid until it expires. One indexed lookup per authenticated request is the price.
import { createHmac, randomBytes } from 'node:crypto'

import { and, eq, gt, lte, ne } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'

import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../../src/domain/auth.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { Db } from '../../db/open.ts'
import { sessions, users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import type { UserRow } from './public-user.ts'

export const SESSION_COOKIE = 'haven_session'
/** Without "stay connected": the cookie lasts as long as the browser, the session at most a day. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000
/** With "stay connected". */
export const PERSISTENT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

/** The signed-in user: the whole row, for the server's own use. Never send it: use toPublicUser. */
export type SessionUser = UserRow

const signedInUsers = new WeakMap<FastifyRequest, Promise<SessionUser | null>>()
/** The id of the session a request's user was found by (what a push subscription belongs to). */
const sessionIds = new WeakMap<FastifyRequest, number>()

const tokenHash = ({ server }: FastifyRequest | FastifyReply, token: string) =>
  createHmac('sha256', server.ctx.secrets.sessionSecret).update(token).digest('base64url')

const dbOf = (request: FastifyRequest | FastifyReply): Db => request.server.ctx.database.db

function cookieOptions(request: FastifyRequest | FastifyReply) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.server.ctx.config.publicUrl.startsWith('https:'),
  }
}

const unauthorized = () => new HttpError(401, API_ERROR_CODES.unauthorized, AUTH_MESSAGES.signInRequired)
export const suspended = () => new HttpError(403, AUTH_ERROR_CODES.suspended, AUTH_MESSAGES.suspended)

async function lookup(request: FastifyRequest): Promise<SessionUser | null> {
  const token = request.cookies[SESSION_COOKIE]
  // A token is 43 base64url characters; anything else is not worth a query.
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  const [row] = await dbOf(request)
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash(request, token)), gt(sessions.expiresAt, new Date())))
    .limit(1)
  if (row) sessionIds.set(request, row.sessionId)
  return row?.user ?? null
}

/** The signed-in user, or null for a visitor; one lookup per request however often it is asked. */
export function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  let found = signedInUsers.get(request)
  if (!found) {
    found = lookup(request)
    signedInUsers.set(request, found)
  }
  return found
}

/**
 * The signed-in user. 401 `{ error: 'unauthorized' }` for a visitor (no cookie, or one that ended or expired);
 * 403 `{ error: 'suspended', message: 'Your account is suspended.' }` for a blacklisted user.
 */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(request)
  if (!user) throw unauthorized()
  if (user.blacklisted) throw suspended()
  return user
}

/** The signed-in user and the id of their session; 401 and 403 as requireUser. */
export async function requireSession(
  request: FastifyRequest,
): Promise<{ user: SessionUser; sessionId: number }> {
  const user = await requireUser(request)
  const sessionId = sessionIds.get(request)
  if (sessionId === undefined) throw unauthorized()
  return { user, sessionId }
}

/**
 * The signed-in user, when `id` (from a path or a body) is theirs; 401 when not signed in, 403 otherwise.
 * Call it before reading or changing anything.
 */
export async function assertSelf(request: FastifyRequest, id: string | number): Promise<SessionUser> {
  const user = await requireUser(request)
  if (String(user.id) !== String(id).trim()) {
    throw new HttpError(403, API_ERROR_CODES.forbidden, AUTH_MESSAGES.notYourAccount)
  }
  return user
}

/** Opens a session for `user` and sets its cookie: for the browser's life, or 30 days with stayConnected. */
export async function startSession(
  reply: FastifyReply,
  user: { id: number },
  stayConnected = false,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const ttl = stayConnected ? PERSISTENT_SESSION_TTL_MS : SESSION_TTL_MS
  const db = dbOf(reply)
  // Expired rows of this user go as a new one comes: the table does not grow with every sign-in.
  await db.delete(sessions).where(and(eq(sessions.userId, user.id), lte(sessions.expiresAt, new Date())))
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: tokenHash(reply, token),
    persistent: stayConnected,
    expiresAt: new Date(Date.now() + ttl),
  })
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(reply),
    ...(stayConnected ? { maxAge: ttl / 1000 } : {}),
  })
}

/**
 * Ends this request's session on the server (its cookie stops working everywhere) and clears the cookie. Here
 * and below, a session's push subscriptions go with its row (ON DELETE CASCADE): a device signed out gets no
 * more pushes.
 */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE]
  if (token)
    await dbOf(request)
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHash(request, token)))
  signedInUsers.set(request, Promise.resolve(null))
  sessionIds.delete(request)
  reply.clearCookie(SESSION_COOKIE, cookieOptions(reply))
}

/** Ends every session of a user but the one `request` carries (a password change: other devices sign out). */
export async function endOtherSessions(request: FastifyRequest, userId: number): Promise<void> {
  const token = request.cookies[SESSION_COOKIE]
  const keep = token ? ne(sessions.tokenHash, tokenHash(request, token)) : undefined
  await dbOf(request)
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep))
}

/** Ends every session of a user (a password reset by e-mail: whoever had the old password is out). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}
