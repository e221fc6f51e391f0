// The home page as the server sends it: prerendered in the visitor's language, readable before (and
// without) any script, then taken over by React without a second render. And how every copy of the shell
// is cached, whichever encoding the browser accepts.
import { expect, test } from './fixtures.ts'
import {
  appStarted,
  expectPersisted,
  isPhone,
  removedHeadings,
  underServiceWorker,
  watchRemovedHeadings,
} from './support.ts'

const HERO = {
  en: 'Find a place that feels like home',
  fr: 'Trouvez un lieu où vous sentir chez vous',
} as const
const SEARCH_HEADING = { en: 'Search', fr: 'Recherche' } as const

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  // The browser's language list is the context's locale (Chromium writes Accept-Language from it).
  for (const [name, path, locale] of [
    ['English by default', '/', 'en-US'],
    ['French from ?l=fr', '/?l=fr', 'en-US'],
    ['French from the browser’s languages', '/', 'fr-CA'],
    ['English from the browser’s languages', '/', 'de-DE'],
  ] as const) {
    test(`the header, hero, search form and footer are in the HTML: ${name}`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale })
      const page = await context.newPage()
      await page.goto(path)
      const language = name.startsWith('French') ? 'fr' : 'en'
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO[language])
      await expect(page.getByRole('banner').getByRole('link', { name: /Haven/ })).toBeVisible()
      await expect(page.getByRole('search')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeAttached()
      // Styled by the inlined critical CSS and the stylesheet <noscript> loads: the form is a white card.
      await expect(page.getByRole('search')).toHaveCSS('background-color', 'rgb(255, 255, 255)')
      // Its controls need the app (src/ui/ready-fieldset.tsx), and say so.
      await expect(page.getByRole('search').getByRole('button', { name: /Search|Rechercher/ })).toBeDisabled()
      await context.close()
    })
  }

  test('the language this device last used wins over the browser’s', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'language', value: 'fr', url: baseURL! }])
    await page.setExtraHTTPHeaders({ 'accept-language': 'en-US' })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.fr)
  })
})

test('React takes the prerendered page over without rendering it again, and without an error', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await watchRemovedHeadings(page)
  await page.goto('/')
  // Hydrated: the hero's select of locations is filled from the API and enabled.
  await expect(page.getByRole('search').getByRole('combobox', { name: 'Location' })).toBeEnabled()
  await expect(
    page.getByRole('region', { name: 'Featured properties' }).getByRole('link').first(),
  ).toBeVisible()
  // And interactive: the language switch works.
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'FR' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.fr)
  expect(await removedHeadings(page)).toEqual([])
  expect(errors).toEqual([])
})

test('repeat and offline visits to / get the prerendered home from the worker, in the language the server would choose', async ({
  browser,
  baseURL,
}) => {
  // Two browsers (the languages a browser speaks are its own), each installing the service worker and its
  // precache afresh, then visited in turn under each condition. Before each, the cookie holds the language the
  // app last started in (it writes it as it starts), or the one set here.
  test.setTimeout(120_000)
  for (const { locale, cases } of [
    {
      locale: 'en-US',
      cases: [
        { cookie: null, path: '/', language: 'en' },
        { cookie: 'fr', path: '/', language: 'fr' },
      ],
    },
    {
      locale: 'fr-CA',
      cases: [
        { cookie: null, path: '/', language: 'fr' },
        { cookie: null, path: '/?l=en', language: 'en' },
      ],
    },
  ] as const) {
    const context = await browser.newContext({ locale })
    const page = await context.newPage()
    // The first visit: the server's prerendered home, in the language it guessed; the app goes on in it.
    await page.goto('/')
    await underServiceWorker(page)
    for (const { cookie, path, language } of cases) {
      // The language this device last used (the app writes it as it starts; this one is chosen here, once the
      // page's app has started, online or not: it writes the cookie before it takes the page over).
      await appStarted(page)
      if (cookie) await context.addCookies([{ name: 'language', value: cookie, url: baseURL! }])
      for (const offline of [false, true]) {
        await context.setOffline(offline)
        const response = await page.goto(path)
        const condition = `${locale}, cookie ${cookie}, ${path}, ${offline ? 'offline' : 'online'}`
        expect(response?.fromServiceWorker(), condition).toBe(true)
        expect(await response!.text(), condition).toContain(`data-prerendered="${language}"`)
        await expect(page.getByRole('heading', { level: 1 }), condition).toHaveText(HERO[language])
      }
      await context.setOffline(false)
    }
    await context.close()
  }
})

