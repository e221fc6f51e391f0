// Page weight: the gzip size of the JavaScript a first visit loads, from the built files in dist/.
// What each first visit loads, on React 19. The target (150 KB on each of home, a search and a property) is not
// all met yet: the asserted ceilings are what the pages weigh today plus 0.3 KB (the same build measures up
// to 0.2 KB apart from run to run, as small lazy chunks land before or after the network goes idle), so that
// nothing adds weight unnoticed; lower a ceiling whenever a change makes a page lighter. The map's
// MapLibre is never part of a first load: it comes when the map scrolls into view.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

import { catalogNamesOf } from '../../src/features/declarations.ts'
import { expect, test } from './fixtures.ts'
import { appStarted, settled } from './support.ts'

const BUDGET_KB = {
  // Measured 2026-11-25 at 20:17 UTC: 163.4 / 169.6 / 169.3 KB, against 162.4 / 168.6 / 168.2 the day before.
  // The +1 KB on each (not weighed one by one) is what a first page now runs before anything else: the start
  // probe and the bounded wait of a route's reads (a lying navigator.onLine), the request timeout, the offline
  // queue's synchronous copy, the session check that spares a queued change, and the stay rules the date
  // fields apply as they are typed (docs/product.md §12, Bounds).
  // Measured 2026-11-25 at 22:20 UTC: 163.9 / 170.0 / 169.7 KB (+0.4 KB each): the offline queue's check that
  // a write is its own before saving it, the immediate write of new data, the sign-out that asks the worker
  // to forget, a link's ?l= kept for a signed-in user, and the bell's refreshes and push renewal.
  // Measured 2026-11-26 at 01:36 UTC: 170.4 / 177.2 / 176.5 KB (+6.5 KB each). Weighed in dist/ (gzip -9):
  // the service worker's registration through workbox-window, the owner's stack (2.4 KB, loaded after the
  // page's load event, as the hand-written registration it replaced was), and the saved places' heart on
  // every card with the sign-in offer to keep them (1.7 KB over three chunks). The other 2.4 KB, not weighed
  // one by one, are in the shell: the search's new filters and their rules, and the messages of the
  // amendment, withdrawal and activation answers.
  // Measured 2026-11-26 at 05:40 UTC: 170.5 / 177.8 / 177.5 KB (+0.1 / +0.6 / +0.9 KB against the build of
  // 8669a86, each page weighed on both builds the way this spec weighs it): the one component for a read's
  // states (QueryState, 0.52 KB, which the search and property pages now share) and, on a property, the
  // error panel it imports (LoadError, 0.41 KB, fetched before only on an error); the rest is the shell's
  // query-key roots. Home keeps its ceiling.
  // Measured 2026-11-26 at 08:36 UTC: 170.7 / 178.3 / 177.9 KB (+0.2 / +0.5 / +0.4 KB): what takes over a
  // page the server rendered (its data put in the query cache, the rendered URL checked: main.tsx, 0.2 KB in
  // the shell) and the fieldset that keeps a rendered screen's controls off until then (src/ui/ready-fieldset.tsx,
  // in the screens' shared chunk).
  // Measured 2026-11-26 at 12:13 UTC, now on a phone and a wide screen apart: 170.9 / 172.4 / 178.1 KB on a
  // phone, 170.9 / 179.3 / 178.1 KB on a wide screen. A search's side filters come in their own chunk once
  // the screen is known to be wide (a phone shows them in its drawer): 6.4 KB less on a phone, 0.5 KB more on
  // a wide screen (the chunk's own overhead); the persisted cache's own provider, 0.2 KB on every page.
  // Measured 2026-11-26 at 23:00 UTC: 171.2 / 172.5 / 178.2 KB on a phone, 171.2 / 179.4 / 178.2 KB on a wide
  // screen. The home's ceiling had no room left: what runs a rendered screen's chunks a few at a time
  // (src/app/prerendered.ts) adds 0.18 KB to the entry (156,002 → 156,182 bytes, gzip -9, built without and
  // with it), on every page.
  // Measured 2026-11-27 at 02:48 UTC: 171.3 / 172.6 / 178.3 KB on a phone, 171.3 / 179.5 / 178.3 KB on a wide
  // screen (+0.1 KB each, not weighed one by one): the start-up's shorter tasks (src/lib/number-data.ts,
  // yield-to-browser.ts) and the memoized property card and property details.
  // Measured 2026-11-27 at 04:16 UTC on a clean clone's build of 3e60ca8, whose CI rehearsal failed here
  // (a search on a wide screen 0.01 KB over): 171.41 / 172.69 / 178.33 KB on a phone, 171.41 / 179.61 /
  // 178.33 KB on a wide screen. Since 02:48 (not weighed one by one): the router reads a property's held stays
  // when the server renders its page, and the card's memo compares every prop. Ceilings set 0.3 KB above.
  // Measured 2026-11-27 at 06:10 UTC: 172.57 / 173.87 / 179.50 KB on a phone, 172.57 / 180.78 / 179.50 KB on
  // a wide screen (+1.16 KB each against 04:16): React DOM's client in a chunk of its own, evaluated in a task
  // of its own (src/main.tsx). The code is the same (raw, the two files weigh 239 bytes less than the one
  // did), but gzip compresses two files less well than one: 156,206 bytes (gzip -9) for the entry before,
  // 93,183 + 63,985 after (+0.94 KB). The rest, not weighed one by one: the start-up's work moved into
  // start() and its new yield.
  // Measured 2026-11-27 at 10:27 UTC: 172.50 / 173.77 / 179.42 KB on a phone, 172.50 / 180.70 / 179.42 KB on a
  // wide screen (-0.07 to -0.09 KB): Mantine's ids without their random replacement (src/lib/mantine-use-id.ts).
  // Measured 2026-11-27 at 13:25 UTC: 170.28 / 170.87 / 176.46 KB on a phone, 170.28 / 177.42 / 176.46 KB on a
  // wide screen (-2.21 / -2.91 / -2.96 KB, -3.28 KB for a search on a wide screen): what the landing screens
  // share comes in one chunk per combination of them instead of one small chunk per module
  // (scripts/landing-chunks.ts): 12, 11 and 15 files on a phone instead of 24, 25 and 31.
  // Measured 2026-11-27 at 14:03 UTC: 169.82 / 170.42 / 175.99 KB on a phone, 169.82 / 176.95 / 175.99 KB on a
  // wide screen (-0.46 KB each): push's code (src/lib/push.ts) comes only for a signed-in user, when the bell
  // renews the subscription or the user signs out.
  // Measured 2026-11-27 at 14:15 UTC: 169.53 / 170.42 / 175.70 KB on a phone, 169.53 / 176.95 / 175.70 KB on a
  // wide screen (-0.29 KB on home and a property): the landing chunks follow TanStack Query's `export *` of its
  // core by the names taken, instead of the whole core (a module of the search's infinite scroll left them).
  // Measured 2026-11-27 at 16:12 UTC: 168.30 / 169.53 / 174.88 KB on a phone, 168.30 / 176.07 / 174.88 KB on a
  // wide screen (-1.21 / -0.88 / -0.79 KB, -0.85 KB for a search on a wide screen): the catalog's messages in
  // one catalog per landing screen beside the shared one, and the map's with MapLibre (docs/messages.md).
  // Measured 2026-11-27 at 16:55 UTC: 167.61 / 168.83 / 172.69 KB on a phone, 167.61 / 175.36 / 172.69 KB on a
  // wide screen: the English texts of field errors, which only the server sends, out of the client's entry
  // (-0.69 KB each); a property's two columns in its own CSS instead of Mantine's Grid (-1.5 KB on a property).
  // Measured 2026-11-27 at 20:12 UTC: 167.10 / 168.32 / 172.19 KB on a phone, 167.10 / 174.87 / 172.19 KB on a
  // wide screen (-0.51 / -0.51 / -0.50 KB): the grids in CSS alone (src/ui/columns.tsx) instead of Mantine's
  // SimpleGrid (-0.58 KB each), and the shell's guess of a language as the server makes it (+0.07 KB).
  // Measured 2026-12-02 at 06:50 UTC: 168.39 / 169.60 / 173.49 KB on a phone and a wide screen, against
  // 167.3 / 168.5 / 172.4 on the build before (+1.09 KB each): every price goes through the checked conversion
  // of src/domain/currency.ts, with the ISO 4217 codes it checks and the product's messages, in the shell.
  // The owner's rule since 2026-12-02 (the 150 KB target retired): a landing page's first load may not grow
  // more than 3 KB over its weight of 2026-11-28 (the figures of 2026-11-27 20:12 UTC above, the last build
  // before that day). The ceilings are those weights plus 3 KB; the page's weight of the day is in
  // docs/performance.md.
  '/': { target: 150, ceiling: { phone: 170.1, desktop: 170.1 } },
  '/search': { target: 150, ceiling: { phone: 171.32, desktop: 177.87 } },
  '/property?id=1': { target: 150, ceiling: { phone: 175.19, desktop: 175.19 } },
} as const

