import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { loadConfig } from '../config.ts'
import { freshIp, newcomer, readMailFolder } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

/** The secret the person who started the server was shown (DEMO_MAILBOX_TOKEN, or one made at start). */
const TOKEN = 'test-mailbox-token-4f9c2a7d1e'
/** What a browser sends back once the mailbox has been opened with the token. */
const TOKEN_COOKIE = `haven_mailbox=${TOKEN}`

describe.each(databaseKinds())('demo mailbox on %s', (kind) => {
  let t: TestApp
  let off: TestApp

  beforeAll(async () => {
    t = await startTestApp(kind, {
      properties: 1,
      env: { PUBLIC_URL: 'http://haven.test:8080', DEMO_MAILBOX: 'true', DEMO_MAILBOX_TOKEN: TOKEN },
    })
    off = await startTestApp(kind, { properties: 1 })
    for (const app of [t.app, off.app]) {
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/sign-up',
        payload: newcomer('mailbox@example.test'),
        remoteAddress: freshIp(),
      })
      expect(signUp.statusCode, signUp.body).toBe(200)
    }
  })
  afterAll(async () => {
    await t?.close()
    await off?.close()
  })

  /** A request from this machine, with the mailbox's cookie unless `headers` says otherwise. */
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost:8080', cookie: TOKEN_COOKIE, ...headers },
      remoteAddress,
    })

  it('answers nobody without its secret, not even this machine asking for 127.0.0.1', async () => {
    const newest = readMailFolder(t.config.dataDir).at(-1)!
    const urls = ['/dev/mailbox', `/dev/mailbox/${newest.id}`, `/dev/mailbox/${newest.id}.eml`]
    const without: Record<string, string>[] = [
      { cookie: '' },
      { cookie: '', host: '127.0.0.1:8080' },
      { cookie: 'haven_mailbox=' },
      { cookie: `haven_mailbox=${TOKEN.slice(0, -1)}` },
      { cookie: `haven_mailbox=${TOKEN}x` },
      { cookie: `haven_mailbox=${TOKEN.toUpperCase()}` },
    ]
    for (const url of urls) {
      for (const headers of without) {
        const response = await get(url, headers)
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404)
        expect(response.body).not.toContain('mailbox@example.test')
        expect(response.headers['set-cookie']).toBeUndefined()
      }
      for (const query of ['?token=', '?token=wrong', `?token=${TOKEN.slice(1)}`, `?other=${TOKEN}`]) {
        const response = await get(`${url}${query}`, { cookie: '', host: '127.0.0.1:8080' })
        expect(response.statusCode, `${url}${query}`).toBe(404)
        expect(response.headers['set-cookie']).toBeUndefined()
      }
    }
  })

  it('opens with the secret in its URL, then keeps it in a cookie of its own so its links work', async () => {
    const newest = readMailFolder(t.config.dataDir).at(-1)!
    const opened = await get(`/dev/mailbox?token=${TOKEN}`, { cookie: '', host: '127.0.0.1:8080' })
    // Sent on to the same page without the secret in the address bar, history or a Referer.
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toBe('/dev/mailbox')
    expect(opened.headers['cache-control']).toBe('no-store')
    const [cookie] = opened.cookies
    expect(cookie).toMatchObject({
      name: 'haven_mailbox',
      value: TOKEN,
      path: '/dev/mailbox',
      httpOnly: true,
      sameSite: 'Strict',
    })
    expect(cookie!.maxAge ?? cookie!.expires).toBeUndefined()
    const list = await get('/dev/mailbox', {
      cookie: `haven_mailbox=${cookie!.value}`,
      host: '127.0.0.1:8080',
    })
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain(`/dev/mailbox/${newest.id}`)
    // A message's own address with the secret opens it too, and lands on it.
    const one = await get(`/dev/mailbox/${newest.id}?token=${TOKEN}`, { cookie: '' })
    expect(one.statusCode).toBe(303)
    expect(one.headers.location).toBe(`/dev/mailbox/${newest.id}`)
  })

  it('keeps its secret from DEMO_MAILBOX_TOKEN, or makes a new random one at each start', () => {
    expect(t.config.mail.demoMailboxToken).toBe(TOKEN)
    const made = loadConfig({ DEMO_MAILBOX: 'true' }).mail.demoMailboxToken
    expect(made).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(loadConfig({ DEMO_MAILBOX: 'true' }).mail.demoMailboxToken).not.toBe(made)
    expect(loadConfig({}).mail.demoMailboxToken).toBeUndefined()
    expect(() => loadConfig({ DEMO_MAILBOX: 'true', DEMO_MAILBOX_TOKEN: 'short' })).toThrow(
      /DEMO_MAILBOX_TOKEN/,
    )
    expect(() => loadConfig({ DEMO_MAILBOX: 'true', DEMO_MAILBOX_TOKEN: 'short' })).not.toThrow(/short/)
  })

  it('lists the written e-mails, newest first, and shows each one and its raw file on this machine', async () => {
    const list = await get('/dev/mailbox')
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toContain('text/html')
    const newest = readMailFolder(t.config.dataDir).at(-1)!
    expect(list.body).toContain(`/dev/mailbox/${newest.id}`)
    const one = await get(`/dev/mailbox/${newest.id}`)
    expect(one.statusCode).toBe(200)
    expect(one.body).toMatch(/<a href="http:\/\/haven\.test:8080\/activate\?u=/)
    const raw = await get(`/dev/mailbox/${newest.id}.eml`)
    expect(raw.body).toBe(newest.eml)
    for (const host of ['127.0.0.1:8080', '[::1]:8080', 'localhost', '127.0.0.1', 'LOCALHOST:80']) {
      expect((await get('/dev/mailbox', { host })).statusCode, host).toBe(200)
    }
    expect((await get('/dev/mailbox', {}, '::1')).statusCode).toBe(200)
    expect((await get('/dev/mailbox/..%2Fsecrets')).statusCode).toBe(404)
  })

  it('is not there unless DEMO_MAILBOX turns it on', async () => {
    expect(off.config.mail.demoMailbox).toBe(false)
    expect(readMailFolder(off.config.dataDir)).toHaveLength(1)
    const [mail] = readMailFolder(off.config.dataDir)
    for (const url of ['/dev/mailbox', `/dev/mailbox/${mail!.id}`, `/dev/mailbox/${mail!.id}.eml`]) {
      const response = await off.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } })
      expect(response.statusCode, url).toBe(404)
      expect(response.body).not.toContain('mailbox@example.test')
    }
  })

  it('refuses another machine', async () => {
    expect((await get('/dev/mailbox', {}, '10.0.0.8')).statusCode).toBe(404)
  })

  it('refuses a request that came through a proxy, whatever the forwarding header says, even nothing', async () => {
    const headers: Record<string, string>[] = [
      { 'x-forwarded-for': '10.0.0.8' },
      { 'x-forwarded-for': '' },
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-host': 'localhost' },
      { 'x-forwarded-proto': 'http' },
      { 'x-real-ip': '10.0.0.8' },
      { 'x-real-ip': '127.0.0.1' },
      { forwarded: 'for=10.0.0.8' },
      { forwarded: 'for=127.0.0.1;host=localhost' },
      { via: '1.1 proxy' },
      { 'x-client-ip': '10.0.0.8' },
      { 'true-client-ip': '10.0.0.8' },
      { 'cf-connecting-ip': '10.0.0.8' },
    ]
    for (const header of headers) {
      const list = await get('/dev/mailbox', header)
      expect(list.statusCode, JSON.stringify(header)).toBe(404)
      expect(list.body).not.toContain('/dev/mailbox/')
      const newest = readMailFolder(t.config.dataDir).at(-1)!
      expect((await get(`/dev/mailbox/${newest.id}.eml`, header)).statusCode, JSON.stringify(header)).toBe(
        404,
      )
    }
  })

  it('refuses a Host that is not this machine (a rebound DNS name, a LAN address)', async () => {
    for (const host of [
      'attacker.example',
      'attacker.example:8080',
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
      '192.168.1.10:8080',
      '0.0.0.0:8080',
      'localhost:8080@evil',
    ]) {
      expect((await get('/dev/mailbox', { host })).statusCode, host).toBe(404)
    }
  })
})
