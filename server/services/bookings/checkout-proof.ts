// The proof that a replayed guest checkout comes from the browser that made it. A guest checkout signs the new
// account in; its replay (the same operation id and guest details: a double submit, an answer lost on the way)
// answers with the same booking, but the details and the id are no secret (a shared computer, a relayed or
// logged request), so a replay opens a session only when it carries `haven_checkout`: a cookie the first answer
// set, HttpOnly and SameSite=Strict, sent only to the checkout route, signed with the session secret for that
// account and operation, and good for a short while.
import { createHmac, timingSafeEqual } from 'node:crypto'

import type { FastifyReply, FastifyRequest } from 'fastify'

export const CHECKOUT_PROOF_COOKIE = 'haven_checkout'
/** Long enough for a retry of the same checkout screen, short enough not to outlive it by much. */
export const CHECKOUT_PROOF_TTL_MS = 30 * 60 * 1000

export interface GuestOperation {
  userId: number
  operationId: string
}

const signature = (secret: string, { userId, operationId }: GuestOperation, issuedAt: string) =>
  createHmac('sha256', secret)
    .update(`guest-checkout\n${userId}\n${operationId}\n${issuedAt}`)
    .digest('base64url')

/** Sets the proof of `operation` in the browser that made it (one operation at a time: the last one). */
export function giveCheckoutProof(reply: FastifyReply, operation: GuestOperation): void {
  const { secrets, deps } = reply.server
  const issuedAt = String(Date.now())
  reply.setCookie(
    CHECKOUT_PROOF_COOKIE,
    `${issuedAt}.${signature(secrets.sessionSecret, operation, issuedAt)}`,
    {
      path: '/api/checkout',
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.publicUrl.startsWith('https:'),
      maxAge: CHECKOUT_PROOF_TTL_MS / 1000,
    },
  )
}

/** Whether `request` carries a proof of `operation` issued less than CHECKOUT_PROOF_TTL_MS ago. */
export function hasCheckoutProof(
  request: FastifyRequest,
  operation: GuestOperation,
  now = Date.now(),
): boolean {
  const [issuedAt, mac, ...rest] = (request.cookies[CHECKOUT_PROOF_COOKIE] ?? '').split('.')
  if (!issuedAt || !mac || rest.length > 0 || !/^\d{1,15}$/.test(issuedAt)) return false
  const expected = Buffer.from(signature(request.server.secrets.sessionSecret, operation, issuedAt))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  const age = now - Number(issuedAt)
  return age >= 0 && age < CHECKOUT_PROOF_TTL_MS
}
