// The desk's journey, the renter's app and the back office side by side (issue 46): a renter's pay-later
// request, a message to the agency on the booking's timeline, the agency's confirmation and answer from its
// booking page, and the renter's bell, app badge and booking saying so.
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'

import type { BookingPrice } from '../../src/contract/bookings.ts'
import { expect, test } from './fixtures.ts'
import { bookPayLater, pageBadge, recordPageBadges, signUpRenter, type Stay } from './support.ts'

const AGENCY = { email: 'agency@haven.test', password: 'haven-demo', name: 'Blue Door Lettings' }

/**
 * Four nights far enough ahead that no other spec's stays meet them: a phone's run takes later ones, and a
 * test run again with --repeat-each the next ones.
 */
function stay(page: Page, offsetDays: number): Stay {
  const shift = ((page.viewportSize()?.width ?? 1280) < 600 ? 200 : 0) + 10 * test.info().repeatEachIndex
  const day = (n: number) => new Date(Date.now() + (n + shift) * 86_400_000).toISOString().slice(0, 10)
  return { from: day(offsetDays), to: day(offsetDays + 4) }
}

/** A property of the demo agency that takes a pay-later booking for `dates` (the API, as the page asks). */
async function agencyPropertyPayingLater(page: Page, dates: Stay): Promise<string> {
  const search = await page.request.post('/api/properties/search', { data: { size: 60, language: 'en' } })
  const items = (await search.json()).items as Array<{ _id: string; agency: { name: string } }>
  for (const item of items.filter((each) => each.agency.name === AGENCY.name)) {
    const quote = await page.request.post('/api/booking-price', { data: { propertyId: item._id, ...dates } })
    if (quote.ok() && ((await quote.json()) as BookingPrice).paymentMethods.includes('payLater'))
      return item._id
  }
  throw new Error(`The demo data has no property of ${AGENCY.name} to pay later.`)
}

/** The agency's back office in a browser of its own, signed in; closed by `close()`. */
async function agencyDesk(browser: Browser) {
  const context = await browser.newContext()
  const office = await context.newPage()
  await office.goto('/admin/sign-in')
  await office.getByLabel('E-mail').fill(AGENCY.email)
  await office.getByLabel(/^Password/).fill(AGENCY.password)
  await office.getByRole('button', { name: 'Sign in' }).click()
  await expect(office.getByTestId('staff-name')).toHaveText(AGENCY.name)
  return { office, close: () => context.close() }
}

/** The agency's decision on the booking's page: chosen, then sent. */
async function decide(office: Page, decision: string) {
  await office.getByRole('button', { name: decision, exact: true }).click()
  await office.getByRole('button', { name: `Send: ${decision}` }).click()
  await expect(office.getByText('Decision recorded. The renter is told.')).toBeVisible()
}

