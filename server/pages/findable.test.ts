// What a search engine or a link preview reads before any script runs: a property's page with its metadata
// and schema.org description, the sitemap, robots.txt.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { and, asc, eq, not } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { properties } from '../db/schema.ts'
import { escapeHtml } from '../services/mail/templates.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { snippet, withHead } from './findable.ts'
import { PROPERTIES_PER_SITEMAP } from './routes.ts'

/** The JSON-LD blocks of a page, parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )
const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1]

const HEADS = {
  en: { '/agencies': { title: 'Agencies · Haven', description: 'The agencies & their "homes".' } },
  fr: { '/agencies': { title: 'Agences · Haven', description: 'Les agences et leurs logements.' } },
}

describe('withHead', () => {
  it("inserts a property's text as written, never reading `$&` or a backtick after `$` in it as a replacement pattern", () => {
    const shell = '<html lang="en"><head><title>Haven</title>\n  </head><body></body></html>'
    const head = "<title>Loft $& $` $' $$ $1</title>"
    const page = withHead(shell, head, 'fr')
    expect(page).toContain(head)
    expect(page).toContain('<html lang="fr">')
    expect(page.match(/<\/head>/g)).toHaveLength(1)
  })
})

describe('findable pages', () => {
  let t: TestApp
  let visible: Array<{ id: number; name: string; price: number; descriptionFr: string }>

  beforeAll(async () => {
    t = await startTestApp('pglite', { properties: 12, env: { PUBLIC_URL: 'https://haven.example' } })
    const dist = t.config.distDir
    mkdirSync(dist, { recursive: true })
    // The shell as the build writes it (the project's own index.html), and the public robots.txt.
    writeFileSync(join(dist, 'index.html'), readFileSync('index.html', 'utf8'))
    writeFileSync(join(dist, 'robots.txt'), readFileSync('public/robots.txt', 'utf8'))
    // The public pages' titles and descriptions, as the build writes them (src/app/prerender.tsx).
    writeFileSync(join(dist, 'page-heads.json'), JSON.stringify(HEADS))
    await t.app.close()
    const { buildApp } = await import('../app.ts')
    t.app = await buildApp({ config: t.config, database: t.database })
    const { db } = t.database
    const [hidden] = await db.select().from(properties).orderBy(asc(properties.id)).limit(1)
    await db.update(properties).set({ hidden: true }).where(eq(properties.id, hidden!.id))
    visible = await db
      .select({
        id: properties.id,
        name: properties.name,
        price: properties.price,
        descriptionFr: properties.descriptionFr,
      })
      .from(properties)
      .where(not(properties.hidden))
      .orderBy(asc(properties.id))
  })
  afterAll(() => t?.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  it("answers a property's page with its title, description, address, languages and preview tags", async () => {
    const property = visible[0]!
    const page = await get(`/property?id=${property.id}`)
    expect(page.statusCode).toBe(200)
    expect(page.headers['x-robots-tag']).toBeUndefined()
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers.vary).toBe('Accept-Language, Cookie')
    const html = page.body
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain(`<title>${property.name} · Haven</title>`)
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    const url = `https://haven.example/property?id=${property.id}`
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(url)
    expect(attribute(html, /hreflang="fr" href="([^"]+)"/)).toBe(`${url}&amp;l=fr`)
    expect(attribute(html, /hreflang="en" href="([^"]+)"/)).toBe(`${url}&amp;l=en`)
    expect(attribute(html, /hreflang="x-default" href="([^"]+)"/)).toBe(url)
    expect(attribute(html, /property="og:title" content="([^"]+)"/)).toBe(property.name)
    expect(attribute(html, /property="og:image" content="([^"]+)"/)).toMatch(
      /^https:\/\/haven\.example\/images\//,
    )
    expect(attribute(html, /name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image')
    // The app's shell is all there: its root and its scripts.
    expect(html).toContain('<div id="root"></div>')
    expect(html).toContain('<script type="module"')
  })

  it('describes the property for schema.org: a place to stay, offered at its price in US dollars', async () => {
    const property = visible[1]!
    const [data] = jsonLd((await get(`/property?id=${property.id}`)).body)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['Accommodation', 'Product'],
      name: property.name,
      url: `https://haven.example/property?id=${property.id}`,
      offers: {
        '@type': 'Offer',
        price: Number(property.price),
        priceCurrency: 'USD',
        priceSpecification: { '@type': 'UnitPriceSpecification', priceCurrency: 'USD' },
      },
    })
    expect((data!.image as string[])[0]).toMatch(/^https:\/\/haven\.example\/images\//)
  })

  it('names each rental term in the unit codes schema.org reads, with what a product result needs', async () => {
    // schema.org's unitCode takes UN/CEFACT common codes (3 characters): a month is MON, not MONTH.
    const units = { MONTHLY: 'MON', WEEKLY: 'WEE', DAILY: 'DAY', YEARLY: 'ANN' } as const
    for (const [index, [term, code]] of Object.entries(units).entries()) {
      const property = visible[4 + index]!
      await t.database.db
        .update(properties)
        .set({ rentalTerm: term as keyof typeof units })
        .where(eq(properties.id, property.id))
      const [data] = jsonLd((await get(`/property?id=${property.id}`)).body)
      const offer = data!.offers as Record<string, unknown>
      expect(offer.priceSpecification, term).toMatchObject({ unitCode: code, price: Number(property.price) })
      // A product result's needs: a name, a photo, and an offer with its price, currency and availability.
      expect(data!.name).toBe(property.name)
      expect((data!.image as string[]).length).toBeGreaterThan(0)
      expect(offer.price).toBeGreaterThan(0)
      expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/)
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/)
    }
  })

  it('speaks the language the home page would: ?l=, the cookie, then the browser', async () => {
    const property = visible[2]!
    for (const [url, headers] of [
      [`/property?id=${property.id}&l=fr`, {}],
      [`/property?id=${property.id}`, { cookie: 'language=fr' }],
      [`/property?id=${property.id}`, { 'accept-language': 'fr-FR,fr;q=0.9' }],
    ] as const) {
      const html = (await get(url, headers)).body
      expect(html).toMatch(/<html lang="fr"/)
      expect(attribute(html, /<meta name="description" content="([^"]+)"/)).toBe(
        escapeHtml(snippet(property.descriptionFr)),
      )
      expect(attribute(html, /property="og:locale" content="([^"]+)"/)).toBe('fr_FR')
    }
  })

  it('answers the app, marked noindex, for an unknown, withdrawn or malformed property, without its metadata', async () => {
    const hiddenId = (
      await t.database.db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.hidden, true)))
    )[0]!.id
    for (const id of ['99999999', String(hiddenId), 'abc', '0', '']) {
      const page = await get(`/property?id=${id}`)
      expect(page.statusCode, id).toBe(200)
      expect(page.headers['x-robots-tag'], id).toBe('noindex')
      expect(page.body).toContain('<div id="root"></div>')
      expect(page.body).not.toContain('application/ld+json')
    }
  })

  it('keeps a name that holds markup from breaking out of the page', async () => {
    const property = visible[3]!
    const name = 'Loft "</script><script>alert(1)</script>" & <b>co</b>'
    await t.database.db.update(properties).set({ name }).where(eq(properties.id, property.id))
    const html = (await get(`/property?id=${property.id}`)).body
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<b>co</b>')
    expect(jsonLd(html)[0]!.name).toBe(name)
    expect(html).toContain(
      '<title>Loft &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; &lt;b&gt;co&lt;/b&gt; · Haven</title>',
    )
  })

  it('names the sitemap in robots.txt, and keeps the private screens out', async () => {
    const robots = await get('/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['content-type']).toMatch(/^text\/plain/)
    expect(robots.body).toContain('Disallow: /bookings')
    expect(robots.body.trimEnd().split('\n').at(-1)).toBe('Sitemap: https://haven.example/sitemap.xml')
  })

  it('lists the public pages and every visible property once in the sitemap', async () => {
    const index = await get('/sitemap.xml')
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toMatch(/^application\/xml/)
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(files).toEqual([
      'https://haven.example/sitemap-pages.xml',
      'https://haven.example/sitemap-properties-1.xml',
    ])

    const pages = [...(await get('/sitemap-pages.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => m[1],
    )
    // Home, and the public pages whose titles the build wrote (the screens declared with a `head`).
    expect(pages).toEqual(['https://haven.example/', 'https://haven.example/agencies'])
    expect(pages).not.toContain('https://haven.example/bookings')

    const listed = [...(await get('/sitemap-properties-1.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => m[1],
    )
    expect(listed).toEqual(visible.map((p) => `https://haven.example/property?id=${p.id}`))
    expect(visible.length).toBeLessThan(PROPERTIES_PER_SITEMAP)
    expect((await get('/sitemap-properties-2.xml')).statusCode).toBe(404)
    expect((await get('/sitemap-properties-x.xml')).statusCode).toBe(404)
  })

  it("answers each public page with its title, description, address and languages, in the visitor's", async () => {
    const page = await get('/agencies')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers.vary).toBe('Accept-Language, Cookie')
    expect(page.headers['cache-control']).toBe('no-cache')
    const html = page.body
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<title>Agencies · Haven</title>')
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    expect(attribute(html, /<meta name="description" content="([^"]+)"/)).toBe(
      escapeHtml('The agencies & their "homes".'),
    )
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe('https://haven.example/agencies')
    expect(attribute(html, /hreflang="fr" href="([^"]+)"/)).toBe('https://haven.example/agencies?l=fr')
    expect(attribute(html, /hreflang="x-default" href="([^"]+)"/)).toBe('https://haven.example/agencies')
    expect(attribute(html, /<meta property="og:title" content="([^"]+)"/)).toBe('Agencies · Haven')
    expect(attribute(html, /<meta property="og:image" content="([^"]+)"/)).toBe(
      'https://haven.example/icons/icon-512.png',
    )
    // The app's own markup and scripts stay.
    expect(html).toContain('<div id="root"></div>')

    const french: Array<Record<string, string>> = [
      { 'accept-language': 'fr-CA,fr;q=0.9' },
      { cookie: 'language=fr' },
    ]
    for (const headers of french) {
      const answered = (await get('/agencies', headers)).body
      expect(answered).toContain('<html lang="fr"')
      expect(answered).toContain('<title>Agences · Haven</title>')
      expect(answered).toContain('<meta property="og:locale" content="fr_FR" />')
    }
    // A search's filters do not make another page: the canonical address is the bare path.
    const filtered = (await get('/agencies?sort=newest&l=fr')).body
    expect(attribute(filtered, /<link rel="canonical" href="([^"]+)"/)).toBe('https://haven.example/agencies')
  })
})
