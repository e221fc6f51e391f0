// Administration (docs/product.md §16) over HTTP on both databases: each act, its refusals and its record.
// Who may call what (an agency, a renter, a visitor: refused) is the census's (server/authorization.test.ts).
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildApp } from '../app.ts'
import { adminActs, bookings, outbox, properties, sessions, signIns, users } from '../db/schema.ts'
import { DEMO_ADMIN, DEMO_AGENCY, DEMO_RENTER } from '../db/seed/seed.ts'
import { hashPassword } from '../services/auth/password.ts'
import { clientOf, emlText, freshIp, lastMailTo, linkIn, signInCookie } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

const BOUNDARY = '----adminBoundary'
const multipart = (bytes: Buffer, type: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])

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
        error: 'suspend_renters_only',
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
  describe('agencies', () => {
    const form = (email: string, overrides: Record<string, unknown> = {}) => ({
      name: 'Quai Ouest Locations',
      email,
      phone: '+33 1 23 45 67 89',
      bio: 'Flats on the river.',
      language: 'fr',
      countries: ['1'],
      ...overrides,
    })

    /** An agency that has a visible property and a booking of the demo renter's. */
    async function bookedAgency() {
      const [row] = await t.database.db
        .select({ agencyId: bookings.agencyId, bookingId: bookings.id })
        .from(bookings)
        .innerJoin(properties, eq(properties.id, bookings.propertyId))
        .where(and(eq(bookings.userId, t.seed.renterId), eq(properties.hidden, false)))
        .limit(1)
      return row!
    }

    it('creates an agency whose activation e-mail lets it choose a password and sign in to the back office', async () => {
      const created = await post('/api/admin/agencies', form('quai.ouest@example.test'), admin)
      expect(created.statusCode, created.body).toBe(200)
      const agency = created.json()
      expect(agency).toMatchObject({
        name: 'Quai Ouest Locations',
        email: 'quai.ouest@example.test',
        state: 'inactive',
        countries: [{ _id: '1', name: expect.any(String) }],
        propertyCount: 0,
      })
      expect(agency.acts[0]).toMatchObject({ action: 'createAgency', actor: { email: DEMO_ADMIN.email } })
      const link = linkIn(emlText(lastMailTo(t.config.dataDir, 'quai.ouest@example.test').eml), '/activate')
      expect(link.pathname).toBe('/admin/activate')
      const [u, e, token] = ['u', 'e', 't'].map((name) => link.searchParams.get(name)!)
      const check = await get(`/api/check-token/backend/${u}/${encodeURIComponent(e!)}/${token}`)
      expect(check.json()).toMatchObject({ valid: true, hasPassword: false })
      const activated = await post('/api/activate', { userId: u, token, password: 'quai-ouest-1' })
      expect(activated.statusCode, activated.body).toBe(200)
      // The link's page goes on signed in to the back office: its session answers the back office's calls.
      const session = activated.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      expect((await get('/api/back-office/bookings', session)).statusCode).toBe(200)
      await signInCookie(t.app, 'quai.ouest@example.test', 'quai-ouest-1', false, 'backend')
      expect((await get(`/api/admin/agency/${agency._id}`, admin)).json().state).toBe('active')
    })

    it('refuses a malformed agency, an address taken and an unknown country, creating nothing', async () => {
      const before = await t.database.db.$count(users)
      for (const body of [
        form('bad@example.test', { name: '  ' }),
        form('not-an-address'),
        form('bad@example.test', { countries: ['x'] }),
        form('bad@example.test', { phone: 'call me' }),
        { name: 'Only a name' },
      ]) {
        const response = await post('/api/admin/agencies', body, admin)
        expect(response.statusCode, JSON.stringify(body)).toBe(400)
        expect(response.json()).toMatchObject({ error: 'validation', message: expect.any(String) })
      }
      const unknown = await post(
        '/api/admin/agencies',
        form('bad@example.test', { countries: ['999999'] }),
        admin,
      )
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().fields).toEqual({ countries: 'invalid' })
      const taken = await post('/api/admin/agencies', form(DEMO_RENTER.email.toUpperCase()), admin)
      expect(taken.statusCode).toBe(409)
      expect(taken.json().error).toBe('email_taken')
      expect(await t.database.db.$count(users)).toBe(before)
    })

    it('edits an agency, and the record keeps each change', async () => {
      const { _id } = (await post('/api/admin/agencies', form('edited@example.test'), admin)).json()
      const edited = await post(
        `/api/admin/agency/${_id}`,
        form('edited@example.test', { name: 'Quai Est', countries: ['1', '2'] }),
        admin,
      )
      expect(edited.statusCode, edited.body).toBe(200)
      expect(edited.json().name).toBe('Quai Est')
      expect(edited.json().acts[0]).toMatchObject({
        action: 'updateAgency',
        changes: { fullName: ['Quai Ouest Locations', 'Quai Est'], countries: [[1], [1, 2]] },
      })
      const taken = await post(`/api/admin/agency/${_id}`, form(DEMO_AGENCY.email), admin)
      expect(taken.statusCode).toBe(409)
      expect(
        (await post(`/api/admin/agency/${t.seed.renterId}`, form('x@example.test'), admin)).statusCode,
      ).toBe(404)
    })

    it("deactivates an agency: its listings leave the renter's side, its bookings stay with their renters", async () => {
      const { agencyId, bookingId } = await bookedAgency()
      const [listing] = await t.database.db
        .select()
        .from(properties)
        .where(and(eq(properties.agencyId, agencyId), eq(properties.hidden, false)))
        .limit(1)
      const renterCookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
      const searchAgency = async () =>
        (await post('/api/properties/search', { agencies: [String(agencyId)] })).json().items.length as number
      expect(await searchAgency()).toBeGreaterThan(0)
      const off = await post(`/api/admin/deactivate-agency/${agencyId}`, {}, admin)
      expect(off.statusCode, off.body).toBe(200)
      expect(off.json().state).toBe('suspended')
      expect(await searchAgency()).toBe(0)
      expect((await get(`/api/property/${listing!.id}/en`)).statusCode).toBe(404)
      const booking = await get(`/api/booking/${bookingId}/en`, renterCookie)
      expect(booking.statusCode, booking.body).toBe(200)
      const [agency] = await t.database.db.select().from(users).where(eq(users.id, agencyId))
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/sign-in/backend',
        payload: { email: agency!.email, password: DEMO_AGENCY.password },
        remoteAddress: freshIp(),
      })
      expect(signIn.json().error).toBe('suspended')

      const on = await post(`/api/admin/reactivate-agency/${agencyId}`, {}, admin)
      expect(on.json().state).toBe('active')
      expect((await get(`/api/property/${listing!.id}/en`)).statusCode).toBe(200)
      expect(await searchAgency()).toBeGreaterThan(0)
      const acts = on.json().acts
      expect(acts.map((act: { action: string }) => act.action).slice(0, 2)).toEqual([
        'reactivateAgency',
        'deactivateAgency',
      ])
      expect(acts[1].changes.hiddenProperties).toContain(listing!.id)
      expect(acts[0].changes.shownProperties).toEqual(acts[1].changes.hiddenProperties)
    })

    it('refuses to delete an agency while a booking holds one of its properties; deletes one without', async () => {
      const { agencyId } = await bookedAgency()
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/agency/${agencyId}`,
        headers: { cookie: admin },
        remoteAddress: freshIp(),
      })
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({
        error: 'agency_has_bookings',
        message:
          'This agency cannot be deleted: a booking holds one of its properties. Deactivate it instead.',
      })
      expect((await get(`/api/admin/agency/${agencyId}`, admin)).statusCode).toBe(200)
      const { _id } = (await post('/api/admin/agencies', form('short.lived@example.test'), admin)).json()
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/agency/${_id}`,
        headers: { cookie: admin },
        remoteAddress: freshIp(),
      })
      expect(deleted.json()).toEqual({ deleted: true })
      expect((await get(`/api/admin/agency/${_id}`, admin)).statusCode).toBe(404)
      // The record outlives the agency.
      const acts = await t.database.db
        .select()
        .from(adminActs)
        .where(eq(adminActs.subjectId, Number(_id)))
      expect(acts.map((act) => act.action)).toEqual(['createAgency', 'deleteAgency'])
    })

    it('keeps a 60x30 logo through the storage, and refuses what is not an image', async () => {
      const png = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#1c5d99' } })
        .png()
        .toBuffer()
      const upload = (bytes: Buffer, type: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/agency-logo/1',
          headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          payload: multipart(bytes, type),
          remoteAddress: freshIp(),
        })
      const uploaded = await upload(png, 'image/png')
      expect(uploaded.statusCode, uploaded.body).toBe(200)
      const logo = uploaded.json().logo as string
      expect(logo).toMatch(/^\/images\/agencies\/[0-9a-f]{32}\.webp$/)
      const served = await get(logo)
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      const { width, height } = await sharp(served.rawPayload).metadata()
      expect([width, height]).toEqual([60, 30])
      expect(uploaded.json().acts[0]).toMatchObject({ action: 'setAgencyLogo' })
      const refused = await upload(Buffer.from('not an image'), 'image/png')
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toBe('not_an_image')
    })
  })

  describe('places', () => {
    const del = (url: string) =>
      t.app.inject({ method: 'DELETE', url, headers: { cookie: admin }, remoteAddress: freshIp() })

    it('creates a country and a place with both names and coordinates; a visitor finds the place at once', async () => {
      const country = await post(
        '/api/admin/countries',
        { code: 'pt', nameEn: 'Portugal', nameFr: 'Portugal' },
        admin,
      )
      expect(country.statusCode, country.body).toBe(200)
      expect(country.json()).toMatchObject({ code: 'PT' })
      const countryId = country.json()._id
      const twice = await post(
        '/api/admin/countries',
        { code: 'PT', nameEn: 'Again', nameFr: 'Encore' },
        admin,
      )
      expect(twice.statusCode).toBe(409)
      expect(twice.json().error).toBe('country_code_taken')
      const place = await post(
        '/api/admin/locations',
        { countryId, nameEn: 'Lisbon', nameFr: 'Lisbonne', latitude: 38.72, longitude: -9.14 },
        admin,
      )
      expect(place.statusCode, place.body).toBe(200)
      const placeId = place.json()._id
      const listed = (await get('/api/admin/places', admin)).json()
      expect(listed.find((c: { _id: string }) => c._id === countryId).locations).toEqual([
        expect.objectContaining({ _id: placeId, nameFr: 'Lisbonne', latitude: 38.72, propertyCount: 0 }),
      ])
      // Offered to renters as soon as a property is in it (the rule of the places' list), at once.
      const [listing] = await t.database.db
        .select()
        .from(properties)
        .where(eq(properties.hidden, false))
        .limit(1)
      await t.database.db
        .update(properties)
        .set({ locationId: Number(placeId) })
        .where(eq(properties.id, listing!.id))
      const offered = (await get('/api/countries-with-locations/fr')).json()
      expect(offered.find((c: { _id: string }) => c._id === countryId).locations).toEqual([
        expect.objectContaining({ _id: placeId, name: 'Lisbonne' }),
      ])
      const found = (await post('/api/properties/search', { locations: [placeId] })).json()
      expect(found.items.map((item: { _id: string }) => item._id)).toEqual([String(listing!.id)])
      // Renamed: the next call says so.
      await post(
        `/api/admin/location/${placeId}`,
        { countryId, nameEn: 'Lisboa', nameFr: 'Lisbonne', latitude: 38.72, longitude: -9.14 },
        admin,
      )
      const renamed = (await get('/api/countries-with-locations/en')).json()
      expect(renamed.find((c: { _id: string }) => c._id === countryId).locations[0].name).toBe('Lisboa')
      const page = (await get(`/api/admin/location/${placeId}`, admin)).json()
      expect(page.acts.map((act: { action: string }) => act.action)).toEqual([
        'updateLocation',
        'createLocation',
      ])
      expect(page.acts[0].changes).toEqual({ nameEn: ['Lisbon', 'Lisboa'] })

      // A place a property uses is not deleted, nor a country with places; the refusal says why.
      const inUse = await del(`/api/admin/location/${placeId}`)
      expect(inUse.statusCode).toBe(409)
      expect(inUse.json()).toEqual({
        error: 'location_in_use',
        message: 'This place cannot be deleted: a property is in it.',
      })
      const withPlaces = await del(`/api/admin/country/${countryId}`)
      expect(withPlaces.json().error).toBe('country_in_use')
      await t.database.db
        .update(properties)
        .set({ locationId: listing!.locationId })
        .where(eq(properties.id, listing!.id))
      expect((await del(`/api/admin/location/${placeId}`)).json()).toEqual({ deleted: true })
      expect((await del(`/api/admin/country/${countryId}`)).json()).toEqual({ deleted: true })
      const acts = await t.database.db
        .select()
        .from(adminActs)
        .where(eq(adminActs.subjectId, Number(placeId)))
      expect(acts.filter((act) => act.subjectKind === 'LOCATION').map((act) => act.action)).toEqual([
        'createLocation',
        'updateLocation',
        'deleteLocation',
      ])
    })

    it('refuses bad places with a 400 on the field, and a place inside itself', async () => {
      const good = { countryId: '1', nameEn: 'Somewhere', nameFr: 'Quelque part', latitude: 1, longitude: 2 }
      for (const body of [
        { ...good, latitude: 91 },
        { ...good, longitude: 'east' },
        { ...good, nameFr: '' },
        { ...good, countryId: 'one' },
      ]) {
        const response = await post('/api/admin/locations', body, admin)
        expect(response.statusCode, JSON.stringify(body)).toBe(400)
        expect(response.json().error).toBe('validation')
      }
      const unknown = await post('/api/admin/locations', { ...good, countryId: '999999' }, admin)
      expect(unknown.json()).toMatchObject({ error: 'validation', fields: { countryId: 'invalid' } })
      for (const code of ['P', 'P1', 'PRT']) {
        expect(
          (await post('/api/admin/countries', { code, nameEn: 'X', nameFr: 'X' }, admin)).statusCode,
        ).toBe(400)
      }
      const outer = (await post('/api/admin/locations', good, admin)).json()
      const inner = (await post('/api/admin/locations', { ...good, parentId: outer._id }, admin)).json()
      const loop = await post(`/api/admin/location/${outer._id}`, { ...good, parentId: inner._id }, admin)
      expect(loop.json()).toMatchObject({ error: 'validation', fields: { parentId: 'invalid' } })
      const hasPlaces = await del(`/api/admin/location/${outer._id}`)
      expect(hasPlaces.json().error).toBe('location_has_places')
      expect((await get('/api/admin/location/999999999', admin)).statusCode).toBe(404)
    })
  })

  describe('the platform at a glance', () => {
    it('reads bookings, payments, refunds, the outbox and accounts from the database', async () => {
      const glance = async () => {
        const response = await get('/api/admin/overview', admin)
        expect(response.statusCode, response.body).toBe(200)
        return response.json()
      }
      const before = await glance()
      await renter(`glance-${kind}@example.test`, { activated: false })
      const [booking] = await t.database.db.select().from(bookings).limit(1)
      await t.database.db
        .update(bookings)
        .set({ refundStatus: 'failed', refundAttempts: 3, paymentProvider: 'stripe' })
        .where(eq(bookings.id, booking!.id))
      await t.database.db
        .insert(outbox)
        .values({ kind: 'mail', payload: {}, availableAt: new Date(Date.now() + 3_600_000) })
      const after = await glance()
      expect(after.accounts.signUps.week).toBe(before.accounts.signUps.week + 1)
      expect(after.accounts.notActivated).toBe(before.accounts.notActivated + 1)
      expect(after.outbox.backlog).toBe(before.outbox.backlog + 1)
      expect(after.outbox.oldestUndeliveredAt).toEqual(expect.any(String))
      expect(after.refunds.failed).toContainEqual(
        expect.objectContaining({ bookingId: String(booking!.id), attempts: 3, provider: 'stripe' }),
      )
      const thisMonth = Object.values(after.bookings.month as Record<string, number>).reduce(
        (a, b) => a + b,
        0,
      )
      expect(thisMonth).toBeGreaterThanOrEqual(
        Object.values(after.bookings.week as Record<string, number>).reduce((a, b) => a + b, 0),
      )
      await t.database.db.delete(outbox)
    })
  })
})
