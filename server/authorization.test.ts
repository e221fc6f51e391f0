// The authorization matrix: every route that takes a user's id (or, once there are such routes, a booking's or
// a notification's) in its path or body, called on someone else's account by another signed-in user and by a
// visitor, answers 403 or 401, reads nothing out and changes nothing (the database and the avatar folder are
// compared before and after). The routes come from the app itself: a new route that takes an id fails this
// test until it is added below. The same calls by the owner then succeed, which shows they were well formed.
// Every JSON body seen on the way is searched for password hashes, tokens and secrets.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildApp } from './app.ts'
import {
  adminActs,
  agencyCountries,
  bookings,
  countries,
  favourites,
  locations,
  notifications,
  outbox,
  properties,
  sessions,
  users,
  userTokens,
} from './db/schema.ts'
import { DEMO_AGENCY, DEMO_RENTER } from './db/seed/seed.ts'
import { hashPassword } from './services/auth/password.ts'
import { issueToken } from './services/auth/tokens.ts'
import { freshIp, signInCookie } from './test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from './test/harness.ts'
import { LeakDetector } from './test/leaks.ts'
import { pathParams, type RegisteredRoute, schemaKeys, withRoutes } from './test/routes.ts'

/** Names under which a route takes whose record it acts on. */
const OWNER_KEY = /^(_?id|userId|bookingId|notificationId|agencyId)$/

const MALLORY = { email: 'mallory@example.test', password: 'mallory-secret', fullName: 'Mallory Other' }

interface Call {
  method: InjectOptions['method']
  url: string
  json?: Record<string, unknown>
  multipart?: Buffer
}

/** How each route is called on account `id`, well formed, so that identity is the only thing wrong. */
type Recipe = (id: string, context: { password: string; png: Buffer }) => Call[]

const BOUNDARY = '----matrixBoundary'
const multipart = (png: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])

/** Routes that act on the signed-in user's own account: 401 for a visitor, 403 for anyone else. */
const OWN_ACCOUNT: Record<string, Recipe> = {
  'GET /api/user/:id': (id) => [{ method: 'GET', url: `/api/user/${id}` }],
  'HEAD /api/user/:id': (id) => [{ method: 'HEAD', url: `/api/user/${id}` }],
  'POST /api/update-language': (id) => [
    { method: 'POST', url: '/api/update-language', json: { id, language: 'fr' } },
    { method: 'POST', url: '/api/update-language', json: { _id: id, language: 'fr' } },
  ],
  'POST /api/update-user': (id) => [
    { method: 'POST', url: '/api/update-user', json: { _id: id, fullName: 'Changed by someone', bio: 'x' } },
  ],
  'POST /api/update-email-notifications': (id) => [
    {
      method: 'POST',
      url: '/api/update-email-notifications',
      json: { _id: id, enableEmailNotifications: false },
    },
  ],
  // With the right password: the answer must not tell anyone else that it is right.
  'GET /api/check-password/:id/:password': (id, { password }) => [
    { method: 'GET', url: `/api/check-password/${id}/${encodeURIComponent(password)}` },
  ],
  'HEAD /api/check-password/:id/:password': (id, { password }) => [
    { method: 'HEAD', url: `/api/check-password/${id}/${encodeURIComponent(password)}` },
  ],
  'GET /api/has-password/:id': (id) => [{ method: 'GET', url: `/api/has-password/${id}` }],
  'HEAD /api/has-password/:id': (id) => [{ method: 'HEAD', url: `/api/has-password/${id}` }],
  'POST /api/change-password': (id, { password }) => [
    { method: 'POST', url: '/api/change-password', json: { _id: id, password, newPassword: 'taken-over-1' } },
  ],
  'POST /api/update-avatar/:id': (id, { png }) => [
    { method: 'POST', url: `/api/update-avatar/${id}`, multipart: multipart(png) },
  ],
  'POST /api/delete-avatar/:id': (id) => [{ method: 'POST', url: `/api/delete-avatar/${id}` }],
  'DELETE /api/delete-tokens/:userId': (id) => [{ method: 'DELETE', url: `/api/delete-tokens/${id}` }],
  'GET /api/notifications/:userId/:page/:pageSize': (id) => [
    { method: 'GET', url: `/api/notifications/${id}/1/30` },
  ],
  'HEAD /api/notifications/:userId/:page/:pageSize': (id) => [
    { method: 'HEAD', url: `/api/notifications/${id}/1/30` },
  ],
  'GET /api/notification-counter/:userId': (id) => [
    { method: 'GET', url: `/api/notification-counter/${id}` },
  ],
  'HEAD /api/notification-counter/:userId': (id) => [
    { method: 'HEAD', url: `/api/notification-counter/${id}` },
  ],
  'GET /api/favourites/:userId/:language': (id) => [{ method: 'GET', url: `/api/favourites/${id}/en` }],
  'HEAD /api/favourites/:userId/:language': (id) => [{ method: 'HEAD', url: `/api/favourites/${id}/fr` }],
  // The victim keeps property 1: letting it go is a change anyone else must not make.
  'POST /api/favourite/:userId/:propertyId': (id) => [
    {
      method: 'POST',
      url: `/api/favourite/${id}/1`,
      json: { favourite: false, operationId: 'matrix-favourite' },
    },
  ],
  'POST /api/add-favourites/:userId': (id) => [
    { method: 'POST', url: `/api/add-favourites/${id}`, json: { propertyIds: ['1'] } },
  ],
  // The seed's first notification is the demo renter's: the owner's own call then changes it.
  ...Object.fromEntries(
    ['mark-notifications-as-read', 'mark-notifications-as-unread', 'delete-notifications'].map((path) => [
      `POST /api/${path}/:userId`,
      (id: string): Call[] => [
        { method: 'POST', url: `/api/${path}/${id}`, json: { ids: ['1'], operationId: `matrix-${path}` } },
      ],
    ]),
  ),
}

