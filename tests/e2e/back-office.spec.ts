// The back office under /admin (docs/architecture.md, The back office): its own page beside the renter's app,
// its sign-in for agencies and administrators only, its guard, and the renter's service worker staying out.
import AxeBuilder from '@axe-core/playwright'

import { expect, test } from './fixtures.ts'
import { appStarted, underServiceWorker } from './support.ts'

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
