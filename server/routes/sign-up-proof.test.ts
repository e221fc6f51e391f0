// The activation link opened in the browser that signed up: one call activates the account with the password
// chosen at sign-up and signs in, thanks to the `haven_signup` cookie the sign-up left. Anywhere else (no
// cookie, or one forged, expired or of another account) the link still needs that password.
import { createHmac } from 'node:crypto'

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LINK_TTL_MS } from '../../src/domain/auth-messages.ts'
import { users } from '../db/schema.ts'
import { cookieHeader, emlText, freshIp, lastMailTo, linkIn, newcomer } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

const PROOF = 'haven_signup'

describe.each(databaseKinds())('the sign-up proof on %s', (kind) => {
  let t: TestApp
  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
      remoteAddress: freshIp(),
    })
  const userByEmail = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
    )[0]!

  /** Signs `email` up with `password`: the sign-up's answer and the link its e-mail carries. */
  const signUp = async (email: string, password = 'first-secret') => {
    const response = await post('/api/sign-up', newcomer(email, { password }))
    expect(response.statusCode, response.body).toBe(200)
    const link = linkIn(emlText(lastMailTo(t.config.dataDir, email).eml), '/activate')
    return {
      response,
      userId: link.searchParams.get('u')!,
      link: { userId: link.searchParams.get('u')!, token: link.searchParams.get('t')! },
    }
  }
  /** The cookie header of the browser that signed up: its sign-up proof. */
  const proofOf = (response: Awaited<ReturnType<typeof signUp>>['response']) => {
    const proof = response.cookies.find((cookie) => cookie.name === PROOF)
    expect(proof, 'the sign-up sets its proof').toBeDefined()
    return `${PROOF}=${proof!.value}`
  }
  /** A proof signed with the server's own secret for `userId`, issued at `issuedAt` (the wire format). */
  const proofIssuedAt = (userId: string, issuedAt: number) =>
    `${PROOF}=${issuedAt}.${createHmac('sha256', t.app.ctx.secrets.sessionSecret)
      .update(`sign-up\n${userId}\n${issuedAt}`)
      .digest('base64url')}`
  const passwordRequired = { password: 'required' }

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1, env: { PUBLIC_URL: 'http://haven.test:8080' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('activates the account in the browser that signed up, with the password chosen there, in one call', async () => {
    const email = 'same-browser@example.test'
    const { response, link } = await signUp(email, 'chosen-at-sign-up')
    // No session before the address is proved: only the proof, for the activation call alone.
    expect(response.cookies.map((cookie) => cookie.name)).toEqual([PROOF])
    expect(response.cookies[0]).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/activate',
      maxAge: LINK_TTL_MS / 1000,
    })
    expect(response.cookies[0]!.secure).toBeFalsy()
    const browser = proofOf(response)

    const check = await t.app.inject({
      method: 'GET',
      url: `/api/check-token/frontend/${link.userId}/${encodeURIComponent(email)}/${link.token}`,
      remoteAddress: freshIp(),
    })
    expect(check.json()).toEqual({
      valid: true,
      passwordReset: false,
      hasPassword: false,
      signUpPassword: true,
    })

    const activated = await post('/api/activate', link, browser)
    expect(activated.statusCode, activated.body).toBe(200)
    expect(activated.json()).toMatchObject({ _id: link.userId, email, activated: true, hasPassword: true })
    // Signed in, and the proof is spent.
    const session = activated.cookies.find((cookie) => cookie.name === 'haven_session')
    expect(session?.value).toBeTruthy()
    expect(activated.cookies.find((cookie) => cookie.name === PROOF)).toMatchObject({
      value: '',
      path: '/api/activate',
    })
    const me = await post('/api/validate-access-token', undefined, cookieHeader(activated))
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ email, activated: true })
    // The password chosen at sign-up is the account's.
    const signIn = await post('/api/sign-in/frontend', { email, password: 'chosen-at-sign-up' })
    expect(signIn.statusCode, signIn.body).toBe(200)
  })

  it('still asks another browser for the password chosen at sign-up, and refuses a wrong one', async () => {
    const email = 'other-browser@example.test'
    const { link } = await signUp(email, 'chosen-at-sign-up')

    const bare = await post('/api/activate', link)
    expect(bare.statusCode).toBe(400)
    expect(bare.json().fields).toEqual(passwordRequired)
    const wrong = await post('/api/activate', { ...link, password: 'someone-else' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      error: 'validation',
      message: 'Wrong password',
      fields: { password: 'wrong_password' },
    })
    expect(wrong.headers['set-cookie']).toBeUndefined()
    expect((await userByEmail(email)).activatedAt).toBeNull()

    // The link stayed good: the right password activates and signs in.
    const right = await post('/api/activate', { ...link, password: 'chosen-at-sign-up' })
    expect(right.statusCode, right.body).toBe(200)
    expect(right.json()).toMatchObject({ email, activated: true, hasPassword: true })
    expect(right.cookies.map((cookie) => cookie.name)).toContain('haven_session')
  })

  it('does not activate with a proof forged, expired, or made for another account', async () => {
    const email = 'proofs@example.test'
    const { response, link, userId } = await signUp(email)
    const own = proofOf(response)
    const other = await signUp('someone-else@example.test')
    const refusedWith = async (cookie: string) => {
      const answer = await post('/api/activate', link, cookie)
      expect(answer.statusCode, cookie).toBe(400)
      expect(answer.json().fields, cookie).toEqual(passwordRequired)
      expect(answer.cookies.map((c) => c.name)).not.toContain('haven_session')
    }

    // Another account's proof (the same server, signed alike).
    await refusedWith(proofOf(other.response))
    // Forged: a changed signature, a changed date, a signature by another secret, garbage.
    const [issuedAt, mac] = own.slice(PROOF.length + 1).split('.') as [string, string]
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`
    await refusedWith(`${PROOF}=${issuedAt}.${flipped}`)
    await refusedWith(`${PROOF}=${Number(issuedAt) + 1}.${mac}`)
    const foreign = createHmac('sha256', 'another-secret').update(`sign-up\n${userId}\n${issuedAt}`)
    await refusedWith(`${PROOF}=${issuedAt}.${foreign.digest('base64url')}`)
    await refusedWith(`${PROOF}=${userId}`)
    // Expired with the link (a day), or from the future.
    await refusedWith(proofIssuedAt(userId, Date.now() - LINK_TTL_MS - 1000))
    await refusedWith(proofIssuedAt(userId, Date.now() + 60_000))
    expect((await userByEmail(email)).activatedAt).toBeNull()

    // Made the same way and in date, the proof opens: the refusals above were about the proofs themselves.
    const fresh = await post('/api/activate', link, proofIssuedAt(userId, Date.now() - 1000))
    expect(fresh.statusCode, fresh.body).toBe(200)
    expect(fresh.json()).toMatchObject({ email, activated: true })
  })

  it('keeps the proof free of any secret: neither the password, the link, nor the server key', async () => {
    const email = 'no-secrets@example.test'
    const password = 'very-own-secret'
    const { response, link } = await signUp(email, password)
    const value = proofOf(response).slice(PROOF.length + 1)
    const { passwordHash } = await userByEmail(email)
    // A date and a signature, nothing else.
    expect(value).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/)
    for (const secret of [password, link.token, passwordHash!, t.app.ctx.secrets.sessionSecret]) {
      expect(value).not.toContain(secret)
    }
    expect(response.body).toBe(JSON.stringify({ _id: link.userId }))
  })
})

describe('the sign-up proof over https', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { properties: 1, env: { PUBLIC_URL: 'https://haven.example' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is a Secure cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      payload: newcomer('secure@example.test'),
      headers: { origin: 'https://haven.example' },
      remoteAddress: freshIp(),
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.cookies.find((cookie) => cookie.name === PROOF)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    })
  })
})