/**
 * Routes a visitor may call on purpose, with the e-mailed link's token as the proof: someone else's id with a
 * token that is not theirs (a random one, or a real one of the caller's own) is an expired link, 400.
 */
const LINK_TOKEN: Record<string, (id: string, email: string, token: string) => Call[]> = {
  'POST /api/activate': (id, _email, token) => [
    { method: 'POST', url: '/api/activate', json: { userId: id, token, password: 'taken-over-1' } },
  ],
  'GET /api/check-token/:appType/:userId/:email/:token': (id, email, token) => [
    { method: 'GET', url: `/api/check-token/frontend/${id}/${encodeURIComponent(email)}/${token}` },
  ],
  'HEAD /api/check-token/:appType/:userId/:email/:token': (id, email, token) => [
    { method: 'HEAD', url: `/api/check-token/frontend/${id}/${encodeURIComponent(email)}/${token}` },
  ],
}

/** A well-formed stay a month ahead: the body passes validation, so the answer is the owner check's. */
const LATER_STAY = {
  from: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  to: new Date(Date.now() + 33 * 86_400_000).toISOString().slice(0, 10),
}

/**
 * Routes that act on one of the signed-in renter's bookings: 401 for a visitor, 403 for anyone else. The
 * owner's own call passes that check; `ownerReads` says it must then succeed (200), while the others may
 * still refuse for the booking's state or a payment provider that is not configured (never 401 or 403).
 */
