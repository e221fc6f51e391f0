// The proof that a replayed guest checkout comes from the browser that made it. A guest checkout signs the new
// account in; its replay (the same operation id and guest details: a double submit, an answer lost on the way)
// answers with the same booking, but the details and the id are no secret (a shared computer, a relayed or
// logged request), so a replay opens a session only when it carries this proof: the first answer leaves it in
// the `haven_checkout` cookie (server/routes/cookies.ts: HttpOnly, SameSite=Strict, sent only to the checkout
// route), signed with the session secret for that account and operation (../signed-token.ts), and good for a
// short while.
import { readSignedToken, signToken, type SignedTokenKind } from '../signed-token.ts'

/** Long enough for a retry of the same checkout screen, short enough not to outlive it by much. */
export const CHECKOUT_PROOF_TTL_MS = 30 * 60 * 1000

const CHECKOUT_PROOF: SignedTokenKind = { purpose: 'guest-checkout', ttlMs: CHECKOUT_PROOF_TTL_MS }

export interface GuestOperation {
  userId: number
  operationId: string
}

/** The proof of `operation`, for the browser that made it (one operation at a time: the last one). */
export function issueCheckoutProof(
  secret: string,
  { userId, operationId }: GuestOperation,
  now = Date.now(),
): string {
  return signToken(secret, CHECKOUT_PROOF, [userId, operationId], [], now)
}

/** Whether `proof` is a proof of `operation` issued less than CHECKOUT_PROOF_TTL_MS before `now`. */
export function isCheckoutProof(
  secret: string,
  { userId, operationId }: GuestOperation,
  proof: string | undefined,
  now = Date.now(),
): boolean {
  return readSignedToken(secret, CHECKOUT_PROOF, [userId, operationId], proof, 0, now) !== undefined
}
