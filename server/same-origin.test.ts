import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildApp } from './app.ts'
import { DEMO_RENTER } from './db/seed/seed.ts'
import { freshIp, signInCookie } from './test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from './test/harness.ts'

const refused = { error: 'forbidden', message: 'Cross-site requests are not accepted.' }
const credentials = { email: DEMO_RENTER.email, password: DEMO_RENTER.password }

/** A POST whose path goes out byte for byte as written. */
function rawPost(
  port: number,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

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

  // The router decodes and resolves what a guard reading the raw URL would not: a form on another site posting
  // to one of these reached the API. Every spelling must meet the same refusal as the plain one.
  const SPELLINGS = [
    '/%61pi/sign-in/frontend',
    '/%61%70%69/sign-in/frontend',
    '/api/%73ign-in/frontend',
    '/%2561pi/sign-in/frontend',
    '//api/sign-in/frontend',
    '/API/sign-in/frontend',
    '/Api/Sign-In/Frontend',
    '/api/./sign-in/frontend',
    '/api/%2E/sign-in/frontend',
    '/api/sign-in/../sign-in/frontend',
    '/./api/sign-in/frontend',
    '/api/sign-in/frontend/',
    '/api/sign-in/frontend;x',
    '/api/sign-in/frontend?x=%2F',
  ]

  it('refuses a cross-site change whatever the spelling of its path', async () => {
    for (const url of SPELLINGS) {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: credentials,
          headers,
          remoteAddress: freshIp(),
        })
        const what = `${url} ${JSON.stringify(headers)}`
        expect(response.statusCode, what).toBe(403)
        expect(response.json(), what).toEqual(refused)
        expect(response.headers['set-cookie'], what).toBeUndefined()
      }
    }
  })

  it('refuses a signed-in cross-site change on an encoded path, and changes nothing', async () => {
    const cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    for (const url of [
      '/%61pi/delete-tokens/{id}',
      '/api/%64elete-tokens/{id}',
      '/api/./delete-tokens/{id}',
      '/api/x/../delete-tokens/{id}',
    ]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: url.replace('{id}', String(t.seed.renterId)),
        headers: { origin: 'https://evil.example', cookie },
      })
      expect(response.statusCode, url).toBe(403)
      expect(response.json(), url).toEqual(refused)
    }
    // The session the refused calls would have ended still works.
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/validate-access-token',
      headers: { cookie },
    })
    expect(session.statusCode).toBe(200)
  })

  it('refuses them the same over a socket, where the URL reaches the router exactly as sent', async () => {
    // inject() resolves dot segments as a URL parser would; a browser or curl --path-as-is may not.
    const served = await buildApp({ config: t.config, database: t.database })
    await served.listen({ host: '127.0.0.1', port: 0 })
    const { port } = served.server.address() as AddressInfo
    try {
      for (const path of SPELLINGS) {
        const { status, body } = await rawPost(port, path, JSON.stringify(credentials), {
          origin: 'https://evil.example',
        })
        expect(status, path).toBe(403)
        expect(JSON.parse(body), path).toEqual(refused)
      }
    } finally {
      await served.close()
    }
  })

  it('does not route a doubly encoded /api, nor take its spelling for the API', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/%2561pi/sign-in/frontend',
      payload: credentials,
      remoteAddress: freshIp(),
    })
    expect(response.statusCode).toBe(404)
    expect(response.headers['set-cookie']).toBeUndefined()
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
