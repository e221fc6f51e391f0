// The catalog's screens as the server sends them (server/pages/render.ts): a property, a search, the agencies
// and the destinations arrive rendered with their data, readable without any script, then React takes the
// HTML over from the data written into the page, without rendering it again nor reading that data again.
import { PROPERTIES_PAGE_SIZE } from '../../src/domain/constants.ts'
import { expect, type Page, test } from './fixtures.ts'
import { appStarted, isPhone, removedHeadings, signInAsDemo, watchRemovedHeadings } from './support.ts'

async function firstProperty(page: Page) {
  const search = await page.request.post('/api/properties/search', { data: { size: 1, language: 'fr' } })
  return ((await search.json()) as { items: Array<{ _id: string; name: string }> }).items[0]!
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a property, a search, the agencies and the destinations show their data', async ({ page }) => {
    const property = await firstProperty(page)
    await page.goto(`/property?id=${property._id}&l=fr`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(property.name)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')

    await page.goto('/search?l=fr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recherche')
    await expect(page.getByTestId('search-results').getByRole('article')).toHaveCount(PROPERTIES_PAGE_SIZE)
    await expect(page.getByTestId('search-results').getByRole('article').first()).toContainText(property.name)

    const agencies = (await (await page.request.get('/api/all-agencies')).json()) as Array<{ name: string }>
    await page.goto('/agencies')
    for (const agency of agencies) await expect(page.getByRole('main')).toContainText(agency.name)

    await page.goto('/destinations')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Destinations')
    await expect(page.getByRole('main').getByRole('link', { name: /Lyon/ }).first()).toBeVisible()
  })
})

/** Each rendered screen, and the reads it makes for the data it shows (a property: its held stays too). */
const SCREENS = [
  { path: '/search', reads: ['/api/properties/search'] },
  { path: '/property', reads: ['/api/property/', '/api/property-availability/'] },
  { path: '/agencies', reads: ['/api/all-agencies'] },
  { path: '/destinations?l=fr', reads: ['/api/countries-with-locations/'] },
]

for (const { path, reads: itsReads } of SCREENS) {
  test(`React takes ${path} over as the server rendered it, without reading its data again`, async ({
    page,
  }) => {
    const url = path === '/property' ? `/property?id=${(await firstProperty(page))._id}` : path
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const reads: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (itsReads.some((read) => pathname.startsWith(read))) reads.push(pathname)
    })
    await watchRemovedHeadings(page)
    const response = await page.goto(url)
    expect(await response!.text()).toContain(`data-url="${url.replaceAll('&', '&amp;')}"`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await removedHeadings(page)).toEqual([])
    expect(reads).toEqual([])
    // Taken over, and working: the header's language switch answers, and the screen follows it.
    if (isPhone(page)) await page.getByRole('button', { name: /Open menu|Ouvrir le menu/ }).click()
    const other = path.endsWith('l=fr') ? 'en' : 'fr'
    await page
      .getByRole('group', { name: /Language|Langue/ })
      .getByRole('button', { name: other.toUpperCase() })
      .click()
    await expect(page.locator('html')).toHaveAttribute('lang', other)
    expect(errors).toEqual([])
  })
}

// Mantine's inputs used to replace the id React gave them by a random one once mounted: each input of a rendered
// page then asked for a render of its own as soon as React had taken the page over, which ran all of the
// take-over's effects in the same task (patches/README.md). The ids stay as the server wrote them.
test('a rendered search keeps its controls as the server wrote them once React has taken it over', async ({
  page,
}) => {
  const response = await page.goto('/search')
  const written = /<label[^>]*\sfor="([^"]+)"[^>]*>Sort by</.exec(await response!.text())?.[1]
  expect(written).toMatch(/^mantine-/)
  await appStarted(page)
  await page.waitForLoadState('networkidle')
  const sort = page.getByRole('combobox', { name: 'Sort by' })
  await expect(sort).toHaveAttribute('id', written!)
  await expect(page.locator(`label[for="${written}"]`)).toHaveText('Sort by')
})

// A search's first layout and paint were its fifteen cards' (docs/performance.md, 2026-11-27 12:50): a card out
// of view is now skipped by the browser's rendering until it nears the screen, and drawn as it scrolls in.
test('a rendered search lays out the cards in view, and each further card as it scrolls in', async ({
  page,
}) => {
  await page.goto('/search')
  const cards = page.getByTestId('search-results').getByRole('article')
  await expect(cards).toHaveCount(PROPERTIES_PAGE_SIZE)
  // Whether a card's name is rendered: the browser skips what an off-screen card holds.
  const rendered = (index: number) =>
    cards
      .nth(index)
      .getByRole('link')
      .first()
      .evaluate((link) => link.checkVisibility({ contentVisibilityAuto: true }))
  // The first rendering after the page's layout decides which cards are near the screen.
  await expect.poll(() => rendered(0)).toBe(true)
  const last = PROPERTIES_PAGE_SIZE - 1
  expect(await rendered(last)).toBe(false)
  await cards.nth(last).scrollIntoViewIfNeeded()
  await expect.poll(() => rendered(last)).toBe(true)
  await expect(cards.nth(last).getByRole('heading')).toBeVisible()
})

