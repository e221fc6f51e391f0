import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { healthSchema } from '../src/contract/health.ts'
import { bookings, notificationCounters, notifications, users } from './db/schema.ts'
import { DEMO_RENTER } from './db/seed/seed.ts'
import { verifyPassword } from './services/auth/password.ts'
import { databaseKinds, startTestApp, type TestApp } from './test/harness.ts'

describe.each(databaseKinds())('server on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 50 })
    // A stand-in for `vite build`'s output, so that static serving is tested without a build.
    const dist = t.config.distDir
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Haven</title><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Haven"}')
    await t.app.close()
    const { buildApp } = await import('./app.ts')
    t.app = await buildApp({ config: t.config, database: t.database })
  })
  afterAll(() => t?.close())

  it('reports health with the database it runs on', async () => {
    const response = await t.app.inject('/api/health')
    expect(response.statusCode).toBe(200)
    expect(healthSchema.parse(response.json()).database).toBe(kind)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('gives a slow start time to load its page renderer, beyond the default 10 s of a plugin', () => {
    // On a busy host, importing the server-rendering bundle alone passed 10 s and the start failed.
    expect(t.app.initialConfig.pluginTimeout).toBeGreaterThanOrEqual(60_000)
  })

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await t.app.inject('/api/no-such-call')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/json/)
    expect(response.json()).toEqual({ error: 'not_found', message: expect.any(String) })
  })

  it('answers malformed JSON with 400, not 500, and no stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/properties/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"size": 1,',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'validation', message: 'The request body is not valid JSON.' })
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/properties/search',
      headers: { 'content-type': 'application/xml' },
      payload: '<search/>',
    })
    expect(wrongType.statusCode).toBe(415)
    expect(wrongType.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) })
  })

  it("answers Fastify's own URL refusals in the error shape, echoing nothing of the URL", async () => {
    const { buildApp } = await import('./app.ts')
    // Without the built app, no wildcard route catches what the router refuses.
    const apiOnly = await buildApp({
      config: { ...t.config, distDir: join(t.config.dataDir, 'no-dist') },
      database: t.database,
    })
    const long = `/api/check-password/1/hunter2-${'p'.repeat(5000)}`
    const cases: [url: string, status: number, error: string, message: string, secret: string][] = [
      ['/api/check-password/1/hunter2-secret%', 400, 'validation', 'The address is not valid.', 'hunter2'],
      ['/api/property/%zz-secret/en', 400, 'validation', 'The address is not valid.', 'secret'],
      ['/no-such-page/%zz-secret', 400, 'validation', 'The address is not valid.', 'secret'],
      [long, 414, 'too_large', 'The address is too long.', 'hunter2'],
    ]
    try {
      for (const [url, status, error, message, secret] of cases) {
        const response = await apiOnly.inject({ method: 'GET', url })
        expect(response.statusCode, url.slice(0, 60)).toBe(status)
        expect(response.headers['content-type']).toMatch(/application\/json/)
        expect(response.headers['cache-control']).toBe('no-store')
        expect(response.json()).toEqual({ error, message })
        expect(response.body).not.toContain(secret)
        expect(response.body).not.toMatch(/FST_|%zz|check-password/)
        // With the built app served too: a refusal in the same shape, quoting nothing.
        const withApp = await t.app.inject({ method: 'GET', url })
        expect(withApp.statusCode, url.slice(0, 60)).toBeGreaterThanOrEqual(400)
        expect(Object.keys(withApp.json()).sort()).toEqual(['error', 'message'])
        expect(withApp.body).not.toContain(secret)
      }
    } finally {
      await apiOnly.close()
    }
  })

  it('never logs the password of check-password, whatever the spelling of its path', async () => {
    const { buildApp } = await import('./app.ts')
    const lines: string[] = []
    const logStream = { write: (line: string) => void lines.push(line) }
    const debug = await buildApp({
      config: { ...t.config, logLevel: 'debug' },
      database: t.database,
      logStream,
    })
    const id = String(t.seed.renterId)
    const urls = [
      `/api/check-password/${id}/hunter2-plain`,
      `/%61pi/check-password/${id}/hunter2-encoded`,
      `/%61%70%69/%63heck-password/${id}/hunter2-all-encoded`,
      `/api/%63heck-password/${id}/hunter2-call-encoded`,
      `/./api/check-password/${id}/hunter2-dot`,
      `/api/x/../check-password/${id}/hunter2-dot-dot`,
      // Not routed, but sent a password all the same.
      `/API/check-password/${id}/hunter2-upper`,
      `//api/check-password/${id}/hunter2-slashes`,
      `/%2561pi/check-password/${id}/hunter2-double`,
    ]
    try {
      for (const url of urls) {
        const response = await debug.inject({ method: 'GET', url })
        if (!/upper|slashes|double/.test(url)) expect(response.statusCode, url).not.toBe(404)
      }
    } finally {
      await debug.close()
    }
    const log = lines.join('')
    // The requests were logged, at debug level, with their path's place kept.
    expect(log).toContain('incoming request')
    expect(log).toContain('check-password/…')
    expect(log).not.toContain('hunter2')
  })

  it('serves the app shell for client routes and caches by file kind', async () => {
    for (const path of ['/', '/search?l=fr', '/checkout-session/abc', '/no/such/page']) {
      const response = await t.app.inject(path)
      expect(response.statusCode, path).toBe(200)
      expect(response.body).toContain('<div id="root">')
      expect(response.headers['cache-control']).toBe('no-cache')
    }
    const asset = await t.app.inject('/assets/index-abc123.js')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await t.app.inject('/sw.js')).headers['cache-control']).toBe('no-cache')
    const manifest = await t.app.inject('/manifest.webmanifest')
    expect(manifest.headers['cache-control']).toBe('no-cache')
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/)
    // A missing file is a 404, not the shell: a stale chunk name must fail loudly, not parse HTML as JS.
    const missing = await t.app.inject('/assets/gone-123.js')
    expect(missing.statusCode).toBe(404)
  })

  it('seeds a demo renter who can sign in, with bookings in several statuses and unread notifications', async () => {
    const [renter] = await t.database.db.select().from(users).where(eq(users.email, DEMO_RENTER.email))
    expect(renter).toBeDefined()
    expect(await verifyPassword(DEMO_RENTER.password, renter!.passwordHash!)).toBe(true)
    expect(await verifyPassword('wrong-password', renter!.passwordHash!)).toBe(false)
    const own = await t.database.db.select().from(bookings).where(eq(bookings.userId, renter!.id))
    expect(new Set(own.map((b) => b.status)).size).toBeGreaterThanOrEqual(4)
    // Only a checkout waiting for its payment is VOID, and it is no booking of the renter's list.
    expect(own.filter((b) => b.status === 'VOID')).toEqual([])
    const [total] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, renter!.id))
    const [counter] = await t.database.db
      .select()
      .from(notificationCounters)
      .where(eq(notificationCounters.userId, renter!.id))
    const unreadRows = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, renter!.id))
    ).filter((n) => !n.isRead)
    // Some are read, some are not, and the counter shows the unread ones.
    expect(total!.n).toBeGreaterThan(unreadRows.length)
    expect(unreadRows.length).toBeGreaterThan(0)
    expect(counter!.count).toBe(unreadRows.length)
  })
})
