import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sessions } from '../../db/schema.ts'
import { DEMO_RENTER } from '../../db/seed/seed.ts'
import { freshIp, signInCookie } from '../../test/accounts.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'

describe('sessions', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { properties: 1, env: { PUBLIC_URL: 'https://haven.example' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: `/api/user/${t.seed.renterId}`, headers: { cookie } })

  it('sets a Secure cookie under HTTPS and stores only an HMAC of its token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email: DEMO_RENTER.email, password: DEMO_RENTER.password },
      remoteAddress: freshIp(),
    })
    const [cookie] = response.cookies
    expect(cookie).toMatchObject({ name: 'haven_session', secure: true, httpOnly: true, sameSite: 'Strict' })
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, t.seed.renterId))
    expect(rows.map((row) => row.tokenHash)).not.toContain(cookie!.value)
    expect(rows.every((row) => row.persistent === false)).toBe(true)
  })

  it('refuses an expired session, a forged token and a cookie of the wrong shape', async () => {
    const cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    expect((await me(cookie)).statusCode).toBe(200)
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, t.seed.renterId))
    expect((await me(cookie)).statusCode).toBe(401)
    expect((await me(`haven_session=${'A'.repeat(43)}`)).statusCode).toBe(401)
    expect((await me('haven_session=%%%; other=1')).statusCode).toBe(401)
    // Expired rows go when the user signs in again.
    await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, t.seed.renterId))
    expect(rows).toHaveLength(1)
  })

  it('takes resend-link with no body at all', async () => {
    const cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    const response = await t.app.inject({ method: 'POST', url: '/api/resend-link', headers: { cookie } })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ sent: false })
  })
})
