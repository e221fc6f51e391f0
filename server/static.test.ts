import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { firstSpokenLanguage } from '../src/domain/enums.ts'
import { acceptedLanguages } from './pages/language.ts'
import { startTestApp, type TestApp } from './test/harness.ts'

describe('acceptedLanguages', () => {
  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', ['fr-CA', 'fr', 'en']],
    ['en;q=0.1, fr;q=0.5, de', ['de', 'fr', 'en']],
    ['fr;q=0, en', ['en']],
    ['', []],
    [undefined, []],
  ])('%s: %o', (header, tags) => {
    expect(acceptedLanguages(header)).toEqual(tags)
  })

  // The language Haven speaks that the header asks for first.
  it.each([
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,de;q=0.9,en-GB;q=0.8,fr;q=0.2', 'en'],
    ['en;q=0.1, fr;q=0.5', 'fr'],
    ['de, es', undefined],
    ['fr;q=0, en', 'en'],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, language) => {
    expect(firstSpokenLanguage(acceptedLanguages(header))).toBe(language)
  })
})

// Serving does not depend on the database: PGlite only.
describe('the built app as the server sends it', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { properties: 10 })
    const dist = t.config.distDir
    mkdirSync(join(dist, 'assets'), { recursive: true })
    mkdirSync(join(dist, 'admin'), { recursive: true })
    const files: Record<string, string> = {
      'index.html': '<!doctype html><div id="root"></div>',
      'admin.html': '<!doctype html><div id="root" data-app="back-office"></div>',
      'sw.js': 'self.addEventListener("fetch", () => {})',
      'admin/sw.js': 'self.addEventListener("push", () => {})',
      'assets/index-abc123.js': 'console.log(1)',
      'assets/index-abc123.js.map': '{"version":3}',
    }
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(join(dist, name), content)
      writeFileSync(join(dist, `${name}.gz`), gzipSync(content))
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content))
    }
    await t.app.close()
    const { buildApp } = await import('./app.ts')
    t.app = await buildApp({ config: t.config, database: t.database })
  })
  afterAll(() => t?.close())

  it.each(['identity', 'gzip', 'br'])(
    'asks every copy of the shell and the worker to revalidate (%s)',
    async (encoding) => {
      for (const url of ['/', '/?l=fr', '/search', '/sw.js', '/index.html']) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } })
        expect(response.statusCode, url).toBe(200)
        expect(response.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache')
        if (encoding !== 'identity') expect(response.headers['content-encoding'], url).toBe(encoding)
      }
      const asset = await t.app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': encoding },
      })
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    },
  )

  it("answers /admin and every page under it with the back office's page, with the same headers", async () => {
    for (const url of ['/admin', '/admin/', '/admin/sign-in?redirect=%2Fadmin', '/admin/bookings/12']) {
      const response = await t.app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('data-app="back-office"')
      expect(response.headers['cache-control'], url).toBe('no-cache')
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
    }
    // Not a page of the back office: the renter's shell; the API under /admin does not exist.
    for (const url of ['/administration', '/search']) {
      expect((await t.app.inject({ url })).body, url).toBe('<!doctype html><div id="root"></div>')
    }
    expect((await t.app.inject({ url: '/admin/assets/missing.js' })).statusCode).toBe(404)
  })

  it("serves the back office's manifest, in the staff member's language, for an app scoped to /admin", async () => {
    const english = await t.app.inject({ url: '/admin/manifest.webmanifest' })
    expect(english.statusCode).toBe(200)
    expect(english.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    expect(english.headers['cache-control']).toBe('no-cache')
    expect(english.headers.vary).toMatch(/Accept-Language, Cookie/)
    expect(english.json()).toMatchObject({
      id: '/admin',
      name: 'Haven back office',
      start_url: '/admin',
      scope: '/admin',
      display: 'standalone',
      lang: 'en',
      icons: expect.arrayContaining([
        expect.objectContaining({ src: '/icons/icon-192.png', sizes: '192x192' }),
        expect.objectContaining({ src: '/icons/icon-512.png', sizes: '512x512' }),
      ]),
    })
    const french = await t.app.inject({
      url: '/admin/manifest.webmanifest',
      headers: { cookie: 'language=fr' },
    })
    expect(french.json()).toMatchObject({ name: 'Back-office de Haven', lang: 'fr', scope: '/admin' })
  })

  it("lets the back office's worker take the scope /admin, and only it", async () => {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const worker = await t.app.inject({ url: '/admin/sw.js', headers: { 'accept-encoding': encoding } })
      expect(worker.statusCode, encoding).toBe(200)
      expect(worker.headers['service-worker-allowed'], encoding).toBe('/admin')
      expect(worker.headers['cache-control'], encoding).toBe('no-cache')
    }
    expect((await t.app.inject({ url: '/sw.js' })).headers['service-worker-allowed']).toBeUndefined()
  })

  it('does not serve source maps', async () => {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const response = await t.app.inject({
        url: '/assets/index-abc123.js.map',
        headers: { 'accept-encoding': encoding },
      })
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('version')
    }
  })
})
