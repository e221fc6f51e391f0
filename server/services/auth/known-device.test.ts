import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { KNOWN_DEVICE_TTL_MS, knownDeviceId } from './known-device.ts'

const SECRET = 'test-secret'
const cookieFor = (email: string, id: string, issuedAt: number, secret = SECRET) =>
  `${id}.${issuedAt}.${createHmac('sha256', secret)
    .update(`known-device\n${email}\n${id}\n${issuedAt}`)
    .digest('base64url')}`

describe('the known-device cookie', () => {
  const now = 1_800_000_000_000
  const good = cookieFor('owner@mail.test', 'device1', now - 1000)

  it('names the device for the account it was made for, whatever the case of the address typed', () => {
    expect(knownDeviceId(SECRET, 'owner@mail.test', good, now)).toBe('device1')
    expect(knownDeviceId(SECRET, ' Owner@Mail.test ', good, now)).toBe('device1')
  })

  it('is nothing for another account, another secret, a changed part, an old or a future one', () => {
    expect(knownDeviceId(SECRET, 'other@mail.test', good, now)).toBeUndefined()
    expect(knownDeviceId('another-secret', 'owner@mail.test', good, now)).toBeUndefined()
    expect(knownDeviceId(SECRET, 'owner@mail.test', good.replace('device1', 'device2'), now)).toBeUndefined()
    expect(knownDeviceId(SECRET, 'owner@mail.test', `${good}.x`, now)).toBeUndefined()
    expect(knownDeviceId(SECRET, 'owner@mail.test', undefined, now)).toBeUndefined()
    expect(knownDeviceId(SECRET, 'owner@mail.test', 'garbage', now)).toBeUndefined()
    const old = cookieFor('owner@mail.test', 'device1', now - KNOWN_DEVICE_TTL_MS)
    expect(knownDeviceId(SECRET, 'owner@mail.test', old, now)).toBeUndefined()
    const future = cookieFor('owner@mail.test', 'device1', now + 60_000)
    expect(knownDeviceId(SECRET, 'owner@mail.test', future, now)).toBeUndefined()
  })
})
