// The back office's listings (docs/product.md §6, Listings), end to end: an agency's empty submit of the
// property form says each rule beside its field and keeps what was typed; the agency creates a property with
// an image, a visitor in another browser finds it in search and books it to pay later, and the agency sees the
// booking in its inbox, on the booking's page and in its notifications; once the agency hides the property, a
// new visitor no longer finds it, and the renter who booked it still sees the booking. The calendar opens on the
// way. No serious axe violation on the pages it passes.
import AxeBuilder from '@axe-core/playwright'
import sharp from 'sharp'

import { expect, type Page, test } from './fixtures.ts'
import { signUpRenter, type Stay } from './support.ts'

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

test('an agency creates a property with an image, which a visitor finds and books, and the agency sees the booking; hidden, a new visitor no longer finds it', async ({
  page,
  browser,
}) => {
  const name = `Quay House ${Date.now()}`
  // The visitor who books, in a browser of their own, and the booking they make: cleaned up below.
  const visitor = await browser.newContext()
  const made: { bookingId?: string } = {}
  try {
    await createProperty(page, name)
    await visitorSearches(page, name, true)
    const renter = await visitor.newPage()
    made.bookingId = await visitorBooks(renter, name)
    await agencySeesBooking(page, name, made.bookingId)
    await calendarReads(page)
    await hideAndLose(page, name)
    // A renter who booked it still sees the booking.
    await renter.goto(`/booking?id=${made.bookingId}`)
    await expect(renter.getByRole('main').getByTestId('booking-status')).toHaveText('Pending')
    await expect(renter.getByRole('main')).toContainText(name)
  } finally {
    await visitor.close()
    await cleanUp(page, name, made.bookingId)
  }
})

/**
 * Nothing left behind for the specs after this one: their searches list the newest property first, and the
 * back office's pages count the agency's unread notices. A property a booking holds cannot be deleted
 * (docs/product.md §6): its booking is declined, and the property stays hidden.
 */
async function cleanUp(page: Page, name: string, bookingId: string | undefined) {
  if (bookingId) {
    const read = await page.request.get(`/api/back-office/bookings/${bookingId}`)
    const booking = read.ok() ? ((await read.json()) as { status: string; cancelRequest: boolean }) : null
    if (booking?.status === 'PENDING') {
      const declined = await page.request.post(`/api/decide-booking/${bookingId}`, {
        data: { decision: 'decline', seenStatus: booking.status, seenCancelRequest: booking.cancelRequest },
      })
      expect.soft(declined.ok(), await declined.text()).toBe(true)
    }
    const session = await page.request.post('/api/validate-access-token')
    if (session.ok()) {
      const agencyId = ((await session.json()) as { _id: string })._id
      for (let at = 1; at <= 20; at++) {
        const notices = await page.request.get(`/api/notifications/${agencyId}/${at}/30`)
        if (!notices.ok()) break
        const { items } = (await notices.json()) as { items: { _id: string; bookingId: string | null }[] }
        const ours = items.filter((notice) => notice.bookingId === bookingId).map((notice) => notice._id)
        if (ours.length > 0) {
          const deleted = await page.request.post(`/api/delete-notifications/${agencyId}`, {
            data: { ids: ours },
          })
          expect.soft(deleted.ok(), await deleted.text()).toBe(true)
          // The pages after it moved up by as many: read this page again.
          if (deleted.ok()) at--
        }
        if (items.length < 30) break
      }
    }
  }
  const list = await page.request.get(`/api/back-office/properties?keyword=${encodeURIComponent(name)}`)
  for (const row of list.ok() ? ((await list.json()).items as { _id: string }[]) : []) {
    const deleted = await page.request.delete(`/api/back-office/properties/${row._id}`)
    if (!deleted.ok()) {
      const hidden = await page.request.post(`/api/back-office/properties/${row._id}/flags`, {
        data: { hidden: true },
      })
      expect.soft(hidden.ok(), await hidden.text()).toBe(true)
    }
  }
}

/** Far enough ahead that no other spec's stay meets it (the property is new: only this test books it). */
function stay(): Stay {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  return { from: day(45), to: day(48) }
}

/**
 * A visitor signs up and books the new property from a dated search, paying later (its agency takes it); the
 * booking's id.
 */
async function visitorBooks(renter: Page, name: string): Promise<string> {
  const account = await signUpRenter(renter)
  const dates = stay()
  await renter.goto(`/search?from=${dates.from}&to=${dates.to}&q=${encodeURIComponent(name)}`)
  await renter
    .getByTestId('search-results')
    .getByRole('article')
    .filter({ has: renter.getByRole('heading', { name, exact: true }) })
    .getByRole('link')
    .first()
    .click()
  await expect(renter).toHaveURL(/\/property\?/)
  const main = renter.getByRole('main')
  await main.getByRole('link', { name: 'Book', exact: true }).click()
  await expect(renter).toHaveURL(new RegExp(`/checkout\\?.*from=${dates.from}`))
  await expect(main.getByRole('radio', { name: 'Pay later' })).toBeChecked()
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(renter.getByRole('heading', { level: 1, name: 'Booking requested' })).toBeVisible()
  await expect(main.getByText(`We sent a confirmation e-mail to ${account.email}`)).toBeVisible()
  await main.getByRole('link', { name: 'See my booking' }).click()
  await expect(main.getByTestId('booking-status')).toHaveText('Pending')
  return new URL(renter.url()).searchParams.get('id')!
}

/** The agency's inbox lists the visitor's request, its page shows it, and a notice tells of it. */
async function agencySeesBooking(page: Page, name: string, bookingId: string) {
  const nav = page.getByRole('navigation', { name: 'Back office' })
  await nav.getByRole('link', { name: 'Bookings' }).click()
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible()
  // The newest first: the request is on the inbox's first page, in the row of its property.
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Only the bookings of ${name}`, exact: true }) })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Mary Jackson')
  await expect(row).toContainText('Pending')
  await row.getByRole('link', { name: 'Mary Jackson' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`))
  await expect(page.getByRole('heading', { name: `Booking ${bookingId}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(name)
  await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible()
  await noSeriousViolation(page)

  await nav.getByRole('link', { name: /^Notifications/ }).click()
  const notice = page
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`New booking of ${name}, .* by .Mary Jackson.\\.`) })
  await expect(notice).toHaveCount(1)
  await expect(notice.getByRole('link', { name: 'Open the booking' })).toHaveAttribute(
    'href',
    `/admin/bookings/${bookingId}`,
  )
}

async function createProperty(page: Page, name: string) {
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
}

/** The calendar of the agency's properties, on a laptop and on a phone. */
async function calendarReads(page: Page) {
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
}

/** Hidden, it leaves search for a new visitor. */
async function hideAndLose(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Properties' })
    .click()
  await page.getByRole('button', { name: `Hide ${name}` }).click()
  await expect(page.getByRole('button', { name: `Show ${name}` })).toBeVisible()
  await visitorSearches(page, name, false)
}
