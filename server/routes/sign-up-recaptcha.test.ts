import { describe, expect, it } from 'vitest'

import { freshIp } from '../test/accounts.ts'
import { databaseKinds } from '../test/harness.ts'
import { appWithRecaptcha, CHROME, SAFARI } from '../test/recaptcha.ts'

const body = (email: string, recaptchaToken?: string) => ({
  email,
  password: 'secret-42',
  fullName: 'Robin Test',
  birthDate: '1990-02-03',
  language: 'en',
  acceptTerms: true,
  ...(recaptchaToken ? { recaptchaToken } : {}),
})

describe.each(databaseKinds())('sign-up with reCAPTCHA on, on %s', (kind) => {
  const world = appWithRecaptcha(kind, 5)

  const signUp = (payload: object, userAgent: string) =>
    world.t.app.inject({ method: 'POST', url: '/api/sign-up', payload, headers: { 'user-agent': userAgent } })

  it('refuses a sign-up without a token, or with a refused one, and creates nobody', async () => {
    for (const response of [
      await signUp(body('no-token@haven.test'), CHROME),
      await signUp(body('forged@haven.test', 'forged'), CHROME),
    ]) {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'recaptcha_failed', message: 'reCAPTCHA error' })
    }
    const check = await world.t.app.inject({
      method: 'POST',
      url: '/api/validate-email',
      payload: { email: 'no-token@haven.test' },
    })
    expect(check.json()).toEqual({ available: true })
  })

  it('signs up with a token the provider accepts', async () => {
    world.provider.accept('good-token')
    const response = await signUp(body('human@haven.test', 'good-token'), CHROME)
    expect(response.statusCode, response.body).toBe(200)
  })

  it('lets Safari, where the client skips reCAPTCHA (docs/product.md §7), sign up tokenless', async () => {
    const response = await signUp(body('safari@haven.test'), SAFARI)
    expect(response.statusCode, response.body).toBe(200)
  })

  // The client skips reCAPTCHA on Safari, but the server cannot tell Safari from a script that says it is one:
  // a claim alone buys a few sign-ups and messages an hour per address, not the route's whole budget.
  it('lets a tokenless Safari claim through only a few times an hour per address; a token still works', async () => {
    const address = freshIp()
    const post = (url: string, payload: object, userAgent: string, remoteAddress = address) =>
      world.t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'user-agent': userAgent },
        remoteAddress,
      })
    for (let i = 0; i < 3; i += 1) {
      const response = await post('/api/sign-up', body(`claim-${i}@haven.test`), SAFARI)
      expect(response.statusCode, response.body).toBe(200)
    }
    const fourth = await post('/api/sign-up', body('claim-3@haven.test'), SAFARI)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toEqual({ error: 'rate_limited', message: 'Too many requests. Try again later.' })
    const check = await world.t.app.inject({
      method: 'POST',
      url: '/api/validate-email',
      payload: { email: 'claim-3@haven.test' },
    })
    expect(check.json()).toEqual({ available: true })
    // A token is checked with the provider, so it does not draw on the claim's budget.
    world.provider.accept('safari-token')
    expect(
      (await post('/api/sign-up', body('with-token@haven.test', 'safari-token'), SAFARI)).statusCode,
    ).toBe(200)
    world.provider.accept('chrome-token')
    expect((await post('/api/sign-up', body('chrome@haven.test', 'chrome-token'), CHROME)).statusCode).toBe(
      200,
    )
    // Another address has a budget of its own.
    const elsewhere = await post('/api/sign-up', body('elsewhere@haven.test'), SAFARI, freshIp())
    expect(elsewhere.statusCode, elsewhere.body).toBe(200)

    // The contact form, the same, with its own budget.
    const message = { email: 'ada@example.com', subject: 'Hello', message: 'A question' }
    for (let i = 0; i < 3; i += 1)
      expect((await post('/api/send-email', message, SAFARI)).statusCode).toBe(200)
    const refused = await post('/api/send-email', message, SAFARI)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: 'rate_limited' })
    world.provider.accept('contact-safari-token')
    const withToken = await post(
      '/api/send-email',
      { ...message, recaptchaToken: 'contact-safari-token' },
      SAFARI,
    )
    expect(withToken.statusCode).toBe(200)
  })

  it('applies the same rule to the contact form', async () => {
    const contact = (payload: object, userAgent: string) =>
      world.t.app.inject({
        method: 'POST',
        url: '/api/send-email',
        payload,
        headers: { 'user-agent': userAgent },
      })
    const message = { email: 'ada@example.com', subject: 'Hello', message: 'A question' }
    const refused = await contact(message, CHROME)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ error: 'recaptcha_failed', message: 'reCAPTCHA error' })
    expect((await contact(message, SAFARI)).statusCode).toBe(200)
    world.provider.accept('contact-token')
    expect((await contact({ ...message, recaptchaToken: 'contact-token' }, CHROME)).statusCode).toBe(200)
  })
})
