// The known-device cookie: a successful password sign-in (or an e-mailed link followed) leaves `haven_device`
// in the browser, signed with the session secret for the address signed in to (../signed-token.ts). A later sign-in to that account
// carrying it is counted apart from its address and is not slowed down (failed-sign-ins.ts), so strangers
// guessing from the same or other addresses cannot keep the owner out. It opens nothing by itself: the password
// is still checked, and the device's own failures are limited like an address's. One account per browser: the
// last one signed in to, until it signs out there (server/routes/cookies.ts): the next person on a shared
// browser must not be taken for the account's owner.
import { randomBytes } from 'node:crypto'

import { readSignedToken, signToken, type SignedTokenKind } from '../signed-token.ts'
import { accountKey } from './failed-sign-ins.ts'

/** How long a device stays known without signing in again. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000

const KNOWN_DEVICE: SignedTokenKind = { purpose: 'known-device', ttlMs: KNOWN_DEVICE_TTL_MS }

/** The device's id, when `cookie` was made for `email`'s account less than KNOWN_DEVICE_TTL_MS ago. */
export function knownDeviceId(
  secret: string,
  email: string,
  cookie: string | undefined,
  now = Date.now(),
): string | undefined {
  return readSignedToken(secret, KNOWN_DEVICE, [accountKey(email)], cookie, 1, now)?.[0]
}

/** A new device id, signed for `email`'s account: the cookie's value that makes this browser known to it. */
export function issueDeviceProof(secret: string, email: string, now = Date.now()): string {
  const id = randomBytes(12).toString('base64url')
  return signToken(secret, KNOWN_DEVICE, [accountKey(email)], [id], now)
}
