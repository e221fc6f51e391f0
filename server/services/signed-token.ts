// Small proofs the server leaves in a browser's cookie (server/routes/cookies.ts) and reads back later: this browser is known to an account
// (haven_device), made a guest checkout (haven_checkout), signed up for an account (haven_signup). Each is an
// HMAC-SHA256, keyed by the session secret, over its kind, the values it is bound to, the values it carries
// and the time it was issued. Bound values stay on the server (the account, the operation): a proof checked
// against other ones is no proof. Carried values travel in the cookie (a device's id) and must be
// base64url. The cookie holds `carried… . issuedAt . mac` and nothing secret; a proof older than its kind's
// time to live, or from the future, is no proof.
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface SignedTokenKind {
  /** What the proof says, signed with it, so that a proof of one kind is never read as another. */
  purpose: string
  ttlMs: number
}

type Bound = readonly (string | number)[]

const CARRIED = /^[A-Za-z0-9_-]+$/
const ISSUED_AT = /^\d{1,15}$/

// Newlines separate the signed values: one inside a bound value could shift them, so none is signed.
const isSignable = (bound: Bound) => bound.every((value) => !String(value).includes('\n'))

const mac = (
  secret: string,
  kind: SignedTokenKind,
  bound: Bound,
  carried: readonly string[],
  issuedAt: string,
) =>
  createHmac('sha256', secret)
    .update([kind.purpose, ...bound.map(String), ...carried, issuedAt].join('\n'))
    .digest('base64url')

/** A proof of `kind` for `bound`, carrying `carried` (base64url values), issued at `now`. */
export function signToken(
  secret: string,
  kind: SignedTokenKind,
  bound: Bound,
  carried: readonly string[] = [],
  now = Date.now(),
): string {
  if (!isSignable(bound) || !carried.every((value) => CARRIED.test(value))) {
    throw new Error(`a ${kind.purpose} proof cannot hold these values`)
  }
  const issuedAt = String(now)
  return [...carried, issuedAt, mac(secret, kind, bound, carried, issuedAt)].join('.')
}

/**
 * The values `token` carries (as many as `carriedCount`) when it is a proof of `kind` for `bound`, issued less
 * than the kind's time to live before `now`; undefined otherwise.
 */
export function readSignedToken(
  secret: string,
  kind: SignedTokenKind,
  bound: Bound,
  token: string | undefined,
  carriedCount = 0,
  now = Date.now(),
): string[] | undefined {
  const parts = (token ?? '').split('.')
  if (parts.length !== carriedCount + 2 || parts.some((part) => part === '') || !isSignable(bound)) {
    return undefined
  }
  const carried = parts.slice(0, carriedCount)
  const [issuedAt = '', given = ''] = parts.slice(carriedCount)
  if (!ISSUED_AT.test(issuedAt)) return undefined
  const expected = Buffer.from(mac(secret, kind, bound, carried, issuedAt))
  const received = Buffer.from(given)
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return undefined
  const age = now - Number(issuedAt)
  return age >= 0 && age < kind.ttlMs ? carried : undefined
}
