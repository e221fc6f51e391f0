import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { users } from '../db/schema.ts'
import { DEMO_RENTER } from '../db/seed/seed.ts'
import { hashPassword } from '../services/auth/password.ts'
import { cookieHeader, emlText, lastMailTo, linkIn } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { type GraphStandIn, startGraphStandIn } from '../test/stand-ins/graph.ts'
import { type JwksStandIn, type SignOptions, startJwksStandIn } from '../test/stand-ins/jwks.ts'

const GOOGLE = 'google-client.apps.test'
const APPLE = 'test.haven.web'

describe.each(databaseKinds())('social sign-in on %s', (kind) => {
  let keys: JwksStandIn
  let graph: GraphStandIn
  let on: TestApp
  let off: TestApp
  let address = 0

  const signIn = (app: TestApp, payload: object) =>
    app.app.inject({
      method: 'POST',
      url: '/api/social-sign-in',
      payload,
      remoteAddress: `10.1.0.${++address}`,
    })
  const google = (subject: string, claims: Record<string, unknown>, options: Partial<SignOptions> = {}) =>
    keys.sign('google', { audience: GOOGLE, subject, claims, ...options })
  const userByEmail = async (email: string) =>
    (
      await on.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
    )[0]
  const countUsers = async () =>
    (await on.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n

  beforeAll(async () => {
    keys = await startJwksStandIn()
    graph = await startGraphStandIn()
    on = await startTestApp(kind, {
      properties: 5,
      env: {
        GOOGLE_CLIENT_ID: GOOGLE,
        GOOGLE_JWKS_URL: keys.googleJwksUrl,
        APPLE_CLIENT_ID: APPLE,
        APPLE_JWKS_URL: keys.appleJwksUrl,
        FACEBOOK_APP_ID: graph.appId,
        FACEBOOK_APP_SECRET: graph.appSecret,
        FACEBOOK_GRAPH_URL: graph.url,
        RECAPTCHA_SECRET: 'secret',
        RECAPTCHA_SITE_KEY: 'site-key-1',
      },
    })
    off = await startTestApp(kind, { properties: 5 })
  })
  afterAll(async () => {
    await on?.close()
    await off?.close()
    await keys?.close()
    await graph?.close()
  })

  it('tells the client which widgets to show, and none by default', async () => {
    const none = await off.app.inject({ method: 'GET', url: '/api/auth-config' })
    expect(none.json()).toEqual({
      recaptchaSiteKey: null,
      social: { google: null, apple: null, facebook: null },
    })
    const all = await on.app.inject({ method: 'GET', url: '/api/auth-config' })
    expect(all.json()).toEqual({
      recaptchaSiteKey: 'site-key-1',
      social: { google: GOOGLE, apple: APPLE, facebook: graph.appId },
    })
    expect(all.body).not.toContain(graph.appSecret)
    expect(all.body).not.toContain('"secret"')
  })

  it.each(['google', 'apple', 'facebook'])('refuses %s when it is not configured', async (provider) => {
    const response = await signIn(off, { provider, token: 'anything' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'social_not_enabled',
      message: 'This sign-in method is not enabled.',
    })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it("keeps a person's name on one line: a provider's flattened, a typed one with a line break refused", async () => {
    const token = await google('g-lines', {
      email: 'lines@gmail.test',
      email_verified: true,
      name: 'Nina\n\nIMPORTANT from Haven\tPark',
    })
    const response = await signIn(on, { provider: 'google', token })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().fullName).toBe('Nina IMPORTANT from Haven Park')
    const typed = await signIn(on, {
      provider: 'google',
      token: await google('g-lines-2', { email: 'lines2@gmail.test', email_verified: true }),
      fullName: 'Lou\nPerrin',
    })
    expect(typed.statusCode).toBe(400)
    expect(typed.json().fields).toEqual({ fullName: 'invalid_character' })
  })

  it('creates an activated renter without a password from a Google token, ignoring the body’s address', async () => {
    const token = await google('g-100', { email: 'Nina@Gmail.test', email_verified: true, name: 'Nina Park' })
    const response = await signIn(on, {
      provider: 'google',
      token,
      email: 'someone@else.test',
      fullName: 'X',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      email: 'nina@gmail.test',
      fullName: 'Nina Park',
      blacklisted: false,
    })
    expect(response.body).not.toMatch(/passwordHash|scrypt/)
    const row = await userByEmail('nina@gmail.test')
    expect(row).toMatchObject({ type: 'USER', passwordHash: null })
    expect(row?.activatedAt).toBeInstanceOf(Date)
    expect(await userByEmail('someone@else.test')).toBeUndefined()

    // The session is a real one.
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    expect(response.cookies.some((c) => c.httpOnly)).toBe(true)
    const me = await on.app.inject({ method: 'GET', url: `/api/user/${row!.id}`, headers: { cookie } })
    expect(me.statusCode).toBe(200)

    // Signing in again finds the same account.
    const again = await signIn(on, { provider: 'google', token, stayConnected: true })
    expect(again.statusCode).toBe(200)
    expect(again.json()._id).toBe(response.json()._id)
  })

  it('signs in to the existing account that has the verified address', async () => {
    const token = await google('g-101', { email: DEMO_RENTER.email, email_verified: true })
    const response = await signIn(on, { provider: 'google', token })
    expect(response.statusCode).toBe(200)
    expect(String(response.json()._id)).toBe(String(on.seed.renterId))
    expect(response.json().fullName).toBe(DEMO_RENTER.fullName)
  })

  it.each([
    ['expired', { expiresIn: -120 }],
    ['for another app', { audience: 'another-client' }],
    ['from another issuer', { issuer: 'https://accounts.evil.test' }],
    ['with a bad signature', { unpublishedKey: true }],
  ] as const)('refuses a token %s with 401, no session and no account', async (_case, options) => {
    const before = await countUsers()
    const token = await google('g-bad', { email: 'mallory@gmail.test', email_verified: true }, options)
    const response = await signIn(on, { provider: 'google', token })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: 'social_not_verified' })
    expect(response.headers['set-cookie']).toBeUndefined()
    expect(await countUsers()).toBe(before)
  })

  it('takes the name Apple leaves out from the body, on the first sign-in', async () => {
    const token = await keys.sign('apple', {
      audience: APPLE,
      subject: 'a-1',
      claims: { email: 'relay7@privaterelay.appleid.test', email_verified: 'true' },
    })
    const response = await signIn(on, { provider: 'apple', token, fullName: 'Lou Perrin', language: 'fr' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      email: 'relay7@privaterelay.appleid.test',
      fullName: 'Lou Perrin',
    })
    expect((await userByEmail('relay7@privaterelay.appleid.test'))?.language).toBe('fr')
  })

  it('signs in with Facebook through the Graph API', async () => {
    graph.add({ token: 'fb-good', id: '900', name: 'Sam Reed', email: 'sam@fb.test' })
    const response = await signIn(on, { provider: 'facebook', token: 'fb-good' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ email: 'sam@fb.test', fullName: 'Sam Reed' })

    graph.add({ token: 'fb-other-app', id: '901', name: 'Eve', email: 'eve@fb.test', appId: 'elsewhere' })
    expect((await signIn(on, { provider: 'facebook', token: 'fb-other-app' })).statusCode).toBe(401)
    expect((await signIn(on, { provider: 'facebook', token: 'fb-unknown' })).statusCode).toBe(401)
  })

  it('uses a typed address only for a new account when the provider shares none', async () => {
    graph.add({ token: 'fb-no-email', id: '902', name: 'Kim' })
    const missing = await signIn(on, { provider: 'facebook', token: 'fb-no-email' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      error: 'social_no_email',
      message: 'Your Facebook account did not share an email address.',
    })

    const taken = await signIn(on, { provider: 'facebook', token: 'fb-no-email', email: DEMO_RENTER.email })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe('This email address is already registered.')
    expect(taken.headers['set-cookie']).toBeUndefined()

    const fresh = await signIn(on, { provider: 'facebook', token: 'fb-no-email', email: 'kim@mail.test' })
    expect(fresh.statusCode).toBe(200)
    // Nobody proved the typed address: the account waits for its e-mailed activation link.
    expect(fresh.json()).toMatchObject({ email: 'kim@mail.test', fullName: 'Kim', activated: false })
    expect(emlText(lastMailTo(on.config.dataDir, 'kim@mail.test').eml)).toContain('/activate?')

    // The next sign-in of the same Facebook person finds the same account, with no address typed again.
    const again = await signIn(on, { provider: 'facebook', token: 'fb-no-email' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()._id).toBe(fresh.json()._id)

    // Following the e-mailed link proves the address (and sets a password, the account had none): the sessions
    // opened before it end, the link's begins.
    const me = (cookie: string) =>
      on.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie } })
    const link = linkIn(emlText(lastMailTo(on.config.dataDir, 'kim@mail.test').eml), '/activate')
    const activated = await on.app.inject({
      method: 'POST',
      url: '/api/activate',
      payload: {
        userId: link.searchParams.get('u'),
        token: link.searchParams.get('t'),
        password: 'kim-secret',
      },
    })
    expect(activated.statusCode, activated.body).toBe(200)
    expect((await me(cookieHeader(fresh))).statusCode).toBe(401)
    expect((await me(cookieHeader(again))).statusCode).toBe(401)
    expect((await me(cookieHeader(activated))).json()).toMatchObject({
      email: 'kim@mail.test',
      activated: true,
    })
  })

  it('activates a never-activated account and drops the password whoever registered it chose', async () => {
    await on.database.db.insert(users).values({
      email: 'pending@gmail.test',
      fullName: 'Pending',
      passwordHash: await hashPassword('squatter-password'),
    })
    const token = await google('g-102', { email: 'pending@gmail.test', email_verified: true })
    const response = await signIn(on, { provider: 'google', token })
    expect(response.statusCode).toBe(200)
    const row = await userByEmail('pending@gmail.test')
    expect(row?.activatedAt).toBeInstanceOf(Date)
    expect(row?.passwordHash).toBeNull()
  })

  it('gives an account opened on a typed address to whoever proves that address, and only to them', async () => {
    // Someone signs in with a Facebook account that shares no address and types another person's.
    graph.add({ token: 'fb-squatter', id: '903', name: 'Mallory' })
    const squatter = await signIn(on, {
      provider: 'facebook',
      token: 'fb-squatter',
      email: 'olga@gmail.test',
    })
    expect(squatter.statusCode).toBe(200)
    const squatterCookie = cookieHeader(squatter)
    const me = () =>
      on.app.inject({
        method: 'POST',
        url: '/api/validate-access-token',
        headers: { cookie: squatterCookie },
      })
    expect((await me()).statusCode).toBe(200)

    // The address's owner signs in with Google, which vouches for it: the account is theirs alone.
    const owner = await signIn(on, {
      provider: 'google',
      token: await google('g-104', { email: 'olga@gmail.test', email_verified: true, name: 'Olga' }),
    })
    expect(owner.statusCode).toBe(200)
    expect(owner.json()).toMatchObject({ _id: squatter.json()._id, activated: true })
    expect((await me()).statusCode).toBe(401)
    expect((await signIn(on, { provider: 'facebook', token: 'fb-squatter' })).statusCode).toBe(400)
  })

  it.each([
    ['activation', 'false', '/activate'],
    ['password reset', 'true', '/reset-password'],
  ] as const)(
    'drops a link made on a typed address when its owner proves it by %s, and the sessions it opened',
    async (_proof, isPasswordReset, path) => {
      // Someone whose Facebook account shares no address types another person's: a new, unactivated account.
      const victim = `victim-${isPasswordReset}@mail.test`
      const attackerToken = `fb-attacker-${isPasswordReset}`
      graph.add({ token: attackerToken, id: `904-${isPasswordReset}`, name: 'Mallory' })
      const attacker = await signIn(on, { provider: 'facebook', token: attackerToken, email: victim })
      expect(attacker.statusCode).toBe(200)
      const me = (cookie: string) =>
        on.app.inject({ method: 'POST', url: '/api/validate-access-token', headers: { cookie } })

      // The address's owner finds it taken and asks for a link, follows it and sets a password.
      const resend = await on.app.inject({
        method: 'POST',
        url: `/api/resend/frontend/${encodeURIComponent(victim)}/${isPasswordReset}`,
        remoteAddress: `10.1.1.${++address}`,
      })
      expect(resend.statusCode, resend.body).toBe(200)
      const link = linkIn(emlText(lastMailTo(on.config.dataDir, victim).eml), path)
      const proved = await on.app.inject({
        method: 'POST',
        url: '/api/activate',
        payload: {
          userId: link.searchParams.get('u'),
          token: link.searchParams.get('t'),
          password: 'owner-secret',
        },
      })
      expect(proved.statusCode, proved.body).toBe(200)
      expect(proved.json()).toMatchObject({ _id: attacker.json()._id, activated: true })

      // The stranger's session ended, and their next Facebook sign-in no longer lands in the account.
      expect((await me(cookieHeader(attacker))).statusCode).toBe(401)
      const again = await signIn(on, { provider: 'facebook', token: attackerToken })
      expect(again.statusCode).toBe(400)
      expect(again.headers['set-cookie']).toBeUndefined()
      const typedAgain = await signIn(on, { provider: 'facebook', token: attackerToken, email: victim })
      expect(typedAgain.statusCode).toBe(409)
      expect(typedAgain.headers['set-cookie']).toBeUndefined()

      // The owner's own session is untouched.
      expect((await me(cookieHeader(proved))).json()).toMatchObject({ email: victim, activated: true })
    },
  )

  it('refuses a blacklisted account with the suspension message, and an agency', async () => {
    await on.database.db.update(users).set({ blacklisted: true }).where(eq(users.email, 'nina@gmail.test'))
    const token = await google('g-100', { email: 'nina@gmail.test', email_verified: true })
    const response = await signIn(on, { provider: 'google', token })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'suspended', message: 'Your account is suspended.' })
    expect(response.headers['set-cookie']).toBeUndefined()

    const [agency] = await on.database.db.select().from(users).where(eq(users.type, 'AGENCY')).limit(1)
    const agencyToken = await google('g-103', { email: agency!.email, email_verified: true })
    const agencySignIn = await signIn(on, { provider: 'google', token: agencyToken })
    expect(agencySignIn.statusCode).toBe(403)
    expect(agencySignIn.json()).toMatchObject({ error: 'not_a_renter' })
  })

  it('rejects a malformed request with the error shape', async () => {
    const response = await signIn(on, { provider: 'myspace', token: 'x' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'validation', fields: { provider: expect.any(String) } })
  })

  it('limits sign-in attempts from one address', async () => {
    const statuses = []
    for (let i = 0; i < 11; i++) {
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/social-sign-in',
        payload: { provider: 'google', token: 'x' },
        remoteAddress: '192.0.2.77',
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})