// The worker answers every other screen with the app's shell, which carries no language of its own: the app
// then chooses as the server would have, and a search saved in that language is there offline. The first
// visit (the server's page) already writes the language it was in to the cookie, so every case here goes
// by the cookie; the browser's languages, for a shell with no cookie yet, are src/i18n/locale.test.ts's.
test('repeat and offline visits to a search, answered by the worker, are in the language the server would choose', async ({
  browser,
  baseURL,
}) => {
  // Three browsers, each installing the service worker and its precache afresh.
  test.setTimeout(120_000)
  for (const { locale, cookie, language } of [
    { locale: 'fr-CA', cookie: null, language: 'fr' },
    { locale: 'en-US', cookie: 'fr', language: 'fr' },
    { locale: 'fr-CA', cookie: 'en', language: 'en' },
  ] as const) {
    const context = await browser.newContext({ locale })
    const page = await context.newPage()
    if (cookie) await context.addCookies([{ name: 'language', value: cookie, url: baseURL! }])
    await page.goto('/search')
    await underServiceWorker(page)
    await expect(page.getByTestId('search-results').getByRole('link').first()).toBeVisible()
    await expectPersisted(page, ['catalog/search'])
    for (const offline of [false, true]) {
      await context.setOffline(offline)
      const response = await page.goto('/search')
      const condition = `${locale}, cookie ${cookie}, ${offline ? 'offline' : 'online'}`
      expect(response?.fromServiceWorker(), condition).toBe(true)
      await expect(page.getByRole('heading', { level: 1 }), condition).toHaveText(SEARCH_HEADING[language])
      await expect(page.getByTestId('search-results').getByRole('link').first(), condition).toBeVisible()
    }
    await context.close()
  }
})

test.describe('caching of what has no hash in its name', () => {
  for (const encoding of ['identity', 'gzip', 'br']) {
    test(`shell, prerendered pages, service worker and manifest revalidate every time (${encoding})`, async ({
      request,
    }) => {
      for (const path of ['/', '/?l=fr', '/search', '/sw.js', '/manifest.webmanifest', '/index.html']) {
        const response = await request.get(path, { headers: { 'accept-encoding': encoding } })
        expect(response.status(), path).toBe(200)
        expect(response.headers()['cache-control'], `${path} (${encoding})`).toBe('no-cache')
        if (encoding !== 'identity' && path !== '/manifest.webmanifest')
          expect(response.headers()['content-encoding'], `${path} (${encoding})`).toBe(encoding)
      }
    })
  }

  test('hashed assets are immutable, and source maps are not served', async ({ page, request }) => {
    const scripts: string[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.push(url.pathname)
    })
    await page.goto('/search')
    // The page is drawn before its scripts are asked for (server/pages/boot.ts): once the app has taken it
    // over, they have come.
    await appStarted(page)
    expect(scripts.length).toBeGreaterThan(0)
    for (const encoding of ['identity', 'gzip', 'br']) {
      const response = await request.get(scripts[0]!, { headers: { 'accept-encoding': encoding } })
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
      expect((await request.get(`${scripts[0]}.map`)).status()).toBe(404)
    }
    expect((await request.get('/sw.js.map')).status()).toBe(404)
  })
})

test('a visitor who scrolls before the scripts run stays where they are once React takes over', async ({
  page,
}) => {
  // Hold the app's scripts back until the visitor has scrolled, as a slow network would.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 600))
  release()
  // Hydrated: the hero's select of locations is filled from the API.
  await expect(page.getByRole('search').getByRole('combobox', { name: 'Location' })).toBeEnabled()
  await page.waitForLoadState('networkidle')
  // Not thrown back to the top. (The browser's scroll anchoring may move it a little as fonts and styles
  // settle above the fold, keeping the same content in view.)
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400)
})
