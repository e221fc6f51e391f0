// Stripe's webhook signatures, as Stripe documents them: the `Stripe-Signature` header carries a timestamp
// `t` and one or more `v1` signatures, each the hex HMAC-SHA256 of `${t}.${raw body}` keyed with the
// endpoint's secret (`whsec_…`). A signature is good when one `v1` matches (compared in constant time) and `t`
// is within the tolerance of now, so that a captured event cannot be replayed later. The stand-in signs with
// `signStripePayload`, the same way.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** Stripe's own default tolerance. */
export const SIGNATURE_TOLERANCE_S = 300

const hmac = (secret: string, timestamp: number, payload: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')

export function signStripePayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`
}

export function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1])
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_S) return false
  const expected = Buffer.from(hmac(secret, timestamp, payload), 'hex')
  return parts
    .filter(([name, value]) => name === 'v1' && value && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected))
}
