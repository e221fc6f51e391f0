// The pages answered with more than the bare shell (./findable.ts): a property's page with its metadata, the
// other public pages with their title and description (dist/page-heads.json, which the build writes), the
// sitemap, and robots.txt with the sitemap's address. Registered by registerStaticApp (server/static.ts)
// when the app is built.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { asc, not } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import { DEFAULT_LANGUAGE } from '../../src/domain/constants.ts'
import type { Language } from '../../src/domain/enums.ts'
import { renderedAddress } from '../../src/domain/rendered-address.ts'
import type { Config } from '../config.ts'
import { properties } from '../db/schema.ts'
import { allowInlineScripts, inlineScriptSources } from '../security-headers.ts'
import { createFirstPageCache } from '../services/catalog/first-pages.ts'
import { findProperty } from '../services/catalog/queries.ts'
import { escapeHtml } from '../services/mail/templates.ts'
import { bootAfterPaint } from './boot.ts'
import { createCriticalCss } from './critical-css.ts'
import {
  type PageHead,
  pageHead,
  propertyHead,
  propertyUrl,
  sitemap,
  sitemapIndex,
  withHead,
} from './findable.ts'
import { homeLanguage } from './language.ts'
import { createRenderGate, RenderDeclined } from './render-gate.ts'
import { loadPageRenderer, screenKeys } from './render.ts'

/** Replaces exactly one occurrence: a shell without it is answered as it is, never half-changed. */
function replaceOnce(html: string, search: string, replacement: string): string | null {
  const at = html.indexOf(search)
  if (at < 0 || html.indexOf(search, at + 1) >= 0) return null
  return html.slice(0, at) + replacement + html.slice(at + search.length)
}

/** A property id as the app's links write it. */
const ID = /^[1-9][0-9]{0,17}$/

/** Properties per sitemap file (the protocol allows 50,000 URLs and 50 MB). */
export const PROPERTIES_PER_SITEMAP = 40_000

/** A rendered page, and its inline scripts' CSP sources (computed once, with the page). */
interface RenderedAnswer {
  html: string
  scripts: readonly string[]
}

/** Rendered pages kept at once (see `rendered` below). */
const RENDERED_PAGES_KEPT = 100

