import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readMailFolder } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { type RecaptchaStandIn, startRecaptchaStandIn } from '../test/stand-ins/recaptcha.ts'

const message = {
  name: 'Jo Bloggs',
  email: 'jo@example.test',
  subject: 'Pets at the Lisbon flat?',
  message: 'Hello,\nmay I bring a small dog?\nJo',
}

/** The .eml files the mail service wrote, oldest first. */
const mails = (t: TestApp) => readMailFolder(t.config.dataDir).map((mail) => mail.eml)

describe.each(databaseKinds())('POST /api/send-email on %s', (kind) => {
  let t: TestApp
  let withRecaptcha: TestApp
  let provider: RecaptchaStandIn
  let address = 0
  /** Each test from its own address, so the rate limit counts only its own requests. */
  const send = (app: TestApp, payload: object, remoteAddress = `10.0.0.${++address}`) =>
    app.app.inject({ method: 'POST', url: '/api/send-email', payload, remoteAddress })

  beforeAll(async () => {
    provider = await startRecaptchaStandIn()
    t = await startTestApp(kind, { properties: 5 })
    withRecaptcha = await startTestApp(kind, {
      properties: 5,
      env: {
        RECAPTCHA_SECRET: provider.secret,
        RECAPTCHA_SITE_KEY: 'site',
        RECAPTCHA_VERIFY_URL: provider.url,
        SUPPORT_EMAIL: 'help@haven.example',
      },
    })
  })
  afterAll(async () => {
    await t?.close()
    await withRecaptcha?.close()
    await provider?.close()
  })

  it('sends the message to the support address with the sender as reply-to', async () => {
    const response = await send(t, message)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ sent: true })
    const [mail] = mails(t).slice(-1)
    expect(mail).toMatch(/^To: support@haven\.test/m)
    expect(mail).toMatch(/^Reply-To: .*jo@example\.test/m)
    expect(mail).toMatch(/^Subject: \[Contact\] Pets at the Lisbon flat\?/m)
    expect(mail).toContain('may I bring a small dog?')
  })

  it.each([
    ['subject', 'Hi\r\nBcc: everyone@example.test'],
    ['subject', 'Hi\tthere'],
    ['name', 'Jo\n\nIMPORTANT from Haven: write to refunds@example.test'],
    ['name', 'Jo\u2028Bloggs'],
  ])('refuses a line break or control character in the %s, sending nothing', async (field, value) => {
    const before = mails(t).length
    const response = await send(t, { ...message, [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'validation',
      message: `${field}: Please remove the invalid character.`,
      fields: { [field]: 'invalid_character' },
    })
    expect(mails(t)).toHaveLength(before)
  })

  it.each([
    ['an invalid address', { email: 'not-an-address' }, 'email'],
    ['an empty subject', { subject: '  ' }, 'subject'],
    ['no message', { message: undefined }, 'message'],
    ['a message too long', { message: 'x'.repeat(5001) }, 'message'],
  ])('refuses %s with a 400 naming the field, sending nothing', async (_case, change, field) => {
    const before = mails(t).length
    const response = await send(t, { ...message, ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'validation' })
    expect(Object.keys(response.json().fields)).toContain(field)
    expect(mails(t)).toHaveLength(before)
  })

  it('limits how many messages one address sends', async () => {
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await send(t, message, '10.9.9.9')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const refused = await send(t, message, '10.9.9.9')
    expect(refused.json()).toMatchObject({ error: 'rate_limited' })
  })

  it('asks for a reCAPTCHA token when reCAPTCHA is on', async () => {
    const refused = await send(withRecaptcha, message)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ error: 'recaptcha_failed', message: 'reCAPTCHA error' })
    expect(await send(withRecaptcha, { ...message, recaptchaToken: 'forged' })).toMatchObject({
      statusCode: 400,
    })
    expect(mails(withRecaptcha)).toHaveLength(0)

    provider.accept('human')
    const accepted = await send(withRecaptcha, { ...message, recaptchaToken: 'human' })
    expect(accepted.statusCode).toBe(200)
    expect(mails(withRecaptcha)[0]).toMatch(/^To: help@haven\.example/m)
  })
})