// The HTML is a visitor's, whoever asks (the server renders no one's own data): React takes it over as a
// visitor's, then shows the signed-in user's header in place, keeping the rest of the page as it was. A page
// drawn again from nothing would drop a click made meanwhile (a result's link clicked as the page started).
test('for a signed-in user too, React takes each rendered page over without drawing it again', async ({
  page,
}) => {
  const property = await firstProperty(page)
  await signInAsDemo(page)
  await watchRemovedHeadings(page)
  for (const path of ['/', '/search', `/property?id=${property._id}`, '/agencies', '/destinations']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
    // Taken over, and the user's own header shown: their notifications are a link of the header.
    await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ }), path).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await removedHeadings(page), path).toEqual([])
  }
})

// Until the app has started, a control in the HTML would drop what is done with it: a button has no handler
// yet, and React takes a select over with its own value. So the controls say they are not ready (links work all
// along), and the first choice made once they are is kept.
for (const path of ['/', '/search']) {
  // On both projects: a phone's header holds the menu's button, and the menu the controls.
  test(`on ${path}, the controls wait for the app, and the first choice made is kept @layout`, async ({
    page,
  }) => {
    // The app's scripts held back, as a slow network (or the boot script, until the page is drawn) would.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.goto(path, { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const banner = page.getByRole('banner')
    const burger = banner.getByRole('button', { name: 'Open menu' })
    const currency = page.getByRole('combobox', { name: 'Currency' })
    const languages = banner.getByRole('group', { name: 'Language' }).getByRole('button')
    const controls = isPhone(page) ? [burger] : [currency, languages.first(), languages.last()]
    if (path === '/') controls.push(page.getByRole('search').getByRole('button', { name: 'Search' }))
    for (const control of controls) await expect(control).toBeDisabled()
    await expect(banner.getByRole('link', { name: 'Haven, home' })).toBeVisible()

    release()
    if (isPhone(page)) await burger.click()
    await currency.selectOption('EUR')
    await expect(currency).toHaveValue('EUR')
    if (isPhone(page)) await page.keyboard.press('Escape')
    await expect(page.getByRole('article').first()).toContainText('€')
    expect(await page.evaluate(() => window.localStorage.getItem('currency'))).toBe('EUR')
  })
}

// The boot script waits for the page's photo and a frame before it asks for the app; a visitor who reaches for
// the page first has it asked for at once. The page's timers stand still here, so only the key can start it.
test('a first key press asks for the app at once', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-26T08:00:00Z') })
  await page.clock.pauseAt(new Date('2026-11-26T08:00:01Z'))
  const entry = /\/assets\/index-[^/]+\.js$/
  let asked = false
  page.on('request', (request) => {
    if (entry.test(request.url())) asked = true
  })
  await page.goto('/search')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(asked).toBe(false)
  const request = page.waitForRequest(entry)
  await page.keyboard.press('Tab')
  await request
})

// The first paint waits for no stylesheet (server/pages/critical-css.ts, and scripts/build.ts for the home
// page): the rules the page uses come in its HTML, with its font. Neither the full stylesheet switched on nor
// the started app change how the page looks: where its title, its first card or search form and that
// one's photo are, the colours they are drawn in, and the font.
for (const [path, block] of [
  ['/search', '[data-testid="search-results"] article'],
  ['/', '[role="search"]'],
] as const) {
  test(`${path} paints from its HTML alone, as with its stylesheet`, async ({ page }) => {
    const look = (selector: string) =>
      page.evaluate((selector) => {
        const box = (element: Element | null) => {
          const { x, y, width, height } = element!.getBoundingClientRect()
          return [x, y, width, height].map(Math.round)
        }
        const element = document.querySelector(selector)
        const photo = element?.querySelector('img')
        return {
          heading: box(document.querySelector('h1')),
          block: box(element),
          photo: photo ? box(photo) : null,
          background: getComputedStyle(element!).backgroundColor,
          text: getComputedStyle(element!).color,
          fonts: [...document.fonts]
            .filter((face) => face.status === 'loaded')
            .map((face) => face.family.replaceAll('"', '')),
        }
      }, selector)
    await page.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort())
    await page.goto(path)
    await page.evaluate(() => document.fonts.ready)
    const fromHtml = await look(block)
    await page.unrouteAll()
    // The moment the app switches the full stylesheet on, before a screen's own stylesheet has come: here
    // with no script at all, the switch made by hand as src/main.tsx makes it.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await page.goto(path)
    await page.evaluate(async () => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][media="print"]')]
      for (const link of links) link.media = 'all'
      await Promise.all(
        links.map((link) =>
          link.sheet ? undefined : new Promise((resolve) => link.addEventListener('load', resolve)),
        ),
      )
      await document.fonts.ready
    })
    expect({ ...(await look(block)), fonts: undefined }).toEqual({ ...fromHtml, fonts: undefined })
    await page.unrouteAll()
    await page.goto(path)
    // The full stylesheet is on (the app's entry switches it on).
    await page.waitForFunction(() =>
      [...document.styleSheets].some(
        (sheet) => sheet.href?.includes('/assets/index-') && sheet.media.mediaText !== 'print',
      ),
    )
    await page.evaluate(() => document.fonts.ready)
    const started = await look(block)
    expect({ ...fromHtml, fonts: undefined }).toEqual({ ...started, fonts: undefined })
    expect(fromHtml.fonts).toContain('Figtree Variable')
  })
}