export async function registerFindablePages(app: FastifyInstance, config: Config): Promise<void> {
  const shell = readFileSync(join(config.distDir, 'index.html'), 'utf8')
  const robotsFile = join(config.distDir, 'robots.txt')
  const robots = existsSync(robotsFile) ? readFileSync(robotsFile, 'utf8') : 'User-agent: *\nAllow: /\n'
  const { publicUrl } = config
  const db = () => app.ctx.database.db
  const renderer = await loadPageRenderer(app, config.distDir)
  const inlineCriticalCss = createCriticalCss(config.distDir)
  // A page without a stay is the same for every visitor for a while (its data is the catalog's): kept as
  // the first pages of a search are, by the parameters its screen reads. A stay's nights change with each
  // booking. Fewer than search pages: a rendered page weighs 10 to 160 KB (100 of them: at most 16 MB).
  const rendered = createFirstPageCache<RenderedAnswer | null>(app.ctx.clock, {
    ttlMs: config.searchCacheMs,
    entries: RENDERED_PAGES_KEPT,
  })
  app.ctx.catalog.keep(rendered)
  // Read at each render: a test sets the app's clock after the pages are registered.
  const renders = createRenderGate(
    { now: () => app.ctx.clock.now() },
    {
      perClientPerMinute: config.pageRendersPerMinute * config.rateLimitScale,
      waiting: config.pageRendersWaiting,
    },
  )
  /** A page in the visitor's language: caches keep one copy per language hint, and ask again each time. */
  const asPage = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie').type('text/html')

  /**
   * The page at the request's URL in `language`: the shell with `head`, and, for a screen the server renders,
   * its markup, the stylesheets and code it needs and its data. Rendered anew when it holds a stay.
   */
  const answer = async (request: FastifyRequest, reply: FastifyReply, head: string, language: Language) => {
    const page = withHead(shell, head, language)
    const path = request.url.split('?')[0] ?? ''
    const screen = renderer?.screens[path]
    asPage(reply)
    if (!renderer || !screen) return page
    const query = request.query as Record<string, unknown>
    // The page of the parameters the screen reads, rendered and kept once for every address that differs
    // only by others; it names that address, which the browser compares with its own to take the page over.
    const address = renderedAddress(request.url, screen.reads)
    const make = () =>
      renders.run(request.ip, async () => {
        const screenPage = await renderer.render(address, language)
        if (!screenPage) return null
        const assets = screenKeys(screen, language).map((key) => renderer.assetsOf(key))
        // The address rendered and the parameters it reads: the browser takes the page over when its own
        // address shows the same screen (src/main.tsx).
        const attributes = `data-prerendered="${language}" data-url="${escapeHtml(address)}" data-reads="${escapeHtml((screen.reads ?? []).join(' '))}"`
        const html = replaceOnce(
          page.replace('</head>', () => `    ${assets.filter(Boolean).join('\n    ')}\n  </head>`),
          '<div id="root"></div>',
          `<div id="root" ${attributes}>${screenPage}</div>`,
        )
        if (!html) return null
        const whole = bootAfterPaint(await inlineCriticalCss(html))
        return { html: whole, scripts: inlineScriptSources(whole) }
      })
    try {
      const made =
        query.from === undefined && query.to === undefined
          ? await rendered.get(`${language} ${address}`, make)
          : await make()
      if (made === null) return page
      // The router's hydration scripts are inline, each allowed by its hash for this answer alone.
      allowInlineScripts(reply, made.scripts)
      return made.html
    } catch (error) {
      // The browser renders it then, as it renders every other screen.
      if (!(error instanceof RenderDeclined))
        request.log.warn({ err: error }, 'page not rendered by the server')
      return page
    }
  }

  app.get('/property', async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).id
    const id = typeof raw === 'string' && ID.test(raw) ? raw : undefined
    const language = homeLanguage(request)
    const property = id ? await findProperty(db(), Number(id), language) : undefined
    // An unknown or withdrawn property: the app says so, as on any other path it does not know; search engines
    // are told not to keep the page (the API's error shape is for the API: a page is HTML either way).
    if (!property) return asPage(reply).header('x-robots-tag', 'noindex').send(shell)
    return answer(request, reply, propertyHead(property, language, publicUrl), language)
  })

  // Each public page in the visitor's language: the screens their features declare with a `head`.
  const headsFile = join(config.distDir, 'page-heads.json')
  // Home is always one (rendered, or the shell of a build without its head); the others as the build wrote them.
  const publicPages = new Set(['/'])
  if (existsSync(headsFile)) {
    const heads = JSON.parse(readFileSync(headsFile, 'utf8')) as Record<Language, Record<string, PageHead>>
    for (const path of Object.keys(heads[DEFAULT_LANGUAGE])) {
      publicPages.add(path)
      app.get(path, (request, reply) => {
        const language = homeLanguage(request)
        const head = heads[language][path] ?? heads[DEFAULT_LANGUAGE][path]!
        return answer(request, reply, pageHead(path, head, language, publicUrl), language)
      })
    }
  }

  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(`${robots.trimEnd()}\nSitemap: ${publicUrl}/sitemap.xml\n`),
  )

  const visibleCount = async () => db().$count(properties, not(properties.hidden))

  app.get('/sitemap.xml', async (_request, reply) => {
    const files = Math.ceil((await visibleCount()) / PROPERTIES_PER_SITEMAP)
    const names = [
      `${publicUrl}/sitemap-pages.xml`,
      ...Array.from({ length: files }, (_, n) => `${publicUrl}/sitemap-properties-${n + 1}.xml`),
    ]
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapIndex(names))
  })

  app.get('/sitemap-pages.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap([...publicPages].map((path) => ({ loc: `${publicUrl}${path}` })))),
  )

  app.get<{ Params: { n: string } }>('/sitemap-properties-:n.xml', async (request, reply) => {
    const n = Number(request.params.n)
    const offset = (n - 1) * PROPERTIES_PER_SITEMAP
    // A file number whose first row is past what the database counts in is no file either.
    if (!Number.isSafeInteger(n) || n < 1 || !Number.isSafeInteger(offset)) return reply.callNotFound()
    const rows = await db()
      .select({ id: properties.id })
      .from(properties)
      .where(not(properties.hidden))
      .orderBy(asc(properties.id))
      .limit(PROPERTIES_PER_SITEMAP)
      .offset(offset)
    if (rows.length === 0) return reply.callNotFound()
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap(rows.map((row) => ({ loc: propertyUrl(publicUrl, String(row.id)) }))))
  })
}
