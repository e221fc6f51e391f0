// Who may call a route, checked on the route: its options name a preHandler from here, which runs after the
// request's schema and before the handler, finds the session from its cookie and sets `request.user`.
// `signedIn`: 401 `unauthorized` for a visitor (no session, or one that ended or expired), 403 `suspended` for
// a blacklisted user. `selfIn(...)`: the same, then 403 `forbidden` unless the account the request names is
// the user's, before anything is read or changed. The services then take the user or their id, never the
// request; which booking is whose is theirs to check (server/services/bookings/ownership.ts).
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'

import { ADMIN_REFUSALS } from '../../src/domain/admin.ts'
import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { HttpError } from '../errors.ts'
import {
  assertSelf,
  findSession,
  requireSession,
  type Session,
  type SessionUser,
} from '../services/auth/session.ts'
import { readCookie, SESSION_COOKIE } from './cookies.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the route's access check; reading it on a route without one throws. */
    readonly user: SessionUser
    /** The id of the session the user was found by (what a push subscription belongs to). */
    readonly sessionId: number
  }
}

const found = new WeakMap<FastifyRequest, Promise<Session | null>>()
const checked = new WeakMap<FastifyRequest, Session>()

/** The request's session, or null for a visitor; looked up once however often it is asked. */
function sessionOf(request: FastifyRequest): Promise<Session | null> {
  let session = found.get(request)
  if (!session) {
    session = findSession(request.server.ctx, readCookie(request, SESSION_COOKIE))
    found.set(request, session)
  }
  return session
}

/** The signed-in user, or null for a visitor, unchecked: for the routes open to both (checkout). */
export async function userOrVisitor(request: FastifyRequest): Promise<SessionUser | null> {
  return (await sessionOf(request))?.user ?? null
}

async function authenticate(request: FastifyRequest): Promise<SessionUser> {
  const session = requireSession(await sessionOf(request))
  checked.set(request, session)
  return session.user
}

/** The route is for signed-in users. */
export const signedIn: preHandlerAsyncHookHandler = async (request) => {
  await authenticate(request)
}

const BACK_OFFICE_ONLY = 'Only an agency or an administrator can do this.'

/**
 * The route is the back office's (application type BACKEND): an agency's or an administrator's session; a
 * renter's gets 403 `forbidden`. Which agency's records are whose is the services' to check.
 */
export const backOffice: preHandlerAsyncHookHandler = async (request) => {
  const user = await authenticate(request)
  if (user.type !== 'AGENCY' && user.type !== 'ADMIN')
    throw new HttpError(403, API_ERROR_CODES.forbidden, BACK_OFFICE_ONLY)
}

/**
 * The route is an administrator's (docs/product.md §16): an `ADMIN` session; an agency's or a renter's gets
 * 403 `admin_only`.
 */
export const adminOnly: preHandlerAsyncHookHandler = async (request) => {
  const user = await authenticate(request)
  if (user.type !== 'ADMIN') throw new HttpError(403, 'admin_only', ADMIN_REFUSALS.admin_only)
}

/**
 * The route acts on the signed-in user's own account, named in the request's path (`params`) or body by the
 * first of `keys` it holds.
 */
export function selfIn(where: 'params' | 'body', ...keys: string[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = await authenticate(request)
    const named = request[where] as Record<string, unknown> | null | undefined
    assertSelf(
      user,
      keys.map((key) => named?.[key]).find((value) => value !== undefined),
    )
  }
}

function checkedSession(request: FastifyRequest): Session {
  const session = checked.get(request)
  if (!session) throw new Error(`${request.routeOptions.url ?? 'this route'} has no access check`)
  return session
}

/** Gives every request `user` and `sessionId`, read from what the route's access check found. */
export function installAccess(app: FastifyInstance): void {
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      return checkedSession(this).user
    },
  })
  app.decorateRequest('sessionId', {
    getter(this: FastifyRequest) {
      return checkedSession(this).id
    },
  })
}
