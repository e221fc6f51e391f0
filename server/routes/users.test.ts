import { createHmac, randomBytes } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'

import { sessions, users } from '../db/schema.ts'
import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { signInSlowdown } from '../services/auth/failed-sign-ins.ts'
import { freshIp, signInCookie } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

describe.each(databaseKinds())('the signed-in user on %s', (kind) => {
  let t: TestApp
  let me: string
  let other: string
  let cookie: string
  let otherCookie: string

  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    who = cookie,
    remoteAddress = freshIp(),
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: who ? { cookie: who } : {},
      remoteAddress,
    })
  const row = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, Number(id)))
    )[0]!

  /** A session cookie of `userId`'s, as a sign-in that asks no password (social, a guest checkout) opens. */
  const sessionOf = async (userId: number) => {
    const token = randomBytes(32).toString('base64url')
    await t.database.db.insert(sessions).values({
      userId,
      tokenHash: createHmac('sha256', t.app.ctx.secrets.sessionSecret).update(token).digest('base64url'),
      expiresAt: new Date(Date.now() + 60_000),
    })
    return `haven_session=${token}`
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 3 })
    me = String(t.seed.renterId)
    other = String(t.seed.otherRenterId)
    cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    otherCookie = await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password)
  })
  afterAll(async () => {
    await t?.close()
  })

  /** Every call of this file that names a user, with a good body for `id`. */
  const calls = (id: string): [method: 'GET' | 'POST', url: string, payload?: object][] => [
    ['GET', `/api/user/${id}`],
    ['POST', '/api/update-language', { id, language: 'fr' }],
    ['POST', '/api/update-user', { _id: id, fullName: 'Someone Else', phone: '+1 555 010 0199', bio: 'Hi' }],
    ['POST', '/api/update-email-notifications', { _id: id, enableEmailNotifications: false }],
    ['GET', `/api/check-password/${id}/haven-other`],
    ['GET', `/api/has-password/${id}`],
    ['POST', '/api/change-password', { _id: id, password: 'haven-other', newPassword: 'taken-over' }],
    ['POST', `/api/update-avatar/${id}`],
    ['POST', `/api/delete-avatar/${id}`],
  ]

  it("answers 401 to a visitor and 403 for another user's id, changing nothing", async () => {
    const before = await row(other)
    for (const [method, url, payload] of calls(other)) {
      const visitor = await call(method, url, payload, '')
      expect(visitor.statusCode, `${method} ${url}`).toBe(401)
      expect(visitor.json()).toEqual({ error: 'unauthorized', message: 'Please sign in.' })
      const someoneElse = await call(method, url, payload)
      expect(someoneElse.statusCode, `${method} ${url}`).toBe(403)
      expect(someoneElse.json()).toEqual({ error: 'forbidden', message: 'This is not your account.' })
    }
    expect(await row(other)).toEqual(before)
    // Their session still works with their password.
    expect((await call('GET', `/api/user/${other}`, undefined, otherCookie)).statusCode).toBe(200)
  })

  it("reads and changes the user's own settings, and never shows a hash", async () => {
    const read = await call('GET', `/api/user/${me}`)
    expect(read.statusCode).toBe(200)
    expect(Object.keys(read.json()).sort()).toEqual(
      [
        '_id',
        'activated',
        'avatar',
        'bio',
        'birthDate',
        'blacklisted',
        'email',
        'enableEmailNotifications',
        'fullName',
        'hasPassword',
        'language',
        'phone',
        'type',
      ].sort(),
    )
    const updated = await call('POST', '/api/update-user', {
      _id: me,
      fullName: '  Camille Martin-Durand ',
      phone: '+33 6 98 76 54 32',
      birthDate: '1994-05-18',
      bio: 'Loves the sea.',
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({
      fullName: 'Camille Martin-Durand',
      phone: '+33 6 98 76 54 32',
      birthDate: '1994-05-18',
      bio: 'Loves the sea.',
    })
    // Absent fields stay; null clears the phone.
    const partial = await call('POST', '/api/update-user', { _id: me, phone: null })
    expect(partial.json()).toMatchObject({
      fullName: 'Camille Martin-Durand',
      phone: null,
      bio: 'Loves the sea.',
    })

    const notifications = await call('POST', '/api/update-email-notifications', {
      _id: me,
      enableEmailNotifications: false,
    })
    expect(notifications.json()).toMatchObject({ enableEmailNotifications: false })
    const language = await call('POST', '/api/update-language', { _id: me, language: 'fr' })
    expect(language.json()).toMatchObject({ language: 'fr' })
    expect((await row(me)).language).toBe('fr')
    await call('POST', '/api/update-language', { id: me, language: 'en' })

    for (const response of [read, updated, partial, notifications, language]) {
      expect(response.body).not.toMatch(/scrypt|hash|token|secret/i)
    }
  })

  it('checks settings with the sign-up rules', async () => {
    const cases: [object, string, string][] = [
      [{ birthDate: '2020-01-01' }, 'birthDate', 'too_young'],
      [{ phone: 'call me' }, 'phone', 'invalid_phone'],
      [{ fullName: '' }, 'fullName', 'required'],
      // A NUL byte is no text the database stores.
      [{ fullName: 'Ada\u0000' }, 'fullName', 'invalid_character'],
      [{ bio: 'Hello\u0000world' }, 'bio', 'invalid_character'],
      // A name is one line: e-mails to agencies print it.
      [{ fullName: 'Ada\n\nIMPORTANT from Haven' }, 'fullName', 'invalid_character'],
      [{ phone: '+33 6\n12 34 56 78' }, 'phone', 'invalid_phone'],
    ]
    for (const [body, field, message] of cases) {
      const response = await call('POST', '/api/update-user', { _id: me, ...body })
      expect(response.statusCode).toBe(400)
      expect(response.json().fields[field]).toBe(message)
    }
    const badLanguage = await call('POST', '/api/update-language', { id: me, language: 'de' })
    expect(badLanguage.statusCode).toBe(400)
    for (const payload of ['{', '[]', '{"_id": 12}', '{"enableEmailNotifications": "yes"}']) {
      for (const url of ['/api/update-user', '/api/update-email-notifications', '/api/change-password']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { cookie, 'content-type': 'application/json' },
        })
        expect(response.statusCode, `${url} ${payload}`).toBe(400)
      }
    }
  })

  it('runs a settings write once per operation id: a late replay answers as the first time, changing nothing', async () => {
    const french = { id: me, language: 'fr', operationId: 'op-language-french-1' }
    expect((await call('POST', '/api/update-language', french)).json()).toMatchObject({ language: 'fr' })
    await call('POST', '/api/update-language', {
      id: me,
      language: 'en',
      operationId: 'op-language-english-2',
    })
    // The queue sent the first change again (an answer lost on the way): the later choice stands.
    const replay = await call('POST', '/api/update-language', french)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toMatchObject({ language: 'fr' })
    expect((await row(me)).language).toBe('en')

    const off = { _id: me, enableEmailNotifications: false, operationId: 'op-notifications-off-1' }
    await call('POST', '/api/update-email-notifications', off)
    await call('POST', '/api/update-email-notifications', {
      ...off,
      enableEmailNotifications: true,
      operationId: 'op-notifications-on-2',
    })
    await call('POST', '/api/update-email-notifications', off)
    expect((await row(me)).enableEmailNotifications).toBe(true)

    const named = { _id: me, fullName: 'Ada Replayed', operationId: 'op-profile-name-1' }
    await call('POST', '/api/update-user', named)
    await call('POST', '/api/update-user', {
      _id: me,
      fullName: 'Ada Current',
      operationId: 'op-profile-name-2',
    })
    await call('POST', '/api/update-user', named)
    expect((await row(me)).fullName).toBe('Ada Current')

    // Operation ids are each user's own: the same id from another user is their own first run.
    const theirs = await call('POST', '/api/update-language', { ...french, id: other }, otherCookie)
    expect(theirs.json()).toMatchObject({ language: 'fr' })
    expect((await row(other)).language).toBe('fr')
    await call('POST', '/api/update-language', { id: other, language: 'en' }, otherCookie)

    for (const operationId of ['short', 'has spaces in it', 'x'.repeat(65), 12345678]) {
      const response = await call('POST', '/api/update-language', { id: me, language: 'fr', operationId })
      expect(response.statusCode, String(operationId)).toBe(400)
      expect(response.json().fields.operationId).toBe('invalid')
    }
    expect((await row(me)).language).toBe('en')
  })

  it('refuses a push endpoint on this machine or a private network, by default', async () => {
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    }
    for (const endpoint of [
      'https://127.0.0.1:8443/push',
      'https://192.168.1.20/push',
      'https://localhost/push',
    ]) {
      const refused = await call('POST', '/api/push-subscription', { endpoint, keys })
      expect(refused.statusCode, endpoint).toBe(400)
      expect(refused.json()).toMatchObject({ error: 'validation', fields: { endpoint: expect.any(String) } })
    }
  })

  it('checks a password in the path, and says whether the account has one', async () => {
    // Its 13 wrong passwords earn the account the growing slowdown (sign-in-limit.test.ts's subject), which
    // would only make this test wait (26 s).
    const slowdown = vi.spyOn(signInSlowdown, 'wait').mockResolvedValue()
    onTestFinished(() => slowdown.mockRestore())
    expect((await call('GET', `/api/check-password/${me}/${DEMO_RENTER.password}`)).json()).toEqual({
      valid: true,
    })
    expect((await call('GET', `/api/check-password/${me}/wrong-one`)).json()).toEqual({ valid: false })
    // The longest password the rules allow (128) is a path segment too.
    expect((await call('GET', `/api/check-password/${me}/${'p'.repeat(128)}`)).json()).toEqual({
      valid: false,
    })
    expect((await call('GET', `/api/has-password/${me}`)).json()).toEqual({ hasPassword: true })

    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await call('GET', `/api/check-password/${me}/guess-${i}`, undefined, cookie, ip)).statusCode,
      )
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('changes a password: wrong current one refused, a new one required, other devices signed out', async () => {
    const secondDevice = await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password)
    const wrong = await call(
      'POST',
      '/api/change-password',
      { _id: other, password: 'nope', newPassword: 'newer-one' },
      otherCookie,
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      error: 'validation',
      message: 'Wrong password',
      fields: { password: 'wrong_password' },
    })
    const missing = await call(
      'POST',
      '/api/change-password',
      { _id: other, newPassword: 'newer-one' },
      otherCookie,
    )
    expect(missing.json().fields).toEqual({ password: 'wrong_password' })
    const short = await call(
      'POST',
      '/api/change-password',
      { _id: other, password: OTHER_RENTER.password, newPassword: 'abc' },
      otherCookie,
    )
    expect(short.json().fields).toEqual({ newPassword: 'password_too_short' })
    const noNew = await call(
      'POST',
      '/api/change-password',
      { _id: other, password: OTHER_RENTER.password },
      otherCookie,
    )
    expect(noNew.statusCode).toBe(400)
    expect(noNew.json().fields).toHaveProperty('newPassword')

    const changed = await call(
      'POST',
      '/api/change-password',
      { _id: other, password: OTHER_RENTER.password, newPassword: 'newer-one' },
      otherCookie,
    )
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await call('GET', `/api/user/${other}`, undefined, otherCookie)).statusCode).toBe(200)
    expect((await call('GET', `/api/user/${other}`, undefined, secondDevice)).statusCode).toBe(401)
    // Put it back for the other tests.
    await call(
      'POST',
      '/api/change-password',
      { _id: other, password: 'newer-one', newPassword: OTHER_RENTER.password },
      otherCookie,
    )
  })

  it('lets an account without a password (social sign-in) choose one without a current one', async () => {
    const [social] = await t.database.db
      .insert(users)
      .values({ email: 'social@example.test', fullName: 'Sam Social', activatedAt: new Date() })
      .returning()
    const id = String(social!.id)
    // Such an account cannot sign in with a password: a session as social sign-in would open it.
    const session = await sessionOf(social!.id)
    expect((await call('GET', `/api/has-password/${id}`, undefined, session)).json()).toEqual({
      hasPassword: false,
    })
    const chosen = await call(
      'POST',
      '/api/change-password',
      { _id: id, newPassword: 'my-first-one' },
      session,
    )
    expect(chosen.json()).toMatchObject({ hasPassword: true })
  })

  it("refuses a first password before the address is proved: a guest's booking made with someone else's", async () => {
    const [booker] = await t.database.db
      .insert(users)
      .values({ email: 'not-the-bookers@example.test', fullName: 'Guest Booker' })
      .returning()
    const id = String(booker!.id)
    // The session a guest checkout opens on the address typed, not activated yet.
    const session = await sessionOf(booker!.id)
    const refused = await call(
      'POST',
      '/api/change-password',
      { _id: id, newPassword: 'only-the-booker-knows' },
      session,
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      error: 'not_activated',
      message: 'Activate your account from the e-mail we sent you.',
    })
    expect((await row(id)).passwordHash).toBeNull()
  })
})
