import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { signInSlowdown } from '../services/auth/failed-sign-ins.ts'
import { cookieHeader, emlText, freshIp, lastMailTo, linkIn } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

const rateLimited = { error: 'rate_limited', message: 'Too many requests. Try again later.' }
const MINUTE = 60 * 1000

describe.each(databaseKinds())('failed sign-ins per account on %s', (kind) => {
  let t: TestApp
  /** The pauses the slowdown asked for, in order; none is waited for. */
  let pauses: number[]
  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1 })
  })
  afterAll(() => t?.close())
  beforeEach(() => {
    pauses = []
    vi.spyOn(signInSlowdown, 'wait').mockImplementation((ms) => {
      pauses.push(ms)
      return Promise.resolve()
    })
    // Each test on its own 15 minutes: the windows of the tests before it are over.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60 * MINUTE * (1 + (++testNumber % 1000)) })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })
  let testNumber = 0

  const signIn = (email: string, password: string, { ip = freshIp(), cookie = '' } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    })
  /** Wrong passwords, each from another address unless `ip` is given. */
  const fail = async (email: string, times: number, ip?: string) => {
    for (let i = 0; i < times; i += 1) {
      const response = await signIn(email, `guess-${i}-wrong`, ip ? { ip } : {})
      expect(response.statusCode, `${email} attempt ${i + 1}`).toBe(401)
    }
  }
  /** Past the per-address limit of the route itself (10 a minute), which is not what these tests are about. */
  const afterRouteLimit = () => vi.setSystemTime(Date.now() + MINUTE + 1)

  it('lets the owner in from their own address after 10 failures from 10 other addresses', async () => {
    await fail(DEMO_RENTER.email, 10)
    const owner = await signIn(DEMO_RENTER.email, DEMO_RENTER.password, { ip: '10.200.0.1' })
    expect(owner.statusCode, owner.body).toBe(200)
  })

  it('refuses one address past 10 failures in 15 minutes, even the right password, until the window passes', async () => {
    const ip = freshIp()
    await fail(DEMO_RENTER.email, 10, ip)
    afterRouteLimit()
    for (const email of [DEMO_RENTER.email, ` ${DEMO_RENTER.email.toUpperCase()} `]) {
      const response = await signIn(email, DEMO_RENTER.password, { ip })
      expect(response.statusCode, email).toBe(429)
      expect(response.json()).toEqual(rateLimited)
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(60)
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    // Neither the owner elsewhere nor another account from this address is concerned.
    expect((await signIn(DEMO_RENTER.email, DEMO_RENTER.password)).statusCode).toBe(200)
    expect((await signIn(OTHER_RENTER.email, OTHER_RENTER.password, { ip })).statusCode).toBe(200)

    // The refusal ends with the window.
    vi.setSystemTime(Date.now() + 13 * MINUTE)
    expect((await signIn(DEMO_RENTER.email, DEMO_RENTER.password, { ip })).statusCode).toBe(429)
    vi.setSystemTime(Date.now() + MINUTE)
    expect((await signIn(DEMO_RENTER.email, DEMO_RENTER.password, { ip })).statusCode).toBe(200)
  })

  it('lets a correct password through from a device that signed in before, even from a refused address', async () => {
    const shared = freshIp()
    const before = await signIn(OTHER_RENTER.email, OTHER_RENTER.password, { ip: shared })
    expect(before.statusCode).toBe(200)
    const device = before.cookies.find((cookie) => cookie.name === 'haven_device')
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/sign-in' })
    const deviceCookie = cookieHeader({ cookies: [device!] })

    // Someone behind the same address guesses, and from many others too.
    afterRouteLimit()
    await fail(OTHER_RENTER.email, 10, shared)
    await fail(OTHER_RENTER.email, 10)
    afterRouteLimit()
    expect((await signIn(OTHER_RENTER.email, OTHER_RENTER.password, { ip: shared })).statusCode).toBe(429)
    pauses = []
    const owner = await signIn(OTHER_RENTER.email, OTHER_RENTER.password, {
      ip: shared,
      cookie: deviceCookie,
    })
    expect(owner.statusCode, owner.body).toBe(200)
    // Not slowed down either.
    expect(pauses).toEqual([])

    // The device is known to that account only.
    const elsewhere = await signIn(DEMO_RENTER.email, 'guess-wrong', { cookie: deviceCookie })
    expect(elsewhere.statusCode).toBe(401)
  })

  it('slows down guesses on one account from many addresses, by a growing and bounded delay', async () => {
    await fail(DEMO_RENTER.email, 16)
    expect(pauses).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000])
    // The delay comes before the answer whatever the password, so cutting a slow answer short tells nothing.
    pauses = []
    expect((await signIn(DEMO_RENTER.email, DEMO_RENTER.password)).statusCode).toBe(200)
    expect(pauses).toEqual([8000])
    // Another account is not slowed down.
    pauses = []
    expect((await signIn(OTHER_RENTER.email, OTHER_RENTER.password)).statusCode).toBe(200)
    expect(pauses).toEqual([0])
  })

  it('answers an unknown address the same way, so the refusal tells nothing about who has an account', async () => {
    const ip = freshIp()
    await fail('nobody-here@example.test', 10, ip)
    afterRouteLimit()
    const response = await signIn('nobody-here@example.test', 'guess-guess', { ip })
    expect(response.statusCode).toBe(429)
    expect(response.json()).toEqual(rateLimited)
  })

  it('lets the owner back in at once through a password reset link', async () => {
    const ip = freshIp()
    await fail(DEMO_RENTER.email, 10, ip)
    afterRouteLimit()
    expect((await signIn(DEMO_RENTER.email, DEMO_RENTER.password, { ip })).statusCode).toBe(429)
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
    pauses = []
    expect((await signIn(DEMO_RENTER.email, 'reset-secret', { ip })).statusCode).toBe(200)
    expect(pauses).toEqual([0])
  })

  it("counts a signed-in session's password checks as guesses of the account, as sign-ins are", async () => {
    const session = cookieHeader(await signIn(OTHER_RENTER.email, OTHER_RENTER.password, { ip: freshIp() }))
    const id = String(t.seed.otherRenterId)
    // Whoever holds the session (a browser left open) guesses from their own address.
    const ip = freshIp()
    const check = (password: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/check-password/${id}/${password}`,
        headers: { cookie: session },
        remoteAddress: ip,
      })
    const change = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/change-password',
        payload: { _id: id, password, newPassword: 'taken-over' },
        headers: { cookie: session },
        remoteAddress: ip,
      })
    for (let i = 0; i < 5; i += 1) {
      expect((await check(`guess-${i}`)).json()).toEqual({ valid: false })
      expect((await change(`other-guess-${i}`)).statusCode).toBe(400)
    }
    afterRouteLimit()
    const refused = await check(OTHER_RENTER.password)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual(rateLimited)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60)
    expect((await change(OTHER_RENTER.password)).statusCode).toBe(429)
    // The same count as sign-in's: this address may not sign in to the account either.
    expect((await signIn(OTHER_RENTER.email, OTHER_RENTER.password, { ip })).statusCode).toBe(429)
    // Slowed down as sign-ins are, once the account's failures pass the free ones.
    expect(pauses.filter((ms) => ms > 0).length).toBeGreaterThan(0)
  })
})
