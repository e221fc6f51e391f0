import { propertyPageSchema } from '../../src/contract/catalog.ts'
import { expect, test } from './fixtures.ts'
import { appStarted, E2E_MAILBOX_TOKEN, expectPersisted, SCREEN_HEADINGS } from './support.ts'

test('the home page shows the seeded catalog', async ({ page, request }) => {
  const featured = propertyPageSchema.parse(
    await (await request.post('/api/properties/search', { data: { size: 6, language: 'en' } })).json(),
  )
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a place that feels like home')
  await expect(page.getByText(featured.items[0]!.name).first()).toBeVisible()
  // Sections further down ask for their data as they come near the screen.
  await page.getByRole('heading', { name: 'Our agencies' }).scrollIntoViewIfNeeded()
  await expect(page.getByText('Harbor & Pine Realty').first()).toBeVisible()
  await page.getByRole('heading', { name: 'Destinations', exact: true }).scrollIntoViewIfNeeded()
  await expect(page.getByText('United Kingdom').first()).toBeVisible()
  await expect(page).toHaveTitle(/Haven/)
})

test('?l=fr shows French, keeps it after navigation and sets <html lang>', async ({ page }) => {
  await page.goto('/?l=fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trouvez un lieu où vous sentir chez vous')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.getByRole('heading', { name: 'Destinations', exact: true }).scrollIntoViewIfNeeded()
  await expect(page.getByText('Royaume-Uni').first()).toBeVisible()
  // Remembered in localStorage `language` (docs/product.md §3) without the parameter.
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr')
  await page.goto('/about')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.goto('/?l=en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a place that feels like home')
})

test('an unknown path shows the not-found page, in both languages', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByText('Nothing to see here!')).toBeVisible()
  await page.goto('/still-nothing?l=fr')
  await expect(page.getByText('Rien à voir ici !')).toBeVisible()
})

// Every route of docs/product.md §4 showing its own screen under the layout, as a visitor and signed in (a
// signed-in user who opens sign-in or sign-up is sent home): the walk of narrow-screens.spec.ts checks it on
// every screen it loads.

test('the service worker takes control, and a reload offline still renders the app', async ({
  page,
  context,
  request,
}) => {
  const featured = propertyPageSchema.parse(
    await (await request.post('/api/properties/search', { data: { size: 6, language: 'en' } })).json(),
  )
  await page.goto('/')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Server pages stay the server's under the service worker: the demo mailbox is not the app's 404.
  await page.goto(`/dev/mailbox?token=${E2E_MAILBOX_TOKEN}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mailbox')
  await page.goto('/')
  // The featured properties have reached the persisted query cache before the network goes.
  await expectPersisted(page, ['catalog/search'])

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a place that feels like home')
    await expect(page.getByText(featured.items[0]!.name).first()).toBeVisible()
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCREEN_HEADINGS['/about'])
  } finally {
    await context.setOffline(false)
  }
})

test('the web app manifest has every field an install needs', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const response = await request.get(href!)
  expect(response.ok()).toBe(true)
  expect(response.headers()['content-type']).toMatch(/application\/manifest\+json/)
  const manifest = await response.json()
  expect(manifest).toMatchObject({
    id: '/',
    name: expect.stringContaining('Haven'),
    short_name: 'Haven',
    description: expect.any(String),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  })
  const icons: Array<{ src: string; sizes: string; purpose?: string }> = manifest.icons
  expect(icons.some((i) => i.sizes === '192x192')).toBe(true)
  expect(icons.some((i) => i.sizes === '512x512' && (i.purpose ?? 'any').includes('any'))).toBe(true)
  expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true)
  const screenshots: Array<{ src: string; form_factor?: string }> = manifest.screenshots
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
  for (const file of [...icons, ...screenshots]) {
    const image = await request.get(file.src)
    expect(image.status(), file.src).toBe(200)
    expect(image.headers()['content-type'], file.src).toMatch(/^image\/png/)
  }
  // Chrome's own verdict on its install criteria (manifest, icons, service worker with a fetch handler).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  // Playwright's contexts are incognito, which Chrome names as an error of its own: every other one counts.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
})

test('each screen names itself in the tab and, after a navigation, takes the focus to its heading', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Haven')
  // A first screen, loaded (its data in), keeps the browser's own focus: the first Tab of a page reaches the
  // skip link, which leads past the header.
  await expect(page.getByRole('search').getByRole('combobox', { name: 'Location' })).toBeEnabled()
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
  // The same on a screen the browser renders itself (no prerendered HTML).
  await page.goto('/search')
  await expect(page.getByTestId('search-results').getByRole('article').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused()

  await page.goto('/search?l=fr')
  await expect(page).toHaveTitle('Recherche · Haven')
  await page.goto('/property?id=1&l=en')
  const name = await page.getByRole('heading', { level: 1 }).textContent()
  await expect(page).toHaveTitle(`${name} · Haven`)

  // A navigation within the app, not the plain link a page not yet taken over has.
  await appStarted(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Haven' }).click()
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('About Haven')
  await expect(page).toHaveTitle('About Haven · Haven')
  await expect(heading).toBeFocused()
})

test('the footer calls each screen what the screen calls itself, in both languages', async ({ page }) => {
  for (const language of ['en', 'fr']) {
    await page.goto(`/?l=${language}`)
    const links = page.getByRole('contentinfo').getByRole('navigation').getByRole('link')
    const names = await links.allInnerTexts()
    expect(names.length, language).toBeGreaterThan(0)
    for (const name of names) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1 }), `${language}: ${name}`).toHaveText(name)
    }
  }
})
