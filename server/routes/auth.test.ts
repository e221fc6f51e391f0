import { statSync } from 'node:fs'
import { join } from 'node:path'

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { FIELD_ERROR_TEXTS } from '../../src/domain/auth-messages.ts'
import { SIGN_UP_ACCEPTED, SIGN_UP_REFUSALS, VALID_SIGN_UP } from '../../src/domain/sign-up-cases.ts'
import { sessions, users, userTokens } from '../db/schema.ts'
import { DEMO_ADMIN, DEMO_AGENCY, DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { hashPassword } from '../services/auth/password.ts'
import {
  cookieHeader,
  emlText,
  freshIp,
  lastMailTo,
  linkIn,
  newcomer,
  readMailFolder,
  signInCookie,
} from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

/** Fails when a body carries anything that looks like a stored hash or a token. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/scrypt\$/)
  expect(body).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|sessionSecret/i)
}

describe.each(databaseKinds())('accounts on %s', (kind) => {
  let t: TestApp
  const post = (url: string, payload?: object, cookie?: string, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
      remoteAddress,
    })
  const get = (url: string, cookie?: string, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress })
  const userByEmail = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
    )[0]

  /**
   * Follows the activation link of the newest e-mail to `email` from another browser than the one that signed
   * up, typing the sign-up's `password` as the first activation asks there; returns the session cookie it sets.
   */
  const activateFromMail = async (email: string, password = 'first-secret') => {
    const link = linkIn(emlText(lastMailTo(t.config.dataDir, email).eml), '/activate')
    const activated = await post('/api/activate', {
      userId: link.searchParams.get('u'),
      token: link.searchParams.get('t'),
      password,
    })
    expect(activated.statusCode, activated.body).toBe(200)
    return cookieHeader(activated)
  }
  /**
   * A session of an account not activated yet: password sign-in refuses one, so it is made the way a session
   * from before activation could exist (a social sign-in on a typed address, an older server).
   */
  const sessionBeforeActivation = async (email: string) => {
    const where = sql`lower(${users.email}) = lower(${email})`
    await t.database.db.update(users).set({ activatedAt: new Date() }).where(where)
    const cookie = await signInCookie(t.app, email, 'first-secret')
    await t.database.db.update(users).set({ activatedAt: null }).where(where)
    return cookie
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 3, env: { PUBLIC_URL: 'http://haven.test:8080' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('takes a newcomer from sign-up through activation, settings and a password change to sign-out', async () => {
    const email = 'Nora.Petit@Example.test'
    const signUp = await post('/api/sign-up', newcomer(email, { language: 'fr', phone: '+33 6 11 22 33 44' }))
    expect(signUp.statusCode, signUp.body).toBe(200)
    const { _id } = signUp.json<{ _id: string }>()
    // No session before the address is proved (the activation's own proof of this browser: sign-up-proof.test.ts).
    expect(signUp.cookies.map((cookie) => cookie.name)).toEqual(['haven_signup'])

    // The activation e-mail, in French, as an .eml file in $DATA_DIR/mail/.
    const mail = lastMailTo(t.config.dataDir, 'nora.petit@example.test')
    expect(mail.subject).toBe('Activez votre compte Haven')
    expect(mail.language).toBe('fr')
    expect(mail.eml).toMatch(/^Content-Language: fr\r$/m)
    expect(mail.eml).toContain('\r\n')
    const text = emlText(mail.eml)
    expect(text).toContain('Bonjour «\u00a0Nora Petit\u00a0»,')
    const link = linkIn(text, '/activate')
    expect(link.origin).toBe('http://haven.test:8080')
    expect(link.searchParams.get('u')).toBe(_id)
    expect(link.searchParams.get('e')).toBe('nora.petit@example.test')
    const token = link.searchParams.get('t')!
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Stored hashed only.
    const stored = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, Number(_id)))
    expect(stored).toHaveLength(1)
    expect(stored[0]!.tokenHash).not.toContain(token)

    // The link checks out, then activates the account and signs in.
    const check = await get(
      `/api/check-token/frontend/${_id}/${encodeURIComponent(link.searchParams.get('e')!)}/${token}`,
    )
    expect(check.statusCode, check.body).toBe(200)
    // The password typed at sign-up is not the account's until whoever typed it follows the link too.
    expect(check.json()).toEqual({
      valid: true,
      passwordReset: false,
      hasPassword: false,
      signUpPassword: true,
    })
    const activated = await post('/api/activate', { userId: _id, token, password: 'first-secret' })
    expect(activated.statusCode, activated.body).toBe(200)
    expect(activated.json()).toMatchObject({
      _id,
      email: 'nora.petit@example.test',
      activated: true,
      language: 'fr',
    })
    // Single use.
    const again = await post('/api/activate', { userId: _id, token, password: 'first-secret' })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: 'link_expired', message: 'Your account activation link expired.' })

    // Sign in with a cookie of the right kind.
    const signIn = await post('/api/sign-in/frontend', { email, password: 'first-secret' })
    expect(signIn.statusCode, signIn.body).toBe(200)
    expectNoSecrets(signIn.body)
    expect(signIn.json()).toEqual({
      _id,
      email: 'nora.petit@example.test',
      fullName: 'Nora Petit',
      phone: '+33 6 11 22 33 44',
      birthDate: '1990-02-03',
      bio: null,
      language: 'fr',
      enableEmailNotifications: true,
      blacklisted: false,
      avatar: null,
      type: 'USER',
      hasPassword: true,
      activated: true,
    })
    const [session] = signIn.cookies
    expect(session).toMatchObject({ name: 'haven_session', httpOnly: true, sameSite: 'Strict', path: '/' })
    expect(session!.maxAge).toBeUndefined()
    expect(session!.secure).toBeFalsy()
    const cookie = cookieHeader(signIn)

    const me = await get(`/api/user/${_id}`, cookie)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ _id, fullName: 'Nora Petit' })
    expect((await post('/api/validate-access-token', undefined, cookie)).statusCode).toBe(200)

    const language = await post('/api/update-language', { id: _id, language: 'en' }, cookie)
    expect(language.statusCode, language.body).toBe(200)
    expect(language.json()).toMatchObject({ language: 'en' })

    const wrong = await post(
      '/api/change-password',
      { _id, password: 'not-it', newPassword: 'second-secret' },
      cookie,
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      error: 'validation',
      message: 'Wrong password',
      fields: { password: 'wrong_password' },
    })
    const changed = await post(
      '/api/change-password',
      { _id, password: 'first-secret', newPassword: 'second-secret' },
      cookie,
    )
    expect(changed.statusCode, changed.body).toBe(200)
    expectNoSecrets(changed.body)
    // This device stays signed in.
    expect((await get(`/api/user/${_id}`, cookie)).statusCode).toBe(200)

    const signOut = await post('/api/sign-out', undefined, cookie)
    expect(signOut.statusCode).toBe(200)
    expect(signOut.cookies[0]).toMatchObject({ name: 'haven_session', value: '' })
    // A copy of the old cookie no longer works.
    const after = await get(`/api/user/${_id}`, cookie)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({ error: 'unauthorized', message: 'Please sign in.' })
    expect((await post('/api/validate-access-token', undefined, cookie)).statusCode).toBe(401)

    // The new password works, the old one does not.
    expect((await post('/api/sign-in/frontend', { email, password: 'first-secret' })).statusCode).toBe(401)
    expect((await post('/api/sign-in/frontend', { email, password: 'second-secret' })).statusCode).toBe(200)
  })

  it('refuses a password sign-in until the account is activated, and ends its older sessions then', async () => {
    const email = 'early@example.test'
    expect((await post('/api/sign-up', newcomer(email))).statusCode).toBe(200)
    const early = await post('/api/sign-in/frontend', { email, password: 'first-secret' })
    expect(early.statusCode).toBe(403)
    expect(early.json()).toEqual({
      error: 'not_activated',
      message: 'Activate your account from the e-mail we sent you.',
    })
    expect(early.headers['set-cookie']).toBeUndefined()
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, (await userByEmail(email))!.id)),
    ).toEqual([])
    // Said only to whoever knows the password: a wrong one is the usual refusal.
    const guess = await post('/api/sign-in/frontend', { email, password: 'guess-guess' })
    expect(guess.statusCode).toBe(401)
    expect(guess.json()).toEqual({ error: 'incorrect_credentials', message: 'Incorrect email or password.' })

    // Whoever held a session before the address was proved loses it when the link is followed.
    const before = await sessionBeforeActivation(email)
    expect((await post('/api/validate-access-token', undefined, before)).statusCode).toBe(200)
    const owner = await activateFromMail(email)
    expect((await post('/api/validate-access-token', undefined, before)).statusCode).toBe(401)
    expect((await post('/api/validate-access-token', undefined, owner)).statusCode).toBe(200)
    const later = await post('/api/sign-in/frontend', { email, password: 'first-secret' })
    expect(later.statusCode, later.body).toBe(200)
    expect(later.json()).toMatchObject({ email, activated: true })
  })

  it('gives whoever signed up with an address nothing once its owner follows the link', async () => {
    const strangers = { password: 'strangers-secret' }
    const stranger = (email: string) => post('/api/sign-in/frontend', { email, ...strangers })
    const linkTo = (email: string, path: string) => {
      const link = linkIn(emlText(lastMailTo(t.config.dataDir, email).eml), path)
      return { userId: link.searchParams.get('u')!, token: link.searchParams.get('t')! }
    }

    // The owner follows the link as it comes, in their own browser: the stranger's password is asked for,
    // which they do not know; nothing is activated, and the stranger still cannot sign in.
    const taken = 'taken@example.test'
    expect((await post('/api/sign-up', newcomer(taken, strangers))).statusCode).toBe(200)
    const link = linkTo(taken, '/activate')
    const check = await get(
      `/api/check-token/frontend/${link.userId}/${encodeURIComponent(taken)}/${link.token}`,
    )
    expect(check.json()).toEqual({
      valid: true,
      passwordReset: false,
      hasPassword: false,
      signUpPassword: true,
    })
    const bare = await post('/api/activate', link)
    expect(bare.statusCode).toBe(400)
    expect(bare.json().fields).toEqual({ password: 'required' })
    const owners = await post('/api/activate', { ...link, password: 'owners-secret' })
    expect(owners.statusCode).toBe(400)
    expect(owners.json().fields).toEqual({ password: 'wrong_password' })
    expect(owners.headers['set-cookie']).toBeUndefined()
    expect((await userByEmail(taken))!.activatedAt).toBeNull()
    expect((await stranger(taken)).statusCode).toBe(403)

    // The owner takes the account through a reset link: theirs works, the stranger's does not.
    const reset = await post(`/api/resend/frontend/${encodeURIComponent(taken)}/true`)
    expect(reset.json()).toEqual({ sent: true })
    const owner = await post('/api/activate', {
      ...linkTo(taken, '/reset-password'),
      password: 'owners-secret',
    })
    expect(owner.statusCode, owner.body).toBe(200)
    expect(owner.json()).toMatchObject({ email: taken, activated: true, hasPassword: true })
    expect((await stranger(taken)).statusCode).toBe(401)
    expect(
      (await post('/api/sign-in/frontend', { email: taken, password: 'owners-secret' })).statusCode,
    ).toBe(200)
  })

  it('signs the seeded demo renter in, for 30 days with stay connected', async () => {
    const response = await post('/api/sign-in/frontend', {
      email: DEMO_RENTER.email,
      password: DEMO_RENTER.password,
      stayConnected: true,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ _id: String(t.seed.renterId), email: DEMO_RENTER.email })
    expect(response.cookies[0]!.maxAge).toBe(30 * 24 * 60 * 60)
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, t.seed.renterId))
    expect(row!.persistent).toBe(true)
  })

  it('refuses each input of the shared sign-up table beside its field, with its code', async () => {
    // The client's form runs the same table (src/features/auth/sign-up-form.test.tsx).
    for (const { name, change, field, code } of SIGN_UP_REFUSALS) {
      const response = await post('/api/sign-up', {
        ...VALID_SIGN_UP,
        ...change,
        email: change.email ?? 'rules@example.test',
      })
      expect(response.statusCode, name).toBe(400)
      const body = response.json<{ error: string; message: string; fields: Record<string, string> }>()
      expect(body.error, name).toBe('validation')
      expect(body.fields[field], `${name}: ${response.body}`).toBe(code)
      // The English `message` is for people reading the API; it names the field.
      expect(body.message, name).toContain(field)
    }
    expect(await userByEmail('rules@example.test')).toBeUndefined()
    // The product's texts for the codes, word for word (docs/product.md §8).
    expect(FIELD_ERROR_TEXTS.too_young).toBe('You must be at least 21 years old.')
    expect(FIELD_ERROR_TEXTS.accept_terms).toBe('Please accept the Terms of Use.')
    for (const [index, change] of SIGN_UP_ACCEPTED.entries()) {
      const email = `accepted-${index}@example.test`
      const ok = await post('/api/sign-up', {
        ...VALID_SIGN_UP,
        ...change,
        email: change.email ? `  ${email.toUpperCase()} ` : email,
      })
      expect(ok.statusCode, `${JSON.stringify(change)} ${ok.body}`).toBe(200)
    }
    // An empty phone is no phone.
    expect((await userByEmail('accepted-1@example.test'))!.phone).toBeNull()
  })

  it('refuses a body without the terms, or of the wrong types, by field', async () => {
    const response = await post(
      '/api/sign-up',
      newcomer('types@example.test', { acceptTerms: undefined, fullName: 42 }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ acceptTerms: 'accept_terms', fullName: 'invalid' })
  })

  it('refuses an address already registered, whatever its case', async () => {
    const response = await post('/api/sign-up', newcomer(DEMO_RENTER.email.toUpperCase()))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      error: 'email_taken',
      message: 'This email address is already registered.',
      fields: { email: 'email_taken' },
    })
    const available = await post('/api/validate-email', { email: DEMO_RENTER.email })
    expect(available.json()).toEqual({ available: false })
    expect((await post('/api/validate-email', { email: 'free@example.test' })).json()).toEqual({
      available: true,
    })
  })

  it('says the same for a wrong password and an unknown address, and takes as long', async () => {
    const wrong = await post('/api/sign-in/frontend', { email: DEMO_RENTER.email, password: 'nope-nope' })
    const unknown = await post('/api/sign-in/frontend', {
      email: 'nobody@example.test',
      password: 'nope-nope',
    })
    const incorrect = { error: 'incorrect_credentials', message: 'Incorrect email or password.' }
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(incorrect)
    expect(unknown.json()).toEqual(incorrect)
    expect(wrong.headers['set-cookie']).toBeUndefined()
    // Both verify a scrypt hash: an unknown address costs at least half the time of a known one.
    const time = async (email: string) => {
      const start = performance.now()
      await post('/api/sign-in/frontend', { email, password: 'nope-nope' })
      return performance.now() - start
    }
    const known = (await time(DEMO_RENTER.email)) + (await time(DEMO_RENTER.email))
    const missing = (await time('nobody@example.test')) + (await time('nobody@example.test'))
    expect(missing).toBeGreaterThan(known / 2)
  })

  it('signs the demo agency and administrator in to the back office, and no renter there', async () => {
    for (const { email, password, type } of [
      { ...DEMO_AGENCY, type: 'AGENCY' },
      { ...DEMO_ADMIN, type: 'ADMIN' },
    ]) {
      const response = await post('/api/sign-in/backend', { email, password })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ email, type })
      // No secret leaves the server.
      expect(response.body).not.toMatch(/passwordHash|scrypt/i)
      // Each is refused by the renters' app as a wrong password is.
      const frontend = await post('/api/sign-in/frontend', { email, password })
      expect(frontend.statusCode).toBe(401)
      expect(frontend.json()).toEqual({
        error: 'incorrect_credentials',
        message: 'Incorrect email or password.',
      })
    }
    const [blueDoor] = await t.database.db.select().from(users).where(eq(users.email, DEMO_AGENCY.email))
    expect(blueDoor).toMatchObject({ type: 'AGENCY', fullName: DEMO_AGENCY.name })
    // Every seeded agency can sign in.
    const agencies = await t.database.db.select().from(users).where(eq(users.type, 'AGENCY'))
    expect(agencies.length).toBeGreaterThan(1)
    expect(agencies.every((agency) => agency.passwordHash !== null)).toBe(true)
    const renter = await post('/api/sign-in/backend', {
      email: DEMO_RENTER.email,
      password: DEMO_RENTER.password,
    })
    expect(renter.statusCode).toBe(401)
    expect(renter.json()).toEqual({ error: 'incorrect_credentials', message: 'Incorrect email or password.' })
  })

  it("e-mails a staff account a reset link to the back office's page, which the backend's check accepts", async () => {
    const email = DEMO_AGENCY.email
    // The renters' application does not know a staff account.
    expect((await post(`/api/resend/frontend/${encodeURIComponent(email)}/true`)).statusCode).toBe(404)
    const sent = await post(`/api/resend/backend/${encodeURIComponent(email)}/true`)
    expect(sent.statusCode, sent.body).toBe(200)
    const link = linkIn(emlText(lastMailTo(t.config.dataDir, email).eml), '/reset-password')
    expect(link.pathname).toBe('/admin/reset-password')
    const [u, e, token] = ['u', 'e', 't'].map((name) => link.searchParams.get(name)!)
    const check = await get(`/api/check-token/backend/${u}/${encodeURIComponent(e!)}/${token}`)
    expect(check.statusCode, check.body).toBe(200)
    expect((await get(`/api/check-token/frontend/${u}/${encodeURIComponent(e!)}/${token}`)).statusCode).toBe(
      400,
    )
  })

  it('signs in only renters to the frontend', async () => {
    const [agency] = await t.database.db.select().from(users).where(eq(users.type, 'AGENCY')).limit(1)
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('agency-secret') })
      .where(eq(users.id, agency!.id))
    const response = await post('/api/sign-in/frontend', { email: agency!.email, password: 'agency-secret' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      error: 'incorrect_credentials',
      message: 'Incorrect email or password.',
    })
  })

  it('tells a blacklisted user their account is suspended, at sign-in and on validation', async () => {
    const cookie = await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password)
    await t.database.db.update(users).set({ blacklisted: true }).where(eq(users.id, t.seed.otherRenterId))
    try {
      const suspended = { error: 'suspended', message: 'Your account is suspended.' }
      const validation = await post('/api/validate-access-token', undefined, cookie)
      expect(validation.statusCode).toBe(403)
      expect(validation.json()).toEqual(suspended)
      expect((await get(`/api/user/${t.seed.otherRenterId}`, cookie)).json()).toEqual(suspended)
      const signIn = await post('/api/sign-in/frontend', {
        email: OTHER_RENTER.email,
        password: OTHER_RENTER.password,
      })
      expect(signIn.statusCode).toBe(403)
      expect(signIn.json()).toEqual(suspended)
      expect(signIn.headers['set-cookie']).toBeUndefined()
      // A wrong password learns nothing about it.
      const guess = await post('/api/sign-in/frontend', {
        email: OTHER_RENTER.email,
        password: 'guess-guess',
      })
      expect(guess.statusCode).toBe(401)
      // Signing out still works.
      expect((await post('/api/sign-out', undefined, cookie)).statusCode).toBe(200)
    } finally {
      await t.database.db.update(users).set({ blacklisted: false }).where(eq(users.id, t.seed.otherRenterId))
    }
  })

  it("resets a password through an e-mailed link in the user's language, and signs every device out", async () => {
    const email = 'reset@example.test'
    expect((await post('/api/sign-up', newcomer(email))).statusCode).toBe(200)
    await activateFromMail(email)
    const oldCookie = await signInCookie(t.app, email, 'first-secret')

    const unknown = await post('/api/resend/frontend/nobody%40example.test/true')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({
      error: 'email_not_registered',
      message: 'Email address not registered',
      fields: { email: 'email_not_registered' },
    })

    const sent = await post(`/api/resend/frontend/${encodeURIComponent(email)}/true`)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({ sent: true })
    const mail = lastMailTo(t.config.dataDir, email)
    expect(mail.subject).toBe('Reset your Haven password')
    const link = linkIn(emlText(mail.eml), '/reset-password')
    const [u, e, token] = ['u', 'e', 't'].map((name) => link.searchParams.get(name)!)
    expect(e).toBe(email)

    const check = await get(`/api/check-token/frontend/${u}/${encodeURIComponent(e!)}/${token}`)
    expect(check.json()).toEqual({
      valid: true,
      passwordReset: true,
      hasPassword: true,
      signUpPassword: false,
    })
    // The wrong address with a good token is not a good link.
    expect((await get(`/api/check-token/frontend/${u}/other%40example.test/${token}`)).statusCode).toBe(400)

    const noPassword = await post('/api/activate', { userId: u, token })
    expect(noPassword.statusCode).toBe(400)
    expect(noPassword.json().fields).toEqual({ password: 'required' })
    const short = await post('/api/activate', { userId: u, token, password: 'abc' })
    expect(short.json().fields).toEqual({ password: 'password_too_short' })

    const reset = await post('/api/activate', { userId: u, token, password: 'brand-new-secret' })
    expect(reset.statusCode, reset.body).toBe(200)
    expectNoSecrets(reset.body)
    const newCookie = cookieHeader(reset)
    expect((await get(`/api/user/${u}`, newCookie)).statusCode).toBe(200)
    expect((await get(`/api/user/${u}`, oldCookie)).statusCode).toBe(401)
    expect((await post('/api/sign-in/frontend', { email, password: 'brand-new-secret' })).statusCode).toBe(
      200,
    )
    expect((await post('/api/activate', { userId: u, token, password: 'another-secret' })).statusCode).toBe(
      400,
    )
  })

  it('refuses expired links, replaced links and links of another user', async () => {
    const email = 'late@example.test'
    expect((await post('/api/sign-up', newcomer(email, { language: 'en' }))).statusCode).toBe(200)
    const first = linkIn(emlText(lastMailTo(t.config.dataDir, email).eml), '/activate')
    const userId = first.searchParams.get('u')!
    const expired = { error: 'link_expired', message: 'Your account activation link expired.' }

    // Resent: a new link; the first one no longer works.
    const resent = await post(`/api/resend/frontend/${encodeURIComponent(email)}/false`)
    expect(resent.json()).toEqual({ sent: true })
    const second = linkIn(emlText(lastMailTo(t.config.dataDir, email).eml), '/activate')
    expect(second.searchParams.get('t')).not.toBe(first.searchParams.get('t'))
    const old = await post('/api/activate', { userId, token: first.searchParams.get('t') })
    expect(old.statusCode).toBe(400)
    expect(old.json()).toEqual(expired)

    // Another user's id with this token.
    const stolen = await post('/api/activate', {
      userId: String(t.seed.renterId),
      token: second.searchParams.get('t'),
    })
    expect(stolen.json()).toEqual(expired)

    // A day later.
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, Number(userId)))
    const token = second.searchParams.get('t')!
    const check = await get(`/api/check-token/frontend/${userId}/${encodeURIComponent(email)}/${token}`)
    expect(check.statusCode).toBe(400)
    expect(check.json()).toEqual(expired)
    expect((await post('/api/activate', { userId, token })).json()).toEqual(expired)
    expect((await userByEmail(email))!.activatedAt).toBeNull()

    // Garbage tokens are simply expired links.
    expect((await get(`/api/check-token/frontend/${userId}/${encodeURIComponent(email)}/x`)).json()).toEqual(
      expired,
    )
    // An active account gets no new activation link.
    const active = await post(`/api/resend/frontend/${encodeURIComponent(DEMO_RENTER.email)}/false`)
    expect(active.json()).toEqual({ sent: false })
  })

  it('lets a signed-in user resend their activation link and delete their own tokens only', async () => {
    const email = 'pending@example.test'
    const { _id } = (await post('/api/sign-up', newcomer(email))).json<{ _id: string }>()
    const cookie = await sessionBeforeActivation(email)
    const before = readMailFolder(t.config.dataDir).length
    expect((await post('/api/resend-link', {}, cookie)).json()).toEqual({ sent: true })
    expect(readMailFolder(t.config.dataDir)).toHaveLength(before + 1)
    expect((await post('/api/resend-link', { email: DEMO_RENTER.email }, cookie)).statusCode).toBe(403)
    expect((await post('/api/resend-link', {})).statusCode).toBe(401)

    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-tokens/${t.seed.renterId}`,
      headers: { cookie },
    })
    expect(other.statusCode).toBe(403)
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-tokens/${_id}` })).statusCode).toBe(401)
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/delete-tokens/${_id}`,
      headers: { cookie },
    })
    expect(own.json()).toEqual({ deleted: 1 })
  })

  it('answers malformed requests with 400, never 500', async () => {
    const routes = ['/api/sign-up', '/api/sign-in/frontend', '/api/activate', '/api/validate-email']
    const bodies: [string, string][] = [
      ['{"email":', 'application/json'],
      ['[]', 'application/json'],
      ['"text"', 'application/json'],
      ['{"email": 5, "password": null, "userId": {}, "token": []}', 'application/json'],
      ['email=a', 'application/x-www-form-urlencoded'],
    ]
    for (const url of routes) {
      for (const [payload, type] of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': type },
          remoteAddress: freshIp(),
        })
        expect([400, 415], `${url} ${payload}`).toContain(response.statusCode)
        expect(response.json()).toHaveProperty('error')
      }
      expect((await post(url)).statusCode, url).toBe(400)
    }
    expect((await post('/api/sign-in/mobile', { email: 'a@b.test', password: 'x' })).statusCode).toBe(400)
    expect((await post('/api/resend/frontend/a%40b.test/maybe')).statusCode).toBe(400)
    expect((await post('/api/activate', { userId: '0', token: 'x' })).statusCode).toBe(400)
    expect((await get('/api/check-token/frontend/abc/a%40b.test/x')).statusCode).toBe(400)
  })

  it('refuses a line break or control character in a name, which e-mails and screens print', async () => {
    for (const fullName of [
      'Bob\n\nIMPORTANT from Haven: your refund goes to IBAN FR76 0000',
      'Bob\rSmith',
      'Bob\tSmith',
      'Bob\u2028Smith',
      'Bob\u0085Smith',
      'Bob\u001bSmith',
    ]) {
      const response = await post('/api/sign-up', newcomer('lines@example.test', { fullName }))
      expect(response.statusCode, JSON.stringify(fullName)).toBe(400)
      expect(response.json().fields, JSON.stringify(fullName)).toEqual({ fullName: 'invalid_character' })
    }
    expect(await userByEmail('lines@example.test')).toBeUndefined()
    // Spaces around it are trimmed, not refused.
    const trimmed = await post('/api/sign-up', newcomer('lines@example.test', { fullName: ' Bob Smith\n' }))
    expect(trimmed.statusCode, trimmed.body).toBe(200)
    expect((await userByEmail('lines@example.test'))?.fullName).toBe('Bob Smith')
  })

  it('answers a NUL byte in any text with 400, never 500', async () => {
    const cases: [url: string, payload: object | undefined, field: string][] = [
      ['/api/sign-in/frontend', { email: 'ada\u0000@example.test', password: 'first-secret' }, 'email'],
      ['/api/sign-in/frontend', { email: DEMO_RENTER.email, password: 'haven\u0000demo' }, 'password'],
      ['/api/sign-up', newcomer('nul@example.test', { fullName: 'Ada\u0000Lovelace' }), 'fullName'],
      ['/api/sign-up', newcomer('nul\u0000@example.test'), 'email'],
      ['/api/sign-up', newcomer('nul@example.test', { password: 'first\u0000secret' }), 'password'],
      ['/api/validate-email', { email: 'nul\u0000@example.test' }, 'email'],
      ['/api/resend/frontend/ada%00%40example.test/false', undefined, 'email'],
      ['/api/resend/frontend/ada%00%40example.test/true', undefined, 'email'],
    ]
    for (const [url, payload, field] of cases) {
      const response = await post(url, payload)
      expect(response.statusCode, `${url} ${response.body}`).toBe(400)
      const body = response.json<{ error: string; fields?: Record<string, string> }>()
      expect(body.error).toBe('validation')
      expect(body.fields?.[field], `${url} ${response.body}`).toBe('invalid_character')
    }
    expect(await userByEmail('nul@example.test')).toBeUndefined()
    const link = await get(`/api/check-token/frontend/${t.seed.renterId}/ada%00%40example.test/x`)
    expect(link.statusCode).toBe(400)
  })

  it('limits sign-in, sign-up and resend per address', async () => {
    const ip = freshIp()
    const attempts = async (count: number, send: () => Promise<{ statusCode: number; json(): unknown }>) => {
      const statuses: number[] = []
      let last: unknown
      for (let i = 0; i < count; i += 1) {
        const response = await send()
        statuses.push(response.statusCode)
        last = response.json()
      }
      return { statuses, last }
    }
    // A new address each time: the count per account (sign-in-limit.test.ts) is not the one tested here.
    let guess = 0
    const signIn = await attempts(11, () =>
      post(
        '/api/sign-in/frontend',
        { email: `nobody-${(guess += 1)}@example.test`, password: 'wrong-wrong' },
        undefined,
        ip,
      ),
    )
    expect(signIn.statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(signIn.statuses[10]).toBe(429)
    expect(signIn.last).toEqual({ error: 'rate_limited', message: 'Too many requests. Try again later.' })
    // A made-up X-Forwarded-For does not buy more tries (TRUST_PROXY is off).
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email: 'nobody@example.test', password: 'wrong-wrong' },
      headers: { 'x-forwarded-for': freshIp() },
      remoteAddress: ip,
    })
    expect(spoofed.statusCode).toBe(429)
    // Another route from the same address has its own count; another address is not limited.
    expect(
      (await post('/api/validate-email', { email: 'free@example.test' }, undefined, ip)).statusCode,
    ).toBe(200)
    expect(
      (await post('/api/sign-in/frontend', { email: DEMO_RENTER.email, password: DEMO_RENTER.password }))
        .statusCode,
    ).toBe(200)

    const resend = await attempts(6, () =>
      post('/api/resend/frontend/nobody%40example.test/true', undefined, undefined, ip),
    )
    expect(resend.statuses).toEqual([404, 404, 404, 404, 404, 429])
    const signUp = await attempts(11, () => post('/api/sign-up', newcomer('x'), undefined, ip))
    expect(signUp.statuses.at(-1)).toBe(429)
  })

  it('keeps its generated secret and its mail readable by its owner only', () => {
    // On PostgreSQL the generated secrets are in the database (server_secrets), shared by every server.
    if (kind === 'pglite') {
      const stat = statSync(join(t.config.dataDir, 'secrets.json'))
      expect(stat.mode & 0o777).toBe(0o600)
    }
    const mail = readMailFolder(t.config.dataDir).at(-1)!
    expect(statSync(join(t.config.dataDir, 'mail', `${mail.id}.eml`)).mode & 0o777).toBe(0o600)
  })
})
