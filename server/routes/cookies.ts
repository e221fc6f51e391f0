// The cookies the API reads and writes, in one place: the session's and the three signed proofs. Each is out of
// scripts' reach, sent only to the path that reads it, and Secure when the app is served over https. The
// services only see and make their values (server/services/auth/session.ts, ../services/signed-token.ts).
// Their names, and what the cookie policy says of each, are src/domain/cookies.ts (checked by cookies.test.ts).
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

import { pathPrefix } from '../../src/contract/route.ts'
import { activate, checkout, signIn as signInRoute } from '../../src/contract/routes.ts'
import { HAVEN_COOKIES } from '../../src/domain/cookies.ts'
import { KNOWN_DEVICE_TTL_MS } from '../services/auth/known-device.ts'
import { endSession, openSession } from '../services/auth/session.ts'
import { SIGN_UP_PROOF_TTL_MS } from '../services/auth/sign-up-proof.ts'
import { CHECKOUT_PROOF_TTL_MS } from '../services/bookings/checkout-proof.ts'

export interface Cookie {
  name: string
  path: string
  sameSite: 'strict' | 'lax'
  /** How long the browser keeps it; without one, as long as the browser runs. */
  maxAgeMs?: number
}

/** The session's token (its lifetime is the session's: server/services/auth/session.ts). */
export const SESSION_COOKIE: Cookie = { name: HAVEN_COOKIES.session.name, path: '/', sameSite: 'strict' }
/** The browser is known to an account: its sign-ins there are counted apart (services/auth/known-device.ts). */
export const DEVICE_COOKIE: Cookie = {
  name: HAVEN_COOKIES.knownDevice.name,
  path: pathPrefix(signInRoute),
  sameSite: 'strict',
  maxAgeMs: KNOWN_DEVICE_TTL_MS,
}
/** The browser made this guest checkout: a replay signs it in (services/bookings/checkout-proof.ts). */
export const CHECKOUT_PROOF_COOKIE: Cookie = {
  name: HAVEN_COOKIES.checkoutProof.name,
  path: pathPrefix(checkout),
  sameSite: 'strict',
  maxAgeMs: CHECKOUT_PROOF_TTL_MS,
}
/** The browser signed up for this account: its link activates it there (services/auth/sign-up-proof.ts). */
export const SIGN_UP_PROOF_COOKIE: Cookie = {
  name: HAVEN_COOKIES.signUpProof.name,
  path: pathPrefix(activate),
  sameSite: 'lax',
  maxAgeMs: SIGN_UP_PROOF_TTL_MS,
}

function options(reply: FastifyReply, cookie: Cookie, maxAgeMs = cookie.maxAgeMs): CookieSerializeOptions {
  return {
    path: cookie.path,
    httpOnly: true,
    sameSite: cookie.sameSite,
    secure: reply.server.ctx.config.publicUrl.startsWith('https:'),
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs / 1000 }),
  }
}

export const readCookie = (request: FastifyRequest, cookie: Cookie): string | undefined =>
  request.cookies[cookie.name]

/** Sets `cookie` to `value`, kept for `maxAgeMs` (the cookie's own lifetime unless given). */
export function setCookie(reply: FastifyReply, cookie: Cookie, value: string, maxAgeMs?: number): void {
  reply.setCookie(cookie.name, value, options(reply, cookie, maxAgeMs ?? cookie.maxAgeMs))
}

export function clearCookie(reply: FastifyReply, cookie: Cookie): void {
  reply.clearCookie(cookie.name, options(reply, cookie))
}

/** Signs `user` in on this browser: a new session and its cookie, for the browser's life or 30 days. */
export async function signIn(
  reply: FastifyReply,
  user: { id: number },
  stayConnected = false,
): Promise<void> {
  const { request } = reply
  const { token, maxAgeMs } = await openSession(reply.server.ctx, user.id, stayConnected, {
    address: request.ip,
    userAgent: request.headers['user-agent'],
  })
  setCookie(reply, SESSION_COOKIE, token, maxAgeMs)
}

/**
 * Every cookie tied to an account (docs/product.md §7): the session, and the proofs that would let this
 * browser into an account without its password (the sign-up's, the guest checkout's) or past its sign-in
 * limits (the known device's). The next person on a shared browser inherits none of them.
 */
export const ACCOUNT_COOKIES = [SESSION_COOKIE, SIGN_UP_PROOF_COOKIE, CHECKOUT_PROOF_COOKIE, DEVICE_COOKIE]

/**
 * Ends this request's session on the server (its cookie stops working everywhere) and clears the cookies tied
 * to the account. Each is cleared on its own path, where the browser keeps it, though this request is not
 * sent there.
 */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await endSession(request.server.ctx, readCookie(request, SESSION_COOKIE))
  for (const cookie of ACCOUNT_COOKIES) clearCookie(reply, cookie)
}
