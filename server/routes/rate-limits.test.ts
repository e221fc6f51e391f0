import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshIp } from '../test/accounts.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

const SCALE = 3

/** The limits of docs/api.md, per route: the request is refused by its schema, after its limit has counted it. */
const LIMITED: { method: 'GET' | 'POST'; url: string; max: number }[] = [
  { method: 'POST', url: '/api/sign-in/frontend', max: 10 },
  { method: 'POST', url: '/api/social-sign-in', max: 10 },
  { method: 'GET', url: '/api/check-password/x/secret', max: 10 },
  { method: 'POST', url: '/api/change-password', max: 10 },
  { method: 'POST', url: '/api/sign-up', max: 10 },
  { method: 'POST', url: '/api/validate-email', max: 30 },
  { method: 'POST', url: '/api/resend/frontend/a%40b.test/maybe', max: 5 },
  { method: 'POST', url: '/api/resend-link', max: 5 },
  { method: 'GET', url: '/api/check-token/nowhere/1/a%40b.test/x', max: 20 },
  { method: 'POST', url: '/api/activate', max: 20 },
  { method: 'POST', url: '/api/send-email', max: 5 },
  { method: 'POST', url: '/api/verify-recaptcha/token/ip', max: 30 },
  { method: 'POST', url: '/api/update-avatar/x', max: 20 },
  { method: 'POST', url: '/api/csp-report', max: 60 },
]

describe('rate limits, registered once for /api', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { properties: 1, env: { RATE_LIMIT_SCALE: String(SCALE) } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it.each(LIMITED)('counts $method $url against its own numbers, times RATE_LIMIT_SCALE', async (route) => {
    const response = await t.app.inject({ method: route.method, url: route.url, remoteAddress: freshIp() })
    expect(response.statusCode).toBeLessThan(500)
    expect(response.headers['x-ratelimit-limit']).toBe(String(route.max * SCALE))
    expect(response.headers['x-ratelimit-remaining']).toBe(String(route.max * SCALE - 1))
  })

  it('leaves routes without numbers unlimited', async () => {
    for (const url of ['/api/auth-config', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: freshIp() })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['x-ratelimit-limit'], url).toBeUndefined()
    }
  })

  it('counts each route apart, and answers past the limit in the one error shape', async () => {
    const ip = freshIp()
    const send = (url: string) => t.app.inject({ method: 'POST', url, remoteAddress: ip })
    for (let i = 0; i < 5 * SCALE; i += 1) await send('/api/send-email')
    const refused = await send('/api/send-email')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ error: 'rate_limited', message: 'Too many requests. Try again later.' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Another limited route from the same address still has its whole allowance.
    const other = await send('/api/resend-link')
    expect(other.headers['x-ratelimit-remaining']).toBe(String(5 * SCALE - 1))
  })
})