const OWN_BOOKING: Record<string, { calls: (bookingId: string) => Call[]; ownerReads?: true }> = {
  'GET /api/booking/:id/:language': {
    calls: (id) => [{ method: 'GET', url: `/api/booking/${id}/en` }],
    ownerReads: true,
  },
  'HEAD /api/booking/:id/:language': {
    calls: (id) => [{ method: 'HEAD', url: `/api/booking/${id}/fr` }],
    ownerReads: true,
  },
  'POST /api/cancel-booking/:id': { calls: (id) => [{ method: 'POST', url: `/api/cancel-booking/${id}` }] },
  'POST /api/withdraw-cancellation/:id': {
    calls: (id) => [{ method: 'POST', url: `/api/withdraw-cancellation/${id}` }],
  },
  'POST /api/amendment-price/:id': {
    calls: (id) => [{ method: 'POST', url: `/api/amendment-price/${id}`, json: LATER_STAY }],
  },
  'POST /api/amend-booking/:id': {
    calls: (id) => [{ method: 'POST', url: `/api/amend-booking/${id}`, json: { ...LATER_STAY, price: 100 } }],
  },
  'POST /api/booking-message/:id': {
    calls: (id) => [{ method: 'POST', url: `/api/booking-message/${id}`, json: { text: 'Hello' } }],
  },
  'POST /api/create-paypal-order/': {
    calls: (id) => [
      {
        method: 'POST',
        url: '/api/create-paypal-order/',
        json: { bookingId: id, amount: 100, currency: 'USD', name: 'Stay', description: 'A stay' },
      },
    ],
  },
  'POST /api/check-paypal-order/:bookingId/:orderId': {
    calls: (id) => [{ method: 'POST', url: `/api/check-paypal-order/${id}/ORDER123` }],
  },
}

/** Ids of what everyone may see: no owner to protect (a property's held stays are dates only, no one's booking). */
const PUBLIC_RECORDS = [
  'GET /api/property/:id/:language',
  'HEAD /api/property/:id/:language',
  'GET /api/property-availability/:id',
  'HEAD /api/property-availability/:id',
]

/**
 * Ids of a public record (a property) that answer only the signed-in user's own data about it: another renter
 * gets an empty answer, a visitor 401 (server/routes/own-hold.test.ts tries both).
 */
const OWN_DATA_OF_A_PUBLIC_RECORD = ['GET /api/own-holds/:id', 'HEAD /api/own-holds/:id']

/**
 * The back office's calls on a booking: an agency's own properties' bookings, or any for an administrator;
 * another agency gets 403, a renter (the booking's own included) 403, a visitor 401, and nothing changes
 * (server/routes/back-office.test.ts and back-office-reads.test.ts try each).
 */
const BACK_OFFICE_BOOKING = [
  'POST /api/decide-booking/:id',
  'GET /api/back-office/bookings/:id',
  'HEAD /api/back-office/bookings/:id',
  // Closed nights of a property: its agency's (server/routes/back-office-calendar.test.ts).
  'DELETE /api/back-office/blocked-nights/:id',
  // A message in a booking's timeline (server/routes/booking-messages.test.ts).
  'POST /api/back-office/bookings/:id/messages',
]

/**
 * The back office's listings (the list's `agencyId` is in its query string): an agency's own properties (its
 * own agency whatever `agencyId` it names), or
 * any for an administrator; another agency gets 403, a renter 403, a visitor 401, and nothing changes
 * (server/routes/listings.test.ts tries each).
 */
const BACK_OFFICE_PROPERTY = [
  'GET /api/back-office/properties/:id',
  'HEAD /api/back-office/properties/:id',
  'POST /api/back-office/properties',
  'POST /api/back-office/properties/:id',
  'POST /api/back-office/properties/:id/flags',
  'DELETE /api/back-office/properties/:id',
]

/**
 * Administration (docs/product.md §16): an administrator's only, whoever the record is. Each call well formed,
 * on the victim's account or the demo world's records, so that the role is the only thing wrong: an agency and a
 * renter get 403 `admin_only`, a visitor 401, and nothing changes (server/routes/admin.test.ts has what an
 * administrator gets).
 */
const NEW_AGENCY = { name: 'Taken Over Ltd', email: 'taken-over@example.test', countries: [] }
const NEW_COUNTRY = { code: 'ZZ', nameEn: 'Nowhere', nameFr: 'Nulle part' }
const NEW_LOCATION = { countryId: '1', nameEn: 'Nowhere', nameFr: 'Nulle part', latitude: 1, longitude: 2 }