/** Lighthouse's mobile screen, and a laptop's: what a page loads depends on what it shows. */
const VIEWPORTS = {
  phone: { width: 412, height: 823 },
  desktop: { width: 1280, height: 720 },
} as const

for (const [path, { target, ceiling: ceilings }] of Object.entries(BUDGET_KB)) {
  for (const [screen, viewport] of Object.entries(VIEWPORTS) as [
    keyof typeof VIEWPORTS,
    { width: number; height: number },
  ][]) {
    const ceiling = ceilings[screen]
    // Each page is weighed on both screens above, once: in the desktop project (playwright.config.ts).
    test(`JS loaded by ${path} on a ${screen} stays under ${ceiling} KB gzip (target ${target} KB)`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport })
      const page = await context.newPage()
      const scripts = new Set<string>()
      page.on('response', (response) => {
        const url = new URL(response.url())
        if (url.origin === baseURL && url.pathname.endsWith('.js')) scripts.add(url.pathname)
      })
      await page.goto(path, { waitUntil: 'networkidle' })
      let bytes = 0
      for (const script of scripts) bytes += gzipSync(readFileSync(join('dist', script)), { level: 9 }).length
      const kb = bytes / 1024
      test.info().annotations.push({
        type: 'weight',
        description: `${path} on a ${screen}: ${kb.toFixed(1)} KB gzip in ${scripts.size} files (target ${target} KB)`,
      })
      // Nothing that is only needed later (the map, the checkout) comes with the first load, and nothing of
      // the back office's (built apart into dist/admin/: docs/architecture.md, The back office).
      expect([...scripts].filter((s) => /maplibre/i.test(s))).toEqual([])
      expect([...scripts].filter((s) => s.startsWith('/admin/'))).toEqual([])
      expect(kb).toBeLessThanOrEqual(ceiling)
      await context.close()
    })
  }
}

