// Sign-out clears every cookie tied to the account (docs/product.md §7), on the path where the browser keeps
// it: the session, the sign-up's proof, the guest checkout's proof and the known device. A browser is played
// here by a jar that keeps what each answer sets and sends each cookie only under its path.
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_RENTER } from '../db/seed/seed.ts'
import { emlText, freshIp, lastMailTo, linkIn, newcomer } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

/** A browser's cookies: set and removed by the answers' Set-Cookie, sent to the paths they are for. */
function cookieJar() {
  const kept = new Map<string, { name: string; value: string; path: string }>()
  return {
    take(response: LightMyRequestResponse) {
      for (const cookie of response.cookies) {
        const path = cookie.path ?? '/'
        const key = `${cookie.name} ${path}`
        const gone =
          cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now())
        if (gone) kept.delete(key)
        else kept.set(key, { name: cookie.name, value: cookie.value, path })
      }
    },
    header(url: string): string {
      return [...kept.values()]
        .filter((cookie) => url === cookie.path || url.startsWith(`${cookie.path.replace(/\/$/, '')}/`))
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join('; ')
    },
    names: () => [...kept.values()].map(({ name, path }) => `${name} ${path}`).sort(),
  }
}

describe.each(databaseKinds())('sign-out on %s', (kind) => {
  let t: TestApp
  const jar = cookieJar()
  const post = async (url: string, payload?: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { cookie: jar.header(url) },
      remoteAddress: freshIp(),
    })
    jar.take(response)
    return response
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1, env: { PUBLIC_URL: 'http://haven.test:8080' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('clears the session and the proofs tied to the account, each on its own path', async () => {
    // Someone signs up on a shared browser, then the demo renter signs in on it.
    const email = 'shared-browser@example.test'
    expect((await post('/api/sign-up', newcomer(email, { password: 'chosen-at-sign-up' }))).statusCode).toBe(
      200,
    )
    const signIn = await post('/api/sign-in/frontend', {
      email: DEMO_RENTER.email,
      password: DEMO_RENTER.password,
    })
    expect(signIn.statusCode, signIn.body).toBe(200)
    expect(jar.names()).toEqual([
      'haven_device /api/sign-in',
      'haven_session /',
      'haven_signup /api/activate',
    ])

    const signOut = await post('/api/sign-out')
    expect(signOut.statusCode).toBe(200)
    expect(
      signOut.cookies.map(({ name, value, path, maxAge, httpOnly }) => ({
        name,
        value,
        path,
        maxAge,
        httpOnly,
      })),
    ).toEqual(
      [
        { name: 'haven_session', path: '/' },
        { name: 'haven_signup', path: '/api/activate' },
        { name: 'haven_checkout', path: '/api/checkout' },
        { name: 'haven_device', path: '/api/sign-in' },
      ].map((cookie) => ({ ...cookie, value: '', maxAge: 0, httpOnly: true })),
    )
    expect(jar.names()).toEqual([])

    // The activation link opened there now asks for the password chosen at sign-up, as anywhere else.
    const link = linkIn(emlText(lastMailTo(t.config.dataDir, email).eml), '/activate')
    const activate = await post('/api/activate', {
      userId: link.searchParams.get('u'),
      token: link.searchParams.get('t'),
    })
    expect(activate.statusCode, activate.body).toBe(400)
    expect(activate.json().fields).toEqual({ password: 'required' })
    expect(jar.names()).toEqual([])
  })

  it('leaves the next sign-in unknown, and the one after it known again', async () => {
    const signIn = () =>
      post('/api/sign-in/frontend', { email: DEMO_RENTER.email, password: DEMO_RENTER.password })
    expect((await signIn()).statusCode).toBe(200)
    const device = jar.header('/api/sign-in/frontend')
    expect(device).toMatch(/haven_device=/)
    await post('/api/sign-out')
    expect(jar.header('/api/sign-in/frontend')).toBe('')
    // The known device is earned again by the next sign-in with the password.
    expect((await signIn()).statusCode).toBe(200)
    expect(jar.header('/api/sign-in/frontend')).toMatch(/haven_device=/)
  })
})