const ADMIN_ONLY: Record<string, (victimId: string) => Call[]> = {
  'POST /api/admin/users': () => [{ method: 'POST', url: '/api/admin/users', json: { keyword: 'a' } }],
  'GET /api/admin/user/:id': (id) => [{ method: 'GET', url: `/api/admin/user/${id}` }],
  'HEAD /api/admin/user/:id': (id) => [{ method: 'HEAD', url: `/api/admin/user/${id}` }],
  'POST /api/admin/suspend/:id': (id) => [{ method: 'POST', url: `/api/admin/suspend/${id}` }],
  'POST /api/admin/lift-suspension/:id': (id) => [
    { method: 'POST', url: `/api/admin/lift-suspension/${id}` },
  ],
  'POST /api/admin/resend-activation/:id': (id) => [
    { method: 'POST', url: `/api/admin/resend-activation/${id}` },
  ],
  'POST /api/admin/password-reset/:id': (id) => [{ method: 'POST', url: `/api/admin/password-reset/${id}` }],
  'POST /api/admin/agencies': () => [{ method: 'POST', url: '/api/admin/agencies', json: NEW_AGENCY }],
  'GET /api/admin/agency/:id': () => [{ method: 'GET', url: '/api/admin/agency/1' }],
  'HEAD /api/admin/agency/:id': () => [{ method: 'HEAD', url: '/api/admin/agency/1' }],
  'POST /api/admin/agency/:id': () => [{ method: 'POST', url: '/api/admin/agency/1', json: NEW_AGENCY }],
  'POST /api/admin/agency-logo/:id': () => [{ method: 'POST', url: '/api/admin/agency-logo/1' }],
  'POST /api/admin/deactivate-agency/:id': () => [{ method: 'POST', url: '/api/admin/deactivate-agency/1' }],
  'POST /api/admin/reactivate-agency/:id': () => [{ method: 'POST', url: '/api/admin/reactivate-agency/1' }],
  'DELETE /api/admin/agency/:id': () => [{ method: 'DELETE', url: '/api/admin/agency/1' }],
  'GET /api/admin/places': () => [{ method: 'GET', url: '/api/admin/places' }],
  'HEAD /api/admin/places': () => [{ method: 'HEAD', url: '/api/admin/places' }],
  'POST /api/admin/countries': () => [{ method: 'POST', url: '/api/admin/countries', json: NEW_COUNTRY }],
  'GET /api/admin/country/:id': () => [{ method: 'GET', url: '/api/admin/country/1' }],
  'HEAD /api/admin/country/:id': () => [{ method: 'HEAD', url: '/api/admin/country/1' }],
  'POST /api/admin/country/:id': () => [{ method: 'POST', url: '/api/admin/country/1', json: NEW_COUNTRY }],
  'DELETE /api/admin/country/:id': () => [{ method: 'DELETE', url: '/api/admin/country/1' }],
  'POST /api/admin/locations': () => [{ method: 'POST', url: '/api/admin/locations', json: NEW_LOCATION }],
  'GET /api/admin/location/:id': () => [{ method: 'GET', url: '/api/admin/location/1' }],
  'HEAD /api/admin/location/:id': () => [{ method: 'HEAD', url: '/api/admin/location/1' }],
  'POST /api/admin/location/:id': () => [
    { method: 'POST', url: '/api/admin/location/1', json: NEW_LOCATION },
  ],
  'DELETE /api/admin/location/:id': () => [{ method: 'DELETE', url: '/api/admin/location/1' }],
  'GET /api/admin/overview': () => [{ method: 'GET', url: '/api/admin/overview' }],
  'HEAD /api/admin/overview': () => [{ method: 'HEAD', url: '/api/admin/overview' }],
}

const key = (route: RegisteredRoute) => `${route.method} ${route.url}`

