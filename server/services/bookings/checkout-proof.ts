// The proof that a replayed guest checkout comes from the browser that made it. A guest checkout signs the new
// account in; its replay (the same operation id and guest details: a double submit, an answer lost on the way)
// answers with the same booking, but the details and the id are no secret (a shared computer, a relayed or
// logged request), so a replay opens a session only when it carries `haven_checkout`: a cookie the first answer
// set, HttpOnly and SameSite=Strict, sent only to the checkout route, signed with the session secret for that
// account and operation (../signed-token.ts), and good for a short while.
import type { FastifyReply, FastifyRequest } from 'fastify'

import { proofCookieOptions, readSignedToken, signToken, type SignedTokenKind } from '../signed-token.ts'

export const CHECKOUT_PROOF_COOKIE = 'haven_checkout'
/** Long enough for a retry of the same checkout screen, short enough not to outlive it by much. */
export const CHECKOUT_PROOF_TTL_MS = 30 * 60 * 1000

const CHECKOUT_PROOF: SignedTokenKind = { purpose: 'guest-checkout', ttlMs: CHECKOUT_PROOF_TTL_MS }

export interface GuestOperation {
  userId: number
  operationId: string
}

/** Sets the proof of `operation` in the browser that made it (one operation at a time: the last one). */
export function giveCheckoutProof(reply: FastifyReply, { userId, operationId }: GuestOperation): void {
  reply.setCookie(
    CHECKOUT_PROOF_COOKIE,
    signToken(reply.server.ctx.secrets.sessionSecret, CHECKOUT_PROOF, [userId, operationId]),
    proofCookieOptions(reply, CHECKOUT_PROOF, { path: '/api/checkout', sameSite: 'strict' }),
  )
}

/** Whether `request` carries a proof of `operation` issued less than CHECKOUT_PROOF_TTL_MS ago. */
export function hasCheckoutProof(
  request: FastifyRequest,
  { userId, operationId }: GuestOperation,
  now = Date.now(),
): boolean {
  const proof = request.cookies[CHECKOUT_PROOF_COOKIE]
  const { sessionSecret } = request.server.ctx.secrets
  return readSignedToken(sessionSecret, CHECKOUT_PROOF, [userId, operationId], proof, 0, now) !== undefined
}
