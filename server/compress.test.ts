import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { propertyPageSchema } from '../src/contract/catalog.ts'
import { databaseKinds, startTestApp, type TestApp } from './test/harness.ts'

describe.each(databaseKinds())('API compression on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 30 })
    // A built app whose shell has its compressed copies, as the build writes them.
    const dist = t.config.distDir
    mkdirSync(join(dist, 'assets'), { recursive: true })
    const page = `<!doctype html><title>Haven</title><div id="root">${'<p>Haven</p>'.repeat(400)}</div>`
    writeFileSync(join(dist, 'index.html'), page)
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page))
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n'.repeat(300))
    writeFileSync(
      join(dist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Haven', icons: Array(80).fill({ src: '/icons/icon.png' }) }),
    )
    await t.app.close()
    const { buildApp } = await import('./app.ts')
    t.app = await buildApp({ config: t.config, database: t.database })
  })
  afterAll(() => t?.close())

  const search = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/properties/search',
      payload: { size: 15 },
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    })

  it('compresses a large answer with br or gzip, as the client accepts, to the same JSON', async () => {
    const plain = await search()
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const expected = propertyPageSchema.parse(plain.json())
    expect(expected.items).toHaveLength(15)
    expect(plain.rawPayload.length).toBeGreaterThan(1024)

    const cases: [acceptEncoding: string, encoding: 'br' | 'gzip'][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
    ]
    for (const [acceptEncoding, encoding] of cases) {
      const response = await search(acceptEncoding)
      expect(response.statusCode, acceptEncoding).toBe(200)
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding)
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
      expect(response.headers['cache-control']).toBe('no-store')
      const body = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(response.rawPayload)
      expect(body.length).toBe(plain.rawPayload.length)
      expect(body.length).toBeGreaterThan(response.rawPayload.length * 3)
      expect(JSON.parse(body.toString('utf8'))).toEqual(expected)
    }
    // Neither offered: sent as it is.
    const identity = await search('identity')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.json()).toEqual(expected)
  })

  it('leaves a tiny answer alone', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBeLessThan(1024)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.json()).toMatchObject({ status: 'ok' })
  })

  it('compresses nothing outside the API: the built files are sent as the build stored them', async () => {
    // Without a compressed copy: as it is, never compressed on the fly. (robots.txt is the server's own
    // answer now, with the sitemap's address: server/pages/routes.ts.)
    for (const url of ['/manifest.webmanifest']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-encoding'], url).toBeUndefined()
      expect(response.rawPayload.length, url).toBeGreaterThan(2000)
    }
    // With one: that copy, byte for byte.
    const shell = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } })
    expect(shell.statusCode).toBe(200)
    expect(shell.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(shell.rawPayload).toString('utf8')).toContain('<div id="root">')
  })
})
