// The back office's listings (docs/product.md §6, Listings), end to end: an agency's empty submit of the
// property form says each rule beside its field and keeps what was typed; the agency creates a property with
// an image, a visitor in another browser finds it in search, and once the agency hides it, a new visitor no
// longer does. The calendar opens on the way. No serious axe violation on the pages it passes.
import AxeBuilder from '@axe-core/playwright'
import sharp from 'sharp'

import { expect, type Page, test } from './fixtures.ts'

const AGENCY = { email: 'agency@haven.test', password: 'haven-demo', name: 'Blue Door Lettings' }

async function noSeriousViolation(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
}

/** A visitor's search by name, in a browser of their own: the card of `name`, or the search's "no match". */
async function visitorSearches(page: Page, name: string, found: boolean) {
  const visitor = await page.context().browser()!.newContext()
  const renter = await visitor.newPage()
  await renter.goto(`/search?q=${encodeURIComponent(name)}`)
  if (found)
    await expect(
      renter
        .getByTestId('search-results')
        .getByRole('article')
        .filter({ has: renter.getByRole('heading', { name, exact: true }) }),
    ).toHaveCount(1)
  else await expect(renter.getByText('No property matches this search.')).toBeVisible()
  await visitor.close()
}

test('an agency creates a property with an image, which a visitor finds in search until it is hidden', async ({
  page,
}) => {
  const name = `Quay House ${Date.now()}`
  try {
    await createFindAndHide(page, name)
  } finally {
    // Never left behind for the specs after this one (their searches list the newest property first).
    const list = await page.request.get(`/api/back-office/properties?keyword=${encodeURIComponent(name)}`)
    for (const row of list.ok() ? ((await list.json()).items as { _id: string }[]) : [])
      await page.request.delete(`/api/back-office/properties/${row._id}`)
  }
})

async function createFindAndHide(page: Page, name: string) {
  await page.goto('/admin/properties')
  await page.getByLabel('E-mail').fill(AGENCY.email)
  await page.getByLabel(/^Password/).fill(AGENCY.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Properties' }),
  ).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('status').filter({ hasText: /properties, page 1 of/ })).toBeVisible()
  await noSeriousViolation(page)

  // An empty form: each rule beside its field, the required ones named above the button, what was typed kept.
  await page.getByRole('link', { name: 'New property' }).click()
  const form = page.getByRole('form', { name: 'New property' })
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^Minimum age/).fill('18')
  await form.getByRole('button', { name: 'Create the property' }).click()
  await expect(form.getByText('Please add an image.')).toBeVisible()
  await expect(form.getByText('The minimum age must be greater than or equal to 21.')).toBeVisible()
  await expect(form.getByRole('alert').filter({ hasText: 'Please fix errors.' })).toContainText(
    /Type.*Description in English/,
  )
  await expect(form.getByLabel(/^Type/)).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel(/^Name/)).toHaveValue(name)
  await expect(form.getByLabel(/^Minimum age/)).toHaveValue('18')
  await noSeriousViolation(page)

  await form.getByLabel(/^Minimum age/).fill('21')
  await form.getByLabel(/^Type/).selectOption('HOUSE')
  await form.getByLabel(/^Location/).selectOption({ index: 1 })
  await form.getByLabel(/^Description in English/).fill('A bright house on the quay.')
  await form.getByLabel(/^Description in French/).fill('Une maison lumineuse sur le quai.')
  await form.getByLabel(/^Price/).fill('95')
  await form.getByLabel(/^Rental term/).selectOption('DAILY')
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer()
  const chooser = page.waitForEvent('filechooser')
  await form.getByRole('button', { name: 'Add images' }).click()
  await (await chooser).setFiles({ name: 'quay.png', mimeType: 'image/png', buffer: photo })
  await expect(form.getByRole('img', { name: 'Image 1' })).toBeVisible()
  await expect(form.getByText('Please add an image.')).toBeHidden()
  await form.getByRole('button', { name: 'Create the property' }).click()
  await expect(page).toHaveURL(/\/admin\/properties$/)
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()

  // A visitor, in a browser of their own, finds it.
  await visitorSearches(page, name, true)

  // The calendar of the agency's properties reads on the way.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Calendar' }).click()
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close these nights' })).toBeVisible()
  await noSeriousViolation(page)
  // On a phone: the month's list instead of the grid, nothing wider than the screen.
  const laptop = page.viewportSize()!
  await page.setViewportSize({ width: 375, height: 740 })
  await expect(page.getByRole('table')).toBeHidden()
  await expect(page.getByRole('heading', { name: 'This month’s stays and closings' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await noSeriousViolation(page)
  await page.setViewportSize(laptop)

  // Hidden, it leaves search for a new visitor.
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Properties' })
    .click()
  await page.getByRole('button', { name: `Hide ${name}` }).click()
  await expect(page.getByRole('button', { name: `Show ${name}` })).toBeVisible()
  await visitorSearches(page, name, false)
}