/** Each catalog's chunk, by file (src/locales/<language>/<catalog>.po in the build's manifest): its name. */
function catalogChunks(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join('dist', 'ssr', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >
  const chunks = new Map<string, string>()
  for (const [key, { file }] of Object.entries(manifest)) {
    const name = /^src\/locales\/(?:en|fr)\/(\w+)\.po$/.exec(key)?.[1]
    if (name) chunks.set(`/${file}`, name)
  }
  return chunks
}

// The catalogs a first visit to each landing page loads: the shell's, its feature's and the entities' (its
// feature's `needs`); none of another feature's, nor the map's (loaded with MapLibre).
for (const [path, expected] of [
  ['/', ['entities', 'home', 'shell']],
  ['/search', ['entities', 'search', 'shell']],
  ['/property?id=1', ['entities', 'property', 'shell']],
] as const) {
  // On both screens (a phone and a wide one load other chunks), in the desktop project as the weights are.
  test(`${path} loads the messages of the shell and of its own screen, and no other catalog`, async ({
    browser,
    baseURL,
  }) => {
    const chunks = catalogChunks()
    // The renter's build holds the renter's catalogs, none of the back office's.
    expect(new Set(chunks.values())).toEqual(new Set(catalogNamesOf('frontend')))
    for (const [screen, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport })
      const page = await context.newPage()
      const catalogs: string[] = []
      page.on('response', (response) => {
        const url = new URL(response.url())
        const name = url.origin === baseURL ? chunks.get(url.pathname) : undefined
        if (name) catalogs.push(name)
      })
      await page.goto(path)
      await appStarted(page)
      await settled(page)
      expect(catalogs.toSorted(), `on a ${screen}`).toEqual(expected)
      await context.close()
    }
  })
}

test("the back office is built apart: none of its files is in the renter's build or its worker's precache", () => {
  const own = readdirSync(join('dist', 'admin', 'assets')).filter((file) => file.endsWith('.js'))
  expect(own.length).toBeGreaterThan(0)
  const renter =
    readFileSync(join('dist', 'index.html'), 'utf8') + readFileSync(join('dist', 'sw.js'), 'utf8')
  expect(renter).not.toMatch(/admin(\.html|\/assets)/)
  // Its catalogs' chunks, which the renter's build makes too (one dynamic import), are not precached.
  for (const name of catalogNamesOf('backend').filter((each) => !catalogNamesOf('frontend').includes(each)))
    expect(renter, name).not.toMatch(new RegExp(`assets/${name}-[\\w-]+\\.js`))
  // Read where the precache lists the renter's chunks (a catalog's chunk may have the same name in both).
  expect(renter.match(/assets\/[\w.-]+\.js/g)?.length).toBeGreaterThan(10)
})

test('the map chunk, which only a map in view loads, stays within its own 1100 KB (minified)', () => {
  const chunks = readdirSync(join('dist', 'assets')).filter((file) => /^maplibre-map-.*\.js$/.test(file))
  expect(chunks).toHaveLength(1)
  const kb = statSync(join('dist', 'assets', chunks[0]!)).size / 1024
  test
    .info()
    .annotations.push({ type: 'weight', description: `MapLibre chunk: ${kb.toFixed(0)} KB minified` })
  // The same limit as build.chunkSizeWarningLimit in vite.config.ts.
  expect(kb).toBeLessThanOrEqual(1100)
})
