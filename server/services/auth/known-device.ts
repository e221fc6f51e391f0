// The known-device cookie: a successful password sign-in (or an e-mailed link followed) leaves `haven_device`
// in the browser, signed with the session secret for the address signed in to. A later sign-in to that account
// carrying it is counted apart from its address and is not slowed down (failed-sign-ins.ts), so strangers
// guessing from the same or other addresses cannot keep the owner out. It opens nothing by itself: the password
// is still checked, and the device's own failures are limited like an address's. One account per browser: the
// last one signed in to.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import type { FastifyReply } from 'fastify'

import { accountKey } from './failed-sign-ins.ts'

export const DEVICE_COOKIE = 'haven_device'
/** How long a device stays known without signing in again. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000

const signature = (secret: string, email: string, id: string, issuedAt: string) =>
  createHmac('sha256', secret)
    .update(`known-device\n${accountKey(email)}\n${id}\n${issuedAt}`)
    .digest('base64url')

/** The device's id, when `cookie` was made for `email`'s account less than KNOWN_DEVICE_TTL_MS ago. */
export function knownDeviceId(
  secret: string,
  email: string,
  cookie: string | undefined,
  now = Date.now(),
): string | undefined {
  const [id, issuedAt, mac, ...rest] = (cookie ?? '').split('.')
  if (!id || !issuedAt || !mac || rest.length > 0 || !/^\d{1,15}$/.test(issuedAt)) return undefined
  const expected = Buffer.from(signature(secret, email, id, issuedAt))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const age = now - Number(issuedAt)
  return age >= 0 && age < KNOWN_DEVICE_TTL_MS ? id : undefined
}

/** Sets the cookie that makes this browser known to `email`'s account (only sign-in requests carry it). */
export function rememberDevice(reply: FastifyReply, email: string): void {
  const { secrets, deps } = reply.server
  const id = randomBytes(12).toString('base64url')
  const issuedAt = String(Date.now())
  reply.setCookie(
    DEVICE_COOKIE,
    `${id}.${issuedAt}.${signature(secrets.sessionSecret, email, id, issuedAt)}`,
    {
      path: '/api/sign-in',
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.publicUrl.startsWith('https:'),
      maxAge: KNOWN_DEVICE_TTL_MS / 1000,
    },
  )
}
