// The back office under /admin (docs/architecture.md, The back office): its own page beside the renter's app,
// its sign-in for agencies and administrators only, its guard, and the renter's service worker staying out.
import AxeBuilder from '@axe-core/playwright'

import { expect, test } from './fixtures.ts'
import { appStarted, standInPushManager, underServiceWorker } from './support.ts'

const AGENCY = { email: 'agency@haven.test', password: 'haven-demo', name: 'Blue Door Lettings' }

test('a visitor to the back office is sent to its sign-in; a renter is refused there; the agency gets in and out', async ({
  page,
}) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=%2Fadmin$/)
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible()
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  await page.getByLabel('E-mail').fill('renter@haven.test')
  await page.getByLabel(/^Password/).fill('haven-demo')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Incorrect email or password.')).toBeVisible()

  await page.getByLabel('E-mail').fill(AGENCY.email)
  await page.getByLabel(/^Password/).fill(AGENCY.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByTestId('staff-name')).toHaveText(AGENCY.name)
  // The inbox: its list is the server's to fill (GET /api/back-office/bookings).
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bookings' }),
  ).toHaveAttribute('aria-current', 'page')
  const signedIn = await new AxeBuilder({ page }).analyze()
  expect(signedIn.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  // A reload keeps the session (the server's), and sign-out ends it.
  await page.reload()
  await expect(page.getByTestId('staff-name')).toHaveText(AGENCY.name)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/admin\/sign-in$/)
  await page.goto('/admin/account')
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirect=/)
})

test("the renter's service worker lets /admin reach the server, which sends the back office's page", async ({
  page,
}) => {
  await page.goto('/')
  await appStarted(page)
  await underServiceWorker(page)
  const answered: { url: string; fromServiceWorker: boolean }[] = []
  page.on('response', (response) => {
    if (response.request().isNavigationRequest())
      answered.push({
        url: new URL(response.url()).pathname,
        fromServiceWorker: response.fromServiceWorker(),
      })
  })
  await page.goto('/admin/sign-in')
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible()
  expect(answered).toContainEqual({ url: '/admin/sign-in', fromServiceWorker: false })
  // The renter's pages are still the worker's.
  await page.goto('/search')
  expect(answered).toContainEqual({ url: '/search', fromServiceWorker: true })
})

test('the back office installs as an app of its own, scoped to /admin, with its own worker for pushes', async ({
  page,
  request,
}) => {
  await page.goto('/admin/sign-in')
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible()
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/admin/manifest.webmanifest')
  const answer = await request.get(href!, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  const manifest = await answer.json()
  expect(manifest).toMatchObject({
    id: '/admin',
    name: 'Back-office de Haven',
    start_url: '/admin',
    scope: '/admin',
    display: 'standalone',
  })
  for (const icon of manifest.icons as { src: string }[]) {
    const image = await request.get(icon.src)
    expect(image.status(), icon.src).toBe(200)
    expect(image.headers()['content-type'], icon.src).toMatch(/^image\/png/)
  }
  // Its worker (dist/admin/sw.js) holds /admin and every page under it, not the renter's pages.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(new URL(scope).pathname).toBe('/admin')
  expect(await page.evaluate(async () => navigator.serviceWorker.getRegistration('/search'))).toBeUndefined()
  // Chrome's own verdict on its install criteria, the manifest it read being this one.
  const cdp = await page.context().newCDPSession(page)
  const { url } = await cdp.send('Page.getAppManifest')
  expect(new URL(url).pathname).toBe('/admin/manifest.webmanifest')
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  // Playwright's contexts are incognito, which Chrome names as an error of its own: every other one counts.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
})

test("an agency turns push on; a request's push shows Accept and Decline, and the worker's calls carry the session", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  await page.addInitScript(standInPushManager)
  await page.goto('/admin/sign-in?redirect=%2Fadmin%2Faccount')
  await page.getByLabel('E-mail').fill(AGENCY.email)
  await page.getByLabel(/^Password/).fill(AGENCY.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/account$/)
  const push = page.getByRole('switch', { name: /^Push notifications on this device/ })
  await expect(push).toBeEnabled()
  const saved = page.waitForResponse('**/api/push-subscription')
  await push.click()
  expect((await saved).status()).toBe(200)
  await expect(push).toBeChecked()

  // A push as the server writes an agency's about a pay-later request (server/routes/staff-push.test.ts),
  // delivered to the back office's worker through the DevTools protocol.
  const cdp = await context.newCDPSession(page)
  const scopeURL = new URL('/admin', baseURL).href
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((entry) => !entry.isDeleted && entry.scopeURL === scopeURL)
      if (found) resolve(found.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const request = {
    bookingId: 12,
    seenStatus: 'PENDING',
    seenCancelRequest: false,
    actions: [
      { action: 'accept', title: 'Accept', decision: 'confirm', done: 'Booking confirmed.' },
      { action: 'decline', title: 'Decline', decision: 'decline', done: 'Booking request declined.' },
    ],
    refusals: {},
    failed: 'The answer could not be sent: open the booking to decide.',
  }
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registration,
    data: JSON.stringify({
      title: 'New booking',
      body: 'New booking of Skyline Villa.',
      url: '/admin/bookings/12',
      badge: 1,
      tag: 'booking-12',
      request,
    }),
  })
  const shown = () =>
    page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready
      return (await ready.getNotifications()).map((notification) => ({
        title: notification.title,
        actions: (notification as unknown as { actions: { title: string }[] }).actions.map((a) => a.title),
        data: notification.data as unknown,
      }))
    })
  await expect.poll(shown).toEqual([
    {
      title: 'New booking',
      actions: ['Accept', 'Decline'],
      data: { url: new URL('/admin/bookings/12', baseURL).href, request },
    },
  ])
  // What a button sends goes from the worker with the staff member's session (a SameSite=Strict cookie).
  const worker = context.serviceWorkers().find((each) => each.url().endsWith('/admin/sw.js'))!
  expect(await worker.evaluate(async () => (await fetch('/api/back-office/bookings?size=1')).status)).toBe(
    200,
  )
})