// A stylesheet that brought font faces of its own, once switched on, made the browser lay the whole page out
// again ("fonts changed"), a long task though nothing on screen moved: the faces are the page's own
// (scripts/font-faces.ts), on a rendered page, the prerendered home and a screen the browser draws alike.
for (const path of ['/search', '/', '/about']) {
  test(`on ${path}, the font faces are the page's own and no stylesheet brings more`, async ({ page }) => {
    await page.goto(path)
    await page.waitForFunction(() =>
      [...document.styleSheets].some(
        (sheet) => sheet.href?.includes('/assets/index-') && sheet.media.mediaText !== 'print',
      ),
    )
    const faces = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => ({
        from: sheet.href === null ? 'page' : new URL(sheet.href).pathname,
        faces: [...sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule).length,
      })),
    )
    expect(faces.filter(({ from, faces }) => from !== 'page' && faces > 0)).toEqual([])
    expect(
      faces.filter(({ from }) => from === 'page').reduce((sum, { faces }) => sum + faces, 0),
    ).toBeGreaterThan(0)
    // A face is loaded once text uses it: on a screen the browser draws, that is once the app has drawn it
    // (the stylesheet is on before that), and `fonts.ready` has nothing to wait for until then.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    expect(await page.evaluate(() => document.fonts.check('16px "Figtree Variable"'))).toBe(true)
  })
}

// The screen's chunks are asked for with the app's entry (server/pages/boot.ts), not once the router wants
// them, and the app runs them a few at a time from those links (src/app/prerendered.ts): the prerendered home
// as a rendered catalog page.
for (const [path, chunk] of [
  ['/', 'home-page'],
  ['/property?id=1', 'property-page'],
] as const) {
  test(`${path} asks for its screen's chunk and messages with the entry`, async ({ page }) => {
    await page.goto(path)
    await appStarted(page)
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    )
    expect(preloaded.some((file) => file.startsWith(`/assets/${chunk}-`))).toBe(true)
    // The messages the landing screens share (the entities' catalog, src/locales/*/entities.po).
    expect(preloaded.some((file) => file.startsWith('/assets/entities-'))).toBe(true)
  })
}

// The app's code is asked for once the page's first contentful paint is on screen (server/pages/boot.ts), not
// with the frame before it: the scripts would share the network and the CPU with that paint.
for (const path of ['/', '/agencies']) {
  test(`${path} asks for the app's code only once its first contentful paint is on screen`, async ({
    page,
  }) => {
    await page.goto(path)
    await appStarted(page)
    const { paint, entry } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entry: performance
        .getEntriesByType('resource')
        .find((resource) => /\/assets\/index-[\w-]+\.js$/.test(resource.name))?.startTime,
    }))
    expect(paint).toBeDefined()
    // Or a second after the boot script ran, whatever the paint: a page never waits longer for its app.
    expect(entry).toBeGreaterThanOrEqual(Math.min(paint!, 1000))
  })
}

// React's server rendering preloads, in the page's head, every image it renders that is not lazy: on a
// property that must be the first photo alone, the largest paint, not a picture further down sharing the
// network with it (the agency's logo, under the description, the facts and the map, was one).
test('a rendered property preloads its first photo and no picture below it', async ({ page }) => {
  const html = await (await page.request.get(`/property?id=${(await firstProperty(page))._id}`)).text()
  const preloaded = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map(
    ([, href]) => href,
  )
  const photos = [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map(([, src]) => src)
  expect(photos.length).toBeGreaterThan(2)
  expect(preloaded).toEqual([photos[0]])
})
