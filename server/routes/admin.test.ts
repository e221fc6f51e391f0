// Administration (docs/product.md §14) over HTTP on both databases: each act, its refusals and its record.
// Who may call what (an agency, a renter, a visitor: refused) is the census's (server/authorization.test.ts).
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildApp } from '../app.ts'
import { bookings, sessions, signIns, users } from '../db/schema.ts'
import { DEMO_ADMIN, DEMO_AGENCY, DEMO_RENTER } from '../db/seed/seed.ts'
import { hashPassword } from '../services/auth/password.ts'
import { clientOf, emlText, freshIp, lastMailTo, linkIn, signInCookie } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

describe.each(databaseKinds())('administration on %s', (kind) => {
  let t: TestApp
  /** A second server on the same database: what one ends, the other must not keep. */
  let other: FastifyInstance
  let admin: string
  const { post, get } = clientOf(() => t.app)

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 30, env: { RATE_LIMIT_SCALE: '100' } })
    other = await buildApp({ config: t.config, database: t.database })
    await other.ready()
    admin = await signInCookie(t.app, DEMO_ADMIN.email, DEMO_ADMIN.password, false, 'backend')
  })
  afterAll(async () => {
    await other?.close()
    await t?.close()
  })

  /** A renter of our own, activated or not, with the demo's password. */
  async function renter(email: string, { activated = true } = {}) {
    const [row] = await t.database.db
      .insert(users)
      .values({
        type: 'USER',
        email,
        fullName: 'Ines Leroy',
        language: 'fr',
        birthDate: '1991-03-04',
        passwordHash: await hashPassword(DEMO_RENTER.password),
        activatedAt: activated ? new Date() : null,
      })
      .returning()
    return row!
  }

  const validate = (app: FastifyInstance, cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/api/validate-access-token',
      headers: { cookie },
      remoteAddress: freshIp(),
    })

  describe('users', () => {
    it('lists users by words of their name or address, type and state, a page at a time', async () => {
      await renter('zoe.search@example.test', { activated: false })
      const found = await post('/api/admin/users', { keyword: 'zoe.SEARCH' }, admin)
      expect(found.statusCode, found.body).toBe(200)
      expect(found.json()).toEqual({
        rows: [
          expect.objectContaining({ email: 'zoe.search@example.test', type: 'USER', state: 'inactive' }),
        ],
        total: 1,
      })
      const agencies = await post('/api/admin/users', { type: 'AGENCY', size: 2 }, admin)
      const agencyCount = await t.database.db.$count(users, eq(users.type, 'AGENCY'))
      expect(agencies.json().total).toBe(agencyCount)
      expect(agencies.json().rows).toHaveLength(2)
      const second = await post('/api/admin/users', { type: 'AGENCY', size: 2, page: 2 }, admin)
      expect(second.json().rows[0]._id).not.toBe(agencies.json().rows[0]._id)
      // A wildcard typed is a character to find, not "anything".
      expect((await post('/api/admin/users', { keyword: '%' }, admin)).json().total).toBe(0)
      const active = await post('/api/admin/users', { state: 'active', type: 'ADMIN' }, admin)
      expect(active.json().rows.map((row: { email: string }) => row.email)).toContain(DEMO_ADMIN.email)
    })

    it('refuses a malformed search or id with a 400, never a 500', async () => {
      for (const body of [{ page: 0 }, { size: 1000 }, { type: 'ROOT' }, { state: 'gone' }, { keyword: 7 }]) {
        const response = await post('/api/admin/users', body, admin)
        expect(response.statusCode, JSON.stringify(body)).toBe(400)
        expect(response.json().error).toBe('validation')
      }
      expect((await get('/api/admin/user/abc', admin)).statusCode).toBe(400)
      expect((await post('/api/admin/suspend/0', {}, admin)).statusCode).toBe(400)
      expect((await get('/api/admin/user/999999999', admin)).statusCode).toBe(404)
    })

    it("shows a user's bookings and sign-ins", async () => {
      const cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
      expect(cookie).toContain('haven_session')
      const page = await get(`/api/admin/user/${t.seed.renterId}`, admin)
      expect(page.statusCode, page.body).toBe(200)
      const body = page.json()
      expect(body.user).toMatchObject({ email: DEMO_RENTER.email, type: 'USER', state: 'active' })
      const own = await t.database.db.$count(bookings, eq(bookings.userId, t.seed.renterId))
      expect(own).toBeGreaterThan(0)
      expect(body.bookings).toHaveLength(own)
      expect(body.signIns.length).toBeGreaterThan(0)
      expect(body.signIns[0]).toEqual({
        at: expect.any(String),
        address: expect.any(String),
        userAgent: 'lightMyRequest',
      })
    })

    it('suspends a renter: every session ends on every server, signing in reads the suspension; bookings stay', async () => {
      const someone = await renter('suspended.renter@example.test')
      const phone = await signInCookie(t.app, someone.email, DEMO_RENTER.password, true)
      const laptop = await signInCookie(other, someone.email, DEMO_RENTER.password)
      expect((await validate(other, phone)).statusCode).toBe(200)
      expect((await validate(t.app, laptop)).statusCode).toBe(200)

      const suspended = await post(`/api/admin/suspend/${someone.id}`, {}, admin)
      expect(suspended.statusCode, suspended.body).toBe(200)
      expect(suspended.json()).toEqual({ _id: String(someone.id), state: 'suspended' })
      // Both devices, on both servers, are signed out at their next call (the installed app's included).
      for (const [app, cookie] of [
        [t.app, phone],
        [other, phone],
        [t.app, laptop],
        [other, laptop],
      ] as const) {
        expect((await validate(app, cookie)).statusCode).toBe(401)
      }
      expect(await t.database.db.$count(sessions, eq(sessions.userId, someone.id))).toBe(0)
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/sign-in/frontend',
        payload: { email: someone.email, password: DEMO_RENTER.password },
        remoteAddress: freshIp(),
      })
      expect(again.statusCode).toBe(403)
      expect(again.json()).toEqual({ error: 'suspended', message: 'Your account is suspended.' })
      // Never a deletion: the account and the demo renter's bookings stay through a suspension.
      const before = await t.database.db.select().from(bookings).where(eq(bookings.userId, t.seed.renterId))
      expect((await post(`/api/admin/suspend/${t.seed.renterId}`, {}, admin)).statusCode).toBe(200)
      expect(await t.database.db.select().from(bookings).where(eq(bookings.userId, t.seed.renterId))).toEqual(
        before,
      )

      const lifted = await post(`/api/admin/lift-suspension/${someone.id}`, {}, admin)
      expect(lifted.json()).toEqual({ _id: String(someone.id), state: 'active' })
      expect((await post(`/api/admin/lift-suspension/${t.seed.renterId}`, {}, admin)).statusCode).toBe(200)
      const back = await signInCookie(t.app, someone.email, DEMO_RENTER.password)
      expect((await validate(other, back)).statusCode).toBe(200)

      const page = (await get(`/api/admin/user/${someone.id}`, admin)).json()
      expect(page.acts.map((act: { action: string }) => act.action)).toEqual(['liftSuspension', 'suspend'])
      expect(page.acts[1]).toMatchObject({
        actor: { email: DEMO_ADMIN.email },
        changes: { blacklisted: [false, true], sessionsEnded: 2 },
      })
    })

    it('suspends renters only, and records nothing for a suspension that changes nothing', async () => {
      const [agency] = await t.database.db.select().from(users).where(eq(users.email, DEMO_AGENCY.email))
      const refused = await post(`/api/admin/suspend/${agency!.id}`, {}, admin)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({
        error: 'renters_only',
        message: 'Only a renter’s account can be suspended: an agency is deactivated instead.',
      })
      expect((await post('/api/admin/suspend/999999999', {}, admin)).statusCode).toBe(404)
      const someone = await renter('twice.suspended@example.test')
      await post(`/api/admin/suspend/${someone.id}`, {}, admin)
      await post(`/api/admin/suspend/${someone.id}`, {}, admin)
      const page = (await get(`/api/admin/user/${someone.id}`, admin)).json()
      expect(page.acts).toHaveLength(1)
    })

    it('sends an activation link again, and starts a password reset, by the usual e-mails', async () => {
      const waiting = await renter('waiting.activation@example.test', { activated: false })
      const sent = await post(`/api/admin/resend-activation/${waiting.id}`, {}, admin)
      expect(sent.statusCode, sent.body).toBe(200)
      expect(sent.json()).toEqual({ sent: true })
      const link = linkIn(emlText(lastMailTo(t.config.dataDir, waiting.email).eml), '/activate')
      expect(link.pathname).toBe('/activate')
      const check = await get(
        `/api/check-token/frontend/${waiting.id}/${encodeURIComponent(waiting.email)}/${link.searchParams.get('t')}`,
      )
      expect(check.statusCode, check.body).toBe(200)
      const active = await post(`/api/admin/resend-activation/${t.seed.renterId}`, {}, admin)
      expect(active.statusCode).toBe(409)
      expect(active.json().error).toBe('already_activated')

      const reset = await post(`/api/admin/password-reset/${t.seed.renterId}`, {}, admin)
      expect(reset.json()).toEqual({ sent: true })
      const resetLink = linkIn(
        emlText(lastMailTo(t.config.dataDir, DEMO_RENTER.email).eml),
        '/reset-password',
      )
      expect(resetLink.pathname).toBe('/reset-password')
      // An agency's link opens the back office.
      const [agency] = await t.database.db.select().from(users).where(eq(users.email, DEMO_AGENCY.email))
      await post(`/api/admin/password-reset/${agency!.id}`, {}, admin)
      const agencyLink = linkIn(
        emlText(lastMailTo(t.config.dataDir, DEMO_AGENCY.email).eml),
        '/reset-password',
      )
      expect(agencyLink.pathname).toBe('/admin/reset-password')
      const page = (await get(`/api/admin/user/${waiting.id}`, admin)).json()
      expect(page.acts[0]).toMatchObject({ action: 'resendActivation', changes: { to: waiting.email } })
    })

    it('records every sign-in, whichever way the session opens', async () => {
      const someone = await renter('signs.in@example.test')
      await signInCookie(t.app, someone.email, DEMO_RENTER.password)
      await signInCookie(other, someone.email, DEMO_RENTER.password)
      expect(await t.database.db.$count(signIns, eq(signIns.userId, someone.id))).toBe(2)
    })
  })
})
