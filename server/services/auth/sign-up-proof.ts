// The proof that an activation link is opened in the browser that signed up. Anyone may sign up with someone
// else's address, so the password typed at sign-up becomes the account's only once the person who typed it is
// shown to hold the address's mail too: by following the link in the browser that signed up (this proof), or
// by typing that password again elsewhere (links.ts). The sign-up's answer leaves it in the `haven_signup`
// cookie (server/routes/cookies.ts: HttpOnly, sent only to the activation call, SameSite=Lax), signed with
// the session secret for the new account (../signed-token.ts), and good as long as the link the sign-up sent.
// Only a sign-up gives one: a resend (anyone may ask for one, from any browser) does not.
import { LINK_TTL_MS } from '../../../src/domain/auth-messages.ts'
import { readSignedToken, signToken, type SignedTokenKind } from '../signed-token.ts'

export const SIGN_UP_PROOF_TTL_MS = LINK_TTL_MS

const SIGN_UP_PROOF: SignedTokenKind = { purpose: 'sign-up', ttlMs: SIGN_UP_PROOF_TTL_MS }

/** The proof that this browser signed up for `userId`'s account (one account per browser: the last one). */
export function issueSignUpProof(secret: string, userId: number, now = Date.now()): string {
  return signToken(secret, SIGN_UP_PROOF, [userId], [], now)
}

/** Whether `proof` shows the browser signed up for `userId`'s account less than a link's life before `now`. */
export function isSignUpProof(
  secret: string,
  userId: number,
  proof: string | undefined,
  now = Date.now(),
): boolean {
  return readSignedToken(secret, SIGN_UP_PROOF, [userId], proof, 0, now) !== undefined
}
