import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { outbox } from '../../db/schema.ts'
import { DEMO_RENTER } from '../../db/seed/seed.ts'
import { emlText, freshIp, linkIn, readMailFolder } from '../../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../../test/harness.ts'
import { closeMailTransports } from './mail.ts'

interface Received {
  from: string
  to: string[]
  user: string | undefined
  raw: string
}

/** A local SMTP server on 127.0.0.1 that takes one login and keeps what it receives. */
async function startSmtpStandIn() {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'haven' && auth.password === 'mail-secret')
        callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe.each(databaseKinds())('mail through SMTP on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>
  let t: TestApp

  beforeAll(async () => {
    smtp = await startSmtpStandIn()
    t = await startTestApp(kind, {
      properties: 1,
      env: {
        SMTP_URL: `smtp://haven:mail-secret@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Haven Test <hello@haven.test>',
      },
    })
  })
  afterAll(async () => {
    closeMailTransports()
    await t?.close()
    await smtp?.close()
  })

  it("sends the activation e-mail through SMTP_URL, in the user's language, and writes no file", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      remoteAddress: freshIp(),
      payload: {
        email: 'smtp@example.test',
        password: 'smtp-secret',
        fullName: 'Élise Durand',
        birthDate: '1985-07-14',
        language: 'fr',
        acceptTerms: true,
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(smtp.received).toHaveLength(1)
    const [message] = smtp.received
    expect(message!.user).toBe('haven')
    expect(message!.from).toBe('hello@haven.test')
    expect(message!.to).toEqual(['smtp@example.test'])
    expect(message!.raw).toMatch(/^From: Haven Test <hello@haven\.test>\r$/m)
    expect(message!.raw).toMatch(/^Subject: Activez votre compte Haven\r$/m)
    const text = emlText(message!.raw)
    expect(text).toContain('Bonjour «\u00a0Élise Durand\u00a0»,')
    const link = linkIn(text, '/activate')
    expect(link.searchParams.get('u')).toBe(response.json<{ _id: string }>()._id)
    expect(readMailFolder(t.config.dataDir)).toEqual([])
  })

  it('has no demo mailbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(response.statusCode).toBe(404)
  })

  it('undoes a sign-up whose e-mail the SMTP server refuses, so the address can try again', async () => {
    const broken = await startTestApp(kind, {
      properties: 1,
      env: { SMTP_URL: `smtp://haven:wrong-secret@127.0.0.1:${smtp.port}` },
    })
    try {
      const payload = {
        email: 'refused@example.test',
        password: 'smtp-secret',
        fullName: 'Ref Used',
        birthDate: '1985-07-14',
        language: 'en',
        acceptTerms: true,
      }
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/sign-up',
        payload,
        remoteAddress: freshIp(),
      })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ error: 'internal', message: 'An error occurred during sign up.' })
      expect(response.body).not.toContain('wrong-secret')
      const available = await broken.app.inject({
        method: 'POST',
        url: '/api/validate-email',
        payload: { email: payload.email },
      })
      expect(available.json()).toEqual({ available: true })

      // A link asked for again says the e-mail could not go, and the person may ask once more.
      const resend = await broken.app.inject({
        method: 'POST',
        url: `/api/resend/frontend/${encodeURIComponent(DEMO_RENTER.email)}/true`,
        remoteAddress: freshIp(),
      })
      expect(resend.statusCode).toBe(500)
      expect(resend.json()).toEqual({
        error: 'internal',
        message: 'An error occurred while sending validation email.',
      })
      // Both e-mails went with their answers: no copy comes after them.
      expect(await broken.database.db.select().from(outbox)).toEqual([])
    } finally {
      await broken.close()
    }
  })
})
