// What rendering pages costs the server, and what a flood of them gets: one render per page a screen shows
// (whatever else its address carries), a few renders a minute per client, and the app's shell once the
// renderer is busy. The server's bundle is a stand-in that records what it is asked to render and can be held.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

/** The server bundle's stand-in (dist/ssr/prerender.js): records each URL, and waits while held. */
const STAND_IN = `
export const rendered = []
let held = null
const waiters = []
export function hold() {
  let release
  held = new Promise((resolve) => (release = resolve))
  return () => { held = null; release() }
}
export const started = (count) =>
  rendered.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))
export async function renderPage(url) {
  rendered.push(url)
  for (const waiter of waiters.splice(0)) if (rendered.length >= waiter.count) waiter.resolve(); else waiters.push(waiter)
  if (held) await held
  return '<main>rendered</main><script data-tsr-stream-part>self.hydrationData={}</script><script type="application/ld+json">{}</script>'
}
export function setApiTransport() {}
`

interface StandIn {
  rendered: string[]
  hold(): () => void
  started(count: number): Promise<void>
}

const SCREENS = {
  '/': { module: 'src/features/home/home-page.tsx', catalogs: ['home', 'entities'], reads: ['l'] },
  '/search': {
    module: 'src/features/search/search-page.tsx',
    catalogs: ['search', 'entities'],
    reads: ['l', 'q'],
  },
}

const HEADS = {
  en: {
    '/': { title: 'Haven', description: 'Find, book and manage rentals.' },
    '/search': { title: 'Search · Haven', description: 'Homes to rent.' },
  },
  fr: {
    '/': { title: 'Haven', description: 'Trouvez, réservez et gérez vos locations.' },
    '/search': { title: 'Recherche · Haven', description: 'Des logements à louer.' },
  },
}

const isRendered = (html: string) => html.includes('data-prerendered=')
const dataUrl = (html: string) => /data-url="([^"]*)"/.exec(html)?.[1]
const dataReads = (html: string) => /data-reads="([^"]*)"/.exec(html)?.[1]