/** The routes whose path or body names whose record they act on. */
function routesTakingAnOwner(routes: RegisteredRoute[]): string[] {
  return routes
    .filter((route) =>
      [...pathParams(route.url), ...schemaKeys(route.body)].some((name) => OWNER_KEY.test(name)),
    )
    .map(key)
    .sort()
}

describe('the leak detector', () => {
  it('finds hashes, known secrets, token-shaped values and text under secret names; not public fields', () => {
    const leaks = new LeakDetector()
    leaks.remember('a-configured-secret-value')
    expect(leaks.findLeaks('{"x":"scrypt$32768$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"}')).not.toEqual([])
    expect(leaks.findLeaks('{"x":"... a-configured-secret-value ..."}')).not.toEqual([])
    expect(leaks.findLeaks(`{"x":"${'A'.repeat(43)}"}`)).not.toEqual([])
    expect(leaks.findLeaks('{"user":{"passwordHash":"abc"}}')).not.toEqual([])
    expect(leaks.findLeaks('{"resetToken":"abc"}')).not.toEqual([])
    expect(
      leaks.findLeaks(
        JSON.stringify({
          _id: '7',
          hasPassword: true,
          passwordReset: false,
          recaptchaSiteKey: 'site-key',
          error: 'validation',
          message: 'Wrong password',
          fields: { password: 'Wrong password', newPassword: 'Password must be at least 6 characters long.' },
        }),
      ),
    ).toEqual([])
  })
})

