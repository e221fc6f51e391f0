import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_RENTER } from './db/seed/seed.ts'
import { freshIp } from './test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from './test/harness.ts'

const refused = { error: 'forbidden', message: 'Cross-site requests are not accepted.' }
const credentials = { email: DEMO_RENTER.email, password: DEMO_RENTER.password }

describe.each(databaseKinds())('cross-site requests on %s', (kind) => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1, env: { PUBLIC_URL: 'https://haven.example' } })
  })
  afterAll(() => t?.close())

  const signIn = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: credentials,
      headers,
      remoteAddress: freshIp(),
    })

  it('refuses a change asked by another site, before it does anything', async () => {
    const cases: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://haven.example.evil.example' },
      { origin: 'https://haven.example:8443' },
      { origin: 'http://haven.example' },
      { origin: 'null' },
      { origin: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
      // The browser's word wins over an Origin that looks right.
      { origin: 'https://haven.example', 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of cases) {
      const response = await signIn(headers)
      expect(response.statusCode, JSON.stringify(headers)).toBe(403)
      expect(response.json()).toEqual(refused)
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/delete-tokens/${t.seed.renterId}`,
        headers: { origin: 'https://evil.example' },
      })
      expect(response.statusCode, method).toBe(403)
      expect(response.json()).toEqual(refused)
    }
  })

  it('accepts its own origin (PUBLIC_URL, or the Host it was asked on) and clients that send neither header', async () => {
    const cases: Record<string, string>[] = [
      {},
      { origin: 'https://haven.example' },
      { origin: 'https://HAVEN.example:443' },
      { origin: 'https://haven.example', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      // Reached on another name than PUBLIC_URL's, as `npm run dev`'s proxy or 127.0.0.1 do.
      { host: '127.0.0.1:8181', origin: 'http://127.0.0.1:8181' },
      { host: 'localhost:5173', origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' },
    ]
    for (const headers of cases) {
      const response = await signIn(headers)
      expect(response.statusCode, `${JSON.stringify(headers)} ${response.body}`).toBe(200)
    }
  })

  it('leaves reading alone: a GET from another site is answered', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(response.statusCode).toBe(200)
  })
})
