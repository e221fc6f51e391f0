import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { type RecaptchaStandIn, startRecaptchaStandIn } from '../test/stand-ins/recaptcha.ts'

describe.each(databaseKinds())('POST /api/verify-recaptcha/{token}/{ip} on %s', (kind) => {
  let provider: RecaptchaStandIn
  let on: TestApp
  let off: TestApp
  beforeAll(async () => {
    provider = await startRecaptchaStandIn()
    on = await startTestApp(kind, {
      properties: 5,
      env: {
        RECAPTCHA_SECRET: provider.secret,
        RECAPTCHA_SITE_KEY: 'site-key-1',
        RECAPTCHA_VERIFY_URL: provider.url,
      },
    })
    off = await startTestApp(kind, { properties: 5 })
  })
  afterAll(async () => {
    await on?.close()
    await off?.close()
    await provider?.close()
  })
  beforeEach(() => {
    provider.calls.length = 0
  })

  it('says reCAPTCHA is off, without asking anyone, when no keys are set', async () => {
    const response = await off.app.inject({
      method: 'POST',
      url: '/api/verify-recaptcha/any-token/203.0.113.7',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ enabled: false })
    expect(provider.calls).toHaveLength(0)
  })

  it('passes a good token on to the provider with the secret and the visitor’s address', async () => {
    provider.accept('good-token')
    const response = await on.app.inject({
      method: 'POST',
      url: '/api/verify-recaptcha/good-token/203.0.113.7',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ enabled: true, success: true })
    expect(provider.calls).toEqual([
      { secret: provider.secret, response: 'good-token', remoteip: '203.0.113.7' },
    ])
    expect(response.body).not.toContain(provider.secret)
  })

  it('takes a token as long as real ones are (hundreds of characters)', async () => {
    const token = `03A${'x'.repeat(1500)}`
    provider.accept(token)
    const response = await on.app.inject({
      method: 'POST',
      url: `/api/verify-recaptcha/${token}/203.0.113.7`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ enabled: true, success: true })
  })

  it('answers 400 reCAPTCHA error for a refused or reused token', async () => {
    provider.accept('once')
    const first = await on.app.inject({ method: 'POST', url: '/api/verify-recaptcha/once/203.0.113.7' })
    expect(first.statusCode).toBe(200)
    for (const token of ['once', 'forged']) {
      const response = await on.app.inject({
        method: 'POST',
        url: `/api/verify-recaptcha/${token}/203.0.113.7`,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: 'recaptcha_failed', message: 'reCAPTCHA error' })
    }
  })

  it('uses the request’s address when the path’s is not one', async () => {
    provider.accept('t2')
    const response = await on.app.inject({
      method: 'POST',
      url: '/api/verify-recaptcha/t2/unknown',
      remoteAddress: '198.51.100.4',
    })
    expect(response.statusCode).toBe(200)
    expect(provider.calls[0]?.remoteip).toBe('198.51.100.4')
  })

  it('answers reCAPTCHA error when the provider cannot be reached', async () => {
    const unreachable = await startTestApp(kind, {
      properties: 5,
      env: {
        RECAPTCHA_SECRET: 's',
        RECAPTCHA_SITE_KEY: 'k',
        RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
      },
    })
    try {
      const response = await unreachable.app.inject({
        method: 'POST',
        url: '/api/verify-recaptcha/t/203.0.113.7',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'recaptcha_failed', message: 'reCAPTCHA error' })
    } finally {
      await unreachable.close()
    }
  })

  it('limits how often one address asks', async () => {
    const statuses = []
    for (let i = 0; i < 31; i++) {
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/verify-recaptcha/t/203.0.113.7',
        remoteAddress: '192.0.2.99',
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30)
    expect(statuses.at(-1)).toBe(429)
  })
})
