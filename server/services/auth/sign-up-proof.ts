// The proof that an activation link is opened in the browser that signed up. Anyone may sign up with someone
// else's address, so the password typed at sign-up becomes the account's only once the person who typed it is
// shown to hold the address's mail too: by following the link in the browser that signed up (this cookie), or
// by typing that password again elsewhere (links.ts). `haven_signup` is set by the sign-up's answer, signed
// with the session secret for the new account (../signed-token.ts), HttpOnly, sent only to the activation
// call, SameSite=Lax, and good as long as the link the sign-up sent. Only a sign-up gives one: a resend
// (anyone may ask for one, from any browser) does not.
import type { FastifyReply, FastifyRequest } from 'fastify'

import { LINK_TTL_MS } from '../../../src/domain/auth.ts'
import { proofCookieOptions, readSignedToken, signToken, type SignedTokenKind } from '../signed-token.ts'

export const SIGN_UP_PROOF_COOKIE = 'haven_signup'

const SIGN_UP_PROOF: SignedTokenKind = { purpose: 'sign-up', ttlMs: LINK_TTL_MS }

const cookieOptions = (reply: FastifyReply) =>
  proofCookieOptions(reply, SIGN_UP_PROOF, { path: '/api/activate', sameSite: 'lax' })

/** Leaves in this browser the proof that it signed up for `userId`'s account (one account: the last one). */
export function giveSignUpProof(reply: FastifyReply, userId: number): void {
  reply.setCookie(
    SIGN_UP_PROOF_COOKIE,
    signToken(reply.server.ctx.secrets.sessionSecret, SIGN_UP_PROOF, [userId]),
    cookieOptions(reply),
  )
}

/** Whether `request` comes from the browser that signed up for `userId`'s account, less than a link's life ago. */
export function signedUpHere(request: FastifyRequest, userId: number, now = Date.now()): boolean {
  const proof = request.cookies[SIGN_UP_PROOF_COOKIE]
  const { sessionSecret } = request.server.ctx.secrets
  return readSignedToken(sessionSecret, SIGN_UP_PROOF, [userId], proof, 0, now) !== undefined
}

/** Removes the proof once its account is activated: it has nothing left to prove. */
export function dropSignUpProof(reply: FastifyReply): void {
  reply.clearCookie(SIGN_UP_PROOF_COOKIE, cookieOptions(reply))
}
