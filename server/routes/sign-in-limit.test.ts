import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { emlText, freshIp, lastMailTo, linkIn } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

const rateLimited = { error: 'rate_limited', message: 'Too many requests. Try again later.' }

describe.each(databaseKinds())('failed sign-ins per account on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1 })
  })
  afterAll(() => t?.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Each attempt from another address: the per-address limit never applies, as for a spread-out guesser. */
  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email, password },
      remoteAddress: freshIp(),
    })
  const fail = async (email: string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      const response = await signIn(email, `guess-${i}-wrong`)
      expect(response.statusCode, `${email} attempt ${i + 1}`).toBe(401)
    }
  }

  it('refuses an account after 10 failures in 15 minutes, even the right password, until the window passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    await fail(DEMO_RENTER.email, 10)
    for (const [email, password] of [
      [DEMO_RENTER.email, 'another-guess'],
      [DEMO_RENTER.email, DEMO_RENTER.password],
      [` ${DEMO_RENTER.email.toUpperCase()} `, DEMO_RENTER.password],
    ] as const) {
      const response = await signIn(email, password)
      expect(response.statusCode, email).toBe(429)
      expect(response.json()).toEqual(rateLimited)
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    // Another account is not concerned.
    expect((await signIn(OTHER_RENTER.email, OTHER_RENTER.password)).statusCode).toBe(200)

    // The refusal ends with the window: the owner signs in again, whoever kept guessing meanwhile.
    vi.setSystemTime(Date.now() + 14 * 60 * 1000)
    expect((await signIn(DEMO_RENTER.email, DEMO_RENTER.password)).statusCode).toBe(429)
    vi.setSystemTime(Date.now() + 60 * 1000 + 1)
    expect((await signIn(DEMO_RENTER.email, DEMO_RENTER.password)).statusCode).toBe(200)
  })

  it('starts counting again after a successful sign-in', async () => {
    await fail(OTHER_RENTER.email, 9)
    expect((await signIn(OTHER_RENTER.email, OTHER_RENTER.password)).statusCode).toBe(200)
    await fail(OTHER_RENTER.email, 9)
    expect((await signIn(OTHER_RENTER.email, OTHER_RENTER.password)).statusCode).toBe(200)
  })

  it('answers an unknown address the same way, so the refusal tells nothing about who has an account', async () => {
    await fail('nobody-here@example.test', 10)
    const response = await signIn('nobody-here@example.test', 'guess-guess')
    expect(response.statusCode).toBe(429)
    expect(response.json()).toEqual(rateLimited)
  })

  it('lets the owner back in at once through a password reset link', async () => {
    await fail(DEMO_RENTER.email, 10)
    expect((await signIn(DEMO_RENTER.email, DEMO_RENTER.password)).statusCode).toBe(429)
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/resend/frontend/${encodeURIComponent(DEMO_RENTER.email)}/true`,
      remoteAddress: freshIp(),
    })
    expect(resend.statusCode).toBe(200)
    const link = linkIn(emlText(lastMailTo(t.config.dataDir, DEMO_RENTER.email).eml), '/reset-password')
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: {
        userId: link.searchParams.get('u'),
        token: link.searchParams.get('t'),
        password: 'reset-secret',
      },
      remoteAddress: freshIp(),
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect((await signIn(DEMO_RENTER.email, 'reset-secret')).statusCode).toBe(200)
  })
})