describe.each(databaseKinds())('authorization matrix on %s', (kind) => {
  let t: TestApp
  let app: FastifyInstance
  let routes: RegisteredRoute[]
  let victimId: string
  let malloryId: string
  let victimCookie: string
  let malloryCookie: string
  let malloryToken: string
  let png: Buffer
  const leaks = new LeakDetector()
  let bodiesSeen = 0
  const avatarDir = () => join(t.config.dataDir, 'images', 'avatars')

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1, env: { RATE_LIMIT_SCALE: '100' } })
    await t.app.close()
    ;({ built: app, routes } = await withRoutes(() => buildApp({ config: t.config, database: t.database })))
    t.app = app
    await app.ready()
    const { db } = t.database
    victimId = String(t.seed.renterId)
    const [mallory] = await db
      .insert(users)
      .values({
        type: 'USER',
        email: MALLORY.email,
        fullName: MALLORY.fullName,
        language: 'en',
        birthDate: '1990-01-01',
        passwordHash: await hashPassword(MALLORY.password),
        activatedAt: new Date(),
      })
      .returning()
    malloryId = String(mallory!.id)
    victimCookie = await signInCookie(app, DEMO_RENTER.email, DEMO_RENTER.password)
    malloryCookie = await signInCookie(app, MALLORY.email, MALLORY.password)
    // The victim has an avatar, a pending reset link and a session; Mallory a link of her own to try.
    mkdirSync(avatarDir(), { recursive: true })
    writeFileSync(join(avatarDir(), 'victim-avatar.webp'), 'not really an image')
    await db.insert(favourites).values({ userId: Number(victimId), propertyId: 1 })
    await db
      .update(users)
      .set({ avatar: 'victim-avatar.webp' })
      .where(eq(users.id, Number(victimId)))
    const victimToken = await issueToken(db, Number(victimId), 'PASSWORD_RESET')
    malloryToken = await issueToken(db, Number(malloryId), 'PASSWORD_RESET')
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c83c28' } })
      .png()
      .toBuffer()
    const hashes = (await db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash)
    const sessionHashes = (await db.select({ hash: sessions.tokenHash }).from(sessions)).map(
      (row) => row.hash,
    )
    const tokenHashes = (await db.select({ hash: userTokens.tokenHash }).from(userTokens)).map(
      (row) => row.hash,
    )
    leaks.remember(
      app.ctx.secrets.sessionSecret,
      victimCookie.split('=')[1],
      malloryCookie.split('=')[1],
      victimToken,
      malloryToken,
      ...hashes,
      ...sessionHashes,
      ...tokenHashes,
    )
  })
  afterAll(() => t?.close())

  /** Everything of the victim's that a call could read or change. */
  async function victimState() {
    const { db } = t.database
    const id = Number(victimId)
    return {
      user: await db.select().from(users).where(eq(users.id, id)),
      sessions: await db.select().from(sessions).where(eq(sessions.userId, id)),
      tokens: await db.select().from(userTokens).where(eq(userTokens.userId, id)),
      bookings: await db.select().from(bookings).where(eq(bookings.userId, id)),
      notifications: await db.select().from(notifications).where(eq(notifications.userId, id)),
      favourites: await db.select().from(favourites).where(eq(favourites.userId, id)),
      avatars: readdirSync(avatarDir()).sort(),
    }
  }

  /** What an administrator's calls could change beyond the victim's account. */
  async function worldState() {
    const { db } = t.database
    return {
      users: await db.select().from(users).orderBy(users.id),
      countries: await db.select().from(countries).orderBy(countries.id),
      locations: await db.select().from(locations).orderBy(locations.id),
      properties: await db.select().from(properties).orderBy(properties.id),
      acts: await db.select().from(adminActs),
      agencyCountries: await db.select().from(agencyCountries),
      outbox: await db.$count(outbox),
    }
  }

  async function send(call: Call, cookie?: string): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = cookie ? { cookie } : {}
    let payload: string | Buffer | undefined
    if (call.json) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(call.json)
    } else if (call.multipart) {
      headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`
      payload = call.multipart
    }
    const response = await app.inject({
      method: call.method,
      url: call.url,
      headers,
      payload,
      remoteAddress: freshIp(),
    })
    bodiesSeen += 1
    expect(leaks.findLeaks(response.body), `${call.method} ${call.url}`).toEqual([])
    return response
  }

  it('covers every route that takes an owner: none is left out, none is listed that does not exist', () => {
    expect(routesTakingAnOwner(routes)).toEqual(
      [
        ...Object.keys(OWN_ACCOUNT),
        ...Object.keys(LINK_TOKEN),
        ...Object.keys(OWN_BOOKING),
        ...PUBLIC_RECORDS,
        ...OWN_DATA_OF_A_PUBLIC_RECORD,
        ...BACK_OFFICE_BOOKING,
        ...BACK_OFFICE_PROPERTY,
        ...routesTakingAnOwner(routes).filter((route) => route in ADMIN_ONLY),
      ].sort(),
    )
    const administration = routes.map(key).filter((route) => route.split(' ')[1]!.startsWith('/api/admin/'))
    expect(administration.sort()).toEqual(Object.keys(ADMIN_ONLY).sort())
  })

  it("lets no agency, no renter and no visitor make an administrator's call, and changes nothing then", async () => {
    const agencyCookie = await signInCookie(app, DEMO_AGENCY.email, DEMO_AGENCY.password, false, 'backend')
    const before = await victimState()
    const records = await worldState()
    let calls = 0
    for (const [route, recipe] of Object.entries(ADMIN_ONLY)) {
      for (const call of recipe(victimId)) {
        for (const [who, cookie, status, error] of [
          ['an agency', agencyCookie, 403, 'admin_only'],
          ['a renter', malloryCookie, 403, 'admin_only'],
          ['the renter it is about', victimCookie, 403, 'admin_only'],
          ['a visitor', undefined, 401, 'unauthorized'],
        ] as const) {
          const response = await send(call, cookie)
          calls += 1
          const label = `${route} as ${who}`
          expect(response.statusCode, `${label}: ${response.body}`).toBe(status)
          if (call.method === 'HEAD') continue
          expect(response.json(), label).toEqual({ error, message: expect.any(String) })
        }
      }
    }
    expect(calls).toBeGreaterThanOrEqual(Object.keys(ADMIN_ONLY).length * 4)
    expect(await victimState()).toEqual(before)
    expect(await worldState()).toEqual(records)
  })

  it("refuses another user (403) and a visitor (401) on someone else's account, reading and changing nothing", async () => {
    const before = await victimState()
    const victim = before.user[0]!
    const context = { password: DEMO_RENTER.password, png }
    let calls = 0
    for (const [route, recipe] of Object.entries(OWN_ACCOUNT)) {
      for (const call of recipe(victimId, context)) {
        for (const [who, cookie, status, error] of [
          ['another user', malloryCookie, 403, 'forbidden'],
          ['a visitor', undefined, 401, 'unauthorized'],
          ['an ended session', 'haven_session=' + 'B'.repeat(43), 401, 'unauthorized'],
        ] as const) {
          const response = await send(call, cookie)
          calls += 1
          const label = `${route} as ${who}`
          expect(response.statusCode, `${label}: ${response.body}`).toBe(status)
          expect(response.headers['set-cookie'], label).toBeUndefined()
          if (call.method === 'HEAD') continue
          expect(response.json(), label).toEqual({ error, message: expect.any(String) })
          for (const secret of [victim.email, victim.fullName, 'victim-avatar.webp']) {
            expect(response.body, label).not.toContain(secret)
          }
        }
      }
    }
    const [victimBooking] = before.bookings
    for (const [route, { calls: recipe }] of Object.entries(OWN_BOOKING)) {
      for (const call of recipe(String(victimBooking!.id))) {
        for (const [who, cookie, status] of [
          ['another user', malloryCookie, 403],
          ['a visitor', undefined, 401],
        ] as const) {
          const response = await send(call, cookie)
          calls += 1
          expect(response.statusCode, `${route} as ${who}: ${response.body}`).toBe(status)
          if (call.method === 'HEAD') continue
          for (const secret of [victim.email, victim.fullName])
            expect(response.body, route).not.toContain(secret)
        }
      }
    }
    // Someone else's id with a link token that is not for it: an expired link, whoever asks.
    for (const [route, recipe] of Object.entries(LINK_TOKEN)) {
      for (const token of [malloryToken, 'C'.repeat(43)]) {
        for (const call of recipe(victimId, victim.email, token)) {
          for (const cookie of [malloryCookie, undefined]) {
            const response = await send(call, cookie)
            calls += 1
            expect(response.statusCode, `${route}: ${response.body}`).toBe(400)
            expect(response.headers['set-cookie'], route).toBeUndefined()
            if (call.method !== 'HEAD') {
              expect(response.json(), route).toEqual({ error: 'link_expired', message: expect.any(String) })
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(40)
    expect(await victimState()).toEqual(before)
    // The victim is still signed in, and Mallory's own link still works for her alone.
    expect((await send({ method: 'POST', url: '/api/validate-access-token' }, victimCookie)).statusCode).toBe(
      200,
    )
    const own = await send({
      method: 'GET',
      url: `/api/check-token/frontend/${malloryId}/${encodeURIComponent(MALLORY.email)}/${malloryToken}`,
    })
    expect(own.statusCode).toBe(200)
  })

  it('lets the owner make every one of those calls, so that the refusals above were about identity', async () => {
    const context = { password: DEMO_RENTER.password, png }
    for (const [route, recipe] of Object.entries(OWN_ACCOUNT)) {
      for (const call of recipe(victimId, context)) {
        const response = await send(call, victimCookie)
        expect(response.statusCode, `${route}: ${response.body}`).toBe(200)
      }
    }
    const [booking] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.userId, Number(victimId)))
    for (const [route, { calls: recipe, ownerReads }] of Object.entries(OWN_BOOKING)) {
      for (const call of recipe(String(booking!.id))) {
        const response = await send(call, victimCookie)
        if (ownerReads) expect(response.statusCode, `${route}: ${response.body}`).toBe(200)
        else expect([401, 403], `${route}: ${response.body}`).not.toContain(response.statusCode)
      }
    }
    expect(bodiesSeen).toBeGreaterThan(60)
  })
})