describe.each(databaseKinds())('rendered pages on %s', (kind) => {
  let t: TestApp
  let standIn: StandIn
  let address = 0

  beforeAll(async () => {
    t = await startTestApp(kind, {
      properties: 3,
      env: { SEARCH_CACHE_SECONDS: '60', PAGE_RENDERS_PER_MINUTE: '3', PAGE_RENDERS_WAITING: '2' },
    })
    const dist = t.config.distDir
    mkdirSync(join(dist, 'ssr'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), readFileSync('index.html', 'utf8'))
    writeFileSync(join(dist, 'page-heads.json'), JSON.stringify(HEADS))
    writeFileSync(join(dist, 'ssr', 'prerender.js'), STAND_IN)
    writeFileSync(join(dist, 'ssr', 'manifest.json'), '{}')
    // The rendered screens as the build writes them from the features' declarations (scripts/build.ts).
    writeFileSync(join(dist, 'ssr', 'screens.json'), JSON.stringify(SCREENS))
    standIn = (await import(pathToFileURL(join(dist, 'ssr', 'prerender.js')).href)) as StandIn
    await t.app.close()
    const { buildApp } = await import('../app.ts')
    t.app = await buildApp({ config: t.config, database: t.database })
    // One minute for the whole file: the per-client count never starts over in the middle of a test.
    const now = new Date('2026-06-01T12:00:00Z')
    t.app.ctx.clock = { now: () => now }
  })
  afterAll(() => t?.close())

  /** Each test from its own address, so that the per-client count is its own. */
  const client = () => `10.1.0.${++address}`
  const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress })

  it('renders a page once for addresses that differ only by parameters its screen does not read', async () => {
    const from = client()
    const before = standIn.rendered.length
    const answers = []
    for (const url of ['/search?q=a&zz=1', '/search?zz=2&q=a', '/search?q=a&utm_source=x&zz=3'])
      answers.push(await get(url, from))
    expect(standIn.rendered.slice(before)).toEqual(['/search?q=a'])
    for (const [index, url] of [
      '/search?q=a&zz=1',
      '/search?zz=2&q=a',
      '/search?q=a&utm_source=x&zz=3',
    ].entries()) {
      const html = answers[index]!.body
      expect(answers[index]!.statusCode).toBe(200)
      expect(isRendered(html), url).toBe(true)
      // Each answer names the address rendered and what its screen reads: the browser takes the page over
      // only at an address that shows that screen (src/main.tsx).
      expect(dataUrl(html), url).toBe('/search?q=a')
      expect(dataReads(html), url).toBe('l q')
    }
    // A parameter the screen reads is another page, rendered at its address as written.
    await get('/search?q=b&zz=1', from)
    await get('/search?zz=1&q=a%20b&l=fr', from)
    expect(standIn.rendered.slice(before)).toEqual(['/search?q=a', '/search?q=b', '/search?l=fr&q=a%20b'])
  })

  it("answers the app's shell once a client has had its renders of the minute, and renders for others", async () => {
    const flooder = client()
    for (const n of [1, 2, 3]) expect(isRendered((await get(`/search?q=flood${n}`, flooder)).body)).toBe(true)
    const refused = await get('/search?q=flood4', flooder)
    expect(refused.statusCode).toBe(200)
    expect(isRendered(refused.body)).toBe(false)
    expect(refused.body).toContain('<div id="root"></div>')
    expect(refused.body).toContain('<title>Search · Haven</title>')
    expect(standIn.rendered).not.toContain('/search?q=flood4')
    // A page already rendered costs nothing: the flooder still gets it.
    expect(isRendered((await get('/search?q=flood1&zz=9', flooder)).body)).toBe(true)
    expect(isRendered((await get('/search?q=flood4', client())).body)).toBe(true)
  })

  it("answers the app's shell rather than queue renders behind a busy renderer", async () => {
    const release = standIn.hold()
    const before = standIn.rendered.length
    const waiting = [get('/search?q=busy1', client()), get('/search?q=busy2', client())]
    await standIn.started(before + 2)
    const answered = await get('/search?q=busy3', client())
    expect(isRendered(answered.body)).toBe(false)
    expect(answered.body).toContain('<div id="root"></div>')
    release()
    for (const response of await Promise.all(waiting)) expect(isRendered(response.body)).toBe(true)
    expect(standIn.rendered.slice(before)).toEqual(['/search?q=busy1', '/search?q=busy2'])
    // Once the renderer is free again, pages render again.
    expect(isRendered((await get('/search?q=busy3', client())).body)).toBe(true)
  })

  it.each([
    ['/', {}, 'en'],
    ['/?l=fr', {}, 'fr'],
    ['/?l=en', { cookie: 'language=fr', 'accept-language': 'fr' }, 'en'],
    ['/', { cookie: 'language=fr', 'accept-language': 'en-US' }, 'fr'],
    ['/', { 'accept-language': 'fr-FR,fr;q=0.9' }, 'fr'],
    ['/', { cookie: 'language=xx', 'accept-language': 'fr' }, 'fr'],
    ['/?l=zz', { 'accept-language': 'de' }, 'en'],
  ])('answers %s with %j with the home page rendered in %s', async (url, headers, language) => {
    const response = await t.app.inject({ url, headers, remoteAddress: client() })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(`<html lang="${language}"`)
    expect(response.body).toContain(`data-prerendered="${language}"`)
    expect(response.body).toContain(
      `<meta name="description" content="${HEADS[language as 'en' | 'fr']['/'].description}"`,
    )
    expect(response.headers.vary).toMatch(/Accept-Language, Cookie/)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it("allows a rendered page's own inline scripts by their hashes, and no other page's", async () => {
    const script = 'self.hydrationData={}'
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`
    const rendered = await get('/search?q=hashes', client())
    const scriptSources = (response: { headers: Record<string, unknown> }) =>
      /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]?.split(' ') ?? []
    expect(scriptSources(rendered)).toContain(hash)
    // A data block (JSON-LD) is not run: nothing allows it.
    expect(scriptSources(rendered)).toHaveLength(3)
    // The same page again, from the server's copy: the same hashes.
    expect(scriptSources(await get('/search?q=hashes&zz=1', client()))).toContain(hash)
    // The API and the shell allow none.
    expect(scriptSources(await get('/api/health', client()))).not.toContain(hash)
    expect(scriptSources(await get('/bookings', client()))).not.toContain(hash)
  })

  it('answers 404 for a sitemap file past any that can exist', async () => {
    for (const n of ['230584300921371', '9007199254740991', '2'])
      expect((await get(`/sitemap-properties-${n}.xml`, client())).statusCode, n).toBe(404)
  })
})