test("a renter's pay-later request: the agency reads the renter's message, confirms and answers; the renter's bell, app badge and booking say so", async ({
  page,
  browser,
}) => {
  await page.addInitScript(recordPageBadges)
  const renter = await signUpRenter(page)
  const dates = stay(page, 640)
  const bookingId = await bookPayLater(page.request, await agencyPropertyPayingLater(page, dates), dates)
  const unread = async () =>
    ((await (await page.request.get(`/api/notification-counter/${renter._id}`)).json()) as { count: number })
      .count

  // The renter writes to the agency from the booking's page.
  await page.goto(`/booking?id=${bookingId}`)
  const main = page.getByRole('main')
  await expect(main.getByTestId('booking-status')).toHaveText('Pending')
  await main.getByRole('textbox', { name: 'Message to the agency' }).fill('Could we arrive at 9 pm?')
  await main.getByRole('button', { name: 'Send the message' }).click()
  const timeline = main.getByTestId('booking-timeline')
  await expect(timeline).toContainText('Could we arrive at 9 pm?')
  // Sent (no longer shown as on its way), so the agency can read it.
  await expect(timeline.getByText('Sending…')).toHaveCount(0)
  await expect(timeline.getByText('Waiting for the connection')).toHaveCount(0)
  const before = await unread()
  // The app's badge is the bell's count (the booking's request, at least) before the agency decides.
  expect(before).toBeGreaterThan(0)
  await expect.poll(() => pageBadge(page)).toBe(before)

  // The agency, in its own browser: the request in its inbox, the message on the booking's page.
  const { office, close } = await agencyDesk(browser)
  try {
    await office.goto(`/admin/bookings/${bookingId}`)
    await expect(office.getByRole('heading', { name: `Booking ${bookingId}`, level: 1 })).toBeVisible()
    await expect(office.getByText('Could we arrive at 9 pm?')).toBeVisible()
    // The navigation counts the agency's unread notices (the request, the message), and says it in words.
    await expect(
      office
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: /^Notifications \(unread: \d+\)$/ }),
    ).toBeVisible()
    const axe = await new AxeBuilder({ page: office }).analyze()
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    await decide(office, 'Confirm')
    await office
      .getByRole('textbox', { name: 'Message to the renter' })
      .fill('Yes: the keys wait at the desk.')
    await office.getByRole('button', { name: 'Send the message' }).click()
    await expect(office.getByText('Yes: the keys wait at the desk.')).toBeVisible()
  } finally {
    await close()
  }

  // The renter is told: the bell counts the decision and the answer, the booking shows both.
  await expect.poll(unread).toBeGreaterThanOrEqual(before + 2)
  await page.reload()
  const after = await unread()
  await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
    `Notifications (${after} unread)`,
  )
  // The installed app's icon counts them too.
  await expect.poll(() => pageBadge(page)).toBe(after)
  await expect(main.getByTestId('booking-status')).toHaveText('Reserved')
  await expect(timeline).toContainText('Confirmed by the agency')
  await expect(timeline).toContainText('Yes: the keys wait at the desk.')
})

test('a renter pays by card and asks to cancel; the agency accepts, the card is refunded, and the renter sees it', async ({
  page,
  browser,
}) => {
  await signUpRenter(page)
  const dates = stay(page, 660)
  // Skyline Villa, the demo agency's: cancellation offered for a fee, which makes the stay refundable.
  await page.goto(`/search?from=${dates.from}&to=${dates.to}&q=Skyline`)
  const results = page.getByTestId('search-results').getByRole('article')
  await results.filter({ hasText: 'Skyline Villa' }).first().getByRole('link').first().click()
  const main = page.getByRole('main')
  await main.getByRole('link', { name: 'Book', exact: true }).click()
  await main.getByRole('checkbox', { name: /Cancellation/ }).check()
  await main.getByRole('radio', { name: 'Pay now by card' }).check()
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  const card = page.frameLocator('iframe[title="Stripe checkout"]')
  await card.getByLabel('Card number').fill('4242 4242 4242 4242')
  await card.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
  await main.getByRole('link', { name: 'See my booking' }).click()
  await expect(main.getByTestId('booking-status')).toHaveText('Paid')
  const bookingId = new URL(page.url()).searchParams.get('id')!

  await main.getByRole('button', { name: 'Request cancellation' }).click()
  await page
    .getByRole('dialog', { name: 'Request cancellation?' })
    .getByRole('button', { name: 'Send the request' })
    .click()
  await expect(main.getByTestId('cancel-requested')).toBeVisible()
  const requested = async () =>
    ((await (await page.request.get(`/api/booking/${bookingId}/en`)).json()) as { cancelRequest: boolean })
      .cancelRequest
  await expect.poll(requested).toBe(true)

  const { office, close } = await agencyDesk(browser)
  try {
    await office.goto(`/admin/bookings/${bookingId}`)
    await expect(office.getByText('The renter asks to cancel')).toBeVisible()
    await decide(office, 'Accept the cancellation')
  } finally {
    await close()
  }

  // The card's payment is given back through its provider (the Stripe stand-in), then the renter sees it.
  const refund = async () =>
    (
      (await (await page.request.get(`/api/booking/${bookingId}/en`)).json()) as {
        refundStatus: string | null
      }
    ).refundStatus
  await expect.poll(refund).toBe('refunded')
  await page.reload()
  await expect(main.getByTestId('booking-status')).toHaveText('Cancelled')
  await expect(main.getByTestId('booking-payment')).toContainText('Refunded')
})
