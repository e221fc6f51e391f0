// Checkout and bookings end to end (docs/product.md §12): a renter books a stay to pay later, finds it
// first in their bookings at the price checkout showed, opens it and asks to cancel; a visitor books as a
// guest and receives the activation e-mail. Each renter is a new account of its test's own (support.ts): the
// stays a run holds unpaid would otherwise add up past the cap on one account. On the desktop: a phone's way
// to the checkout (the property's Book bar) is property.spec.ts's.
import { expect, type Page, test } from './fixtures.ts'
import {
  bookPayLater,
  DEMO_ACCOUNT,
  linkFromMail,
  propertyWhere,
  signUpRenter,
  type Stay,
} from './support.ts'

/** A stay of its own for each project and test: no two bookings of a run overlap. */
function stay(page: Page, offsetDays: number) {
  const shift = (page.viewportSize()?.width ?? 1280) < 600 ? 200 : 0
  const day = (n: number) => new Date(Date.now() + (n + shift) * 86_400_000).toISOString().slice(0, 10)
  return { from: day(offsetDays), to: day(offsetDays + 4) }
}

/** Search → the first property that takes pay later and offers cancellation → its Book button. */
async function openCheckout(page: Page, dates: { from: string; to: string }) {
  await page.goto(`/search?from=${dates.from}&to=${dates.to}&q=Skyline`)
  const results = page.getByTestId('search-results').getByRole('article')
  await expect(results.first()).toBeVisible()
  // Skyline Villa (Edinburgh): pay later allowed, cancellation and amendments for a fee.
  await results.filter({ hasText: 'Skyline Villa' }).first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/property\?/)
  await page.getByRole('main').getByRole('link', { name: 'Book', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/checkout\\?.*from=${dates.from}`))
}

test('a renter books to pay later, finds the booking first at the same price, and asks to cancel it', async ({
  page,
}) => {
  const renter = await signUpRenter(page)
  await openCheckout(page, stay(page, 300))
  const main = page.getByRole('main')
  const total = main.getByTestId('checkout-total')
  const before = await total.innerText()
  const refund = main.getByText('A full refund may apply if cancelled 24 hours before the rental date.')
  // No cancellation option taken: no refund to speak of.
  await expect(refund).toHaveCount(0)

  // A fee option asks the server's price again.
  await main.getByRole('checkbox', { name: /Cancellation/ }).check()
  await expect(total).not.toHaveText(before)
  // Priced again: a price, not the blank the total is while the server is asked (read once, it was taken once).
  await expect(total).toHaveText(/\d/)
  const price = await total.innerText()
  await expect(refund).toBeVisible()
  await expect(main.getByRole('radio', { name: 'Pay later' })).toBeChecked()

  // The Terms are required; nothing chosen is lost on the refusal.
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(main.getByText('Please accept the Terms of Use.')).toBeVisible()
  await expect(main.getByRole('checkbox', { name: /Cancellation/ })).toBeChecked()
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Booking requested' })).toBeVisible()
  await expect(main.getByText(`We sent a confirmation e-mail to ${renter.email}`)).toBeVisible()
  // The bell follows the server at once: the booking's notification is counted without waiting.
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('user')!) as { _id: string })._id)
  const unread = async () =>
    ((await (await page.request.get(`/api/notification-counter/${userId}`)).json()) as { count: number })
      .count
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName(`Notifications (${await unread()} unread)`)
  await page.goto('/bookings')
  const first = main.getByTestId('booking-card').first()
  await expect(first).toContainText('Skyline Villa')
  await expect(first).toContainText('Pending')
  await expect(first.getByTestId('booking-price')).toHaveText(price)

  // The status filter narrows the list: this renter has cancelled nothing.
  const cancelled = main
    .getByRole('group', { name: 'Filter by status' })
    .getByText('Cancelled', { exact: true })
  await cancelled.click()
  await expect(main.getByText('No booking has these statuses.')).toBeVisible()
  await expect(main.getByText('Skyline Villa')).toHaveCount(0)
  await cancelled.click()

  await main.getByTestId('booking-card').first().click()
  await expect(page).toHaveURL(/\/booking\?id=\d+/)
  await expect(main.getByTestId('booking-total')).toHaveText(price)
  // Asked first: keeping the booking sends nothing; confirming sends the request.
  await main.getByRole('button', { name: 'Request cancellation' }).click()
  const dialog = page.getByRole('dialog', { name: 'Request cancellation?' })
  await dialog.getByRole('button', { name: 'Keep my booking' }).click()
  await expect(dialog).toHaveCount(0)
  await main.getByRole('button', { name: 'Request cancellation' }).click()
  await dialog.getByRole('button', { name: 'Send the request' }).click()
  await expect(main.getByTestId('cancel-requested')).toHaveText(
    'Your cancellation request was sent. You will be contacted to finalize it.',
  )
  // Asked once: the button is gone, also after a reload; the request can be withdrawn.
  await page.reload()
  await expect(main.getByTestId('cancel-requested')).toBeVisible()
  await expect(main.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Withdraw the request' })).toBeVisible()

  // The same page in French.
  await page.goto(`${page.url()}&l=fr`)
  await expect(main.getByText('En attente')).toBeVisible()
  await expect(main.getByText(/Votre demande d.annulation a été envoyée/)).toBeVisible()
  await page.goto('/?l=en')
  // Another booking made elsewhere (another device): the next page load asks, saved count or not.
  const elsewhere = stay(page, 526)
  await bookPayLater(
    page.request,
    await propertyWhere(page.request, elsewhere, ({ paymentMethods }) => paymentMethods.includes('payLater')),
    elsewhere,
  )
  await page.reload()
  await expect(bell).toHaveAccessibleName(`Notifications (${await unread()} unread)`)
})

test('a visitor books as a guest, is offered sign-in for a taken address, and receives the activation e-mail', async ({
  page,
}, testInfo) => {
  const email = `e2e-guest-${testInfo.project.name}-${Date.now()}@haven.test`
  await openCheckout(page, stay(page, 320))
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Your details' })).toBeVisible()
  await main.getByLabel('Full name').fill('Katherine Johnson')
  await main.getByLabel('E-mail').fill(DEMO_ACCOUNT.email)
  await main.getByLabel('Phone').fill('+44 20 7946 0000')
  await main.getByLabel('Birth date').fill('1990-08-26')
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()

  // A taken address: the visitor is offered sign-in, which would come back to this checkout.
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(main.getByText('This email address is already registered.')).toBeVisible()
  const signIn = main.getByRole('status').getByRole('link', { name: 'Sign in' })
  await expect(signIn).toHaveAttribute('href', /\/sign-in\?redirect=%2Fcheckout/)

  await main.getByLabel('E-mail').fill(email)
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Booking requested' })).toBeVisible()
  await expect(main.getByText('We also sent you a link to activate your account')).toBeVisible()
  // Two e-mails, in either order: the booking's confirmation with its link, and the new account's activation link.
  expect(await linkFromMail(email, '/booking')).toMatch(/^\/booking\?id=\d+$/)
  expect(await linkFromMail(email, '/activate')).toMatch(/^\/activate\?u=\d+/)

  // Signed in on this browser until activation: the booking is there.
  await main.getByRole('link', { name: 'See my booking' }).click()
  await expect(main.getByRole('heading', { level: 1, name: 'Skyline Villa' })).toBeVisible()
})

// Online payments, against the stand-ins the e2e server starts (PAYMENT_STAND_INS, playwright.config.ts): the
// card form and PayPal's approval are frames of the stand-ins' origins, as they are of Stripe's and PayPal's.

test('a renter pays by card in Stripe’s embedded form: a declined card, then a paid booking', async ({
  page,
}) => {
  const renter = await signUpRenter(page)
  await openCheckout(page, stay(page, 340))
  const main = page.getByRole('main')
  const price = await main.getByTestId('checkout-total').innerText()
  await main.getByRole('radio', { name: 'Pay now by card' }).check()
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(main.getByText(/Your stay is held for you until/)).toBeVisible()

  const card = page.frameLocator('iframe[title="Stripe checkout"]')
  await card.getByLabel('Card number').fill('4000 0000 0000 0002')
  await card.getByRole('button', { name: /^Pay / }).click()
  await expect(card.getByRole('alert')).toHaveText('Your card was declined.')
  await card.getByLabel('Card number').fill('4242 4242 4242 4242')
  await card.getByRole('button', { name: /^Pay / }).click()

  // Stripe's return: the server verifies the session before anything says paid.
  await expect(page).toHaveURL(/\/checkout-session\/cs_test_/)
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
  await expect(main.getByText(`We sent a confirmation e-mail to ${renter.email}`)).toBeVisible()
  await main.getByRole('link', { name: 'See my booking' }).click()
  await expect(main.getByTestId('booking-status')).toHaveText('Paid')
  await expect(main.getByTestId('booking-payment')).toContainText('Paid')
  await expect(main.getByTestId('booking-total')).toHaveText(price)
})

test('a renter pays with PayPal: a card declined at capture says Payment failed, then approval pays', async ({
  page,
}) => {
  await signUpRenter(page)
  await openCheckout(page, stay(page, 360))
  const main = page.getByRole('main')
  await main.getByRole('radio', { name: 'Pay now with PayPal' }).check()
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  await main.getByRole('button', { name: 'Book', exact: true }).click()

  const payPalButton = main.getByRole('button', { name: 'Pay with PayPal' })
  await payPalButton.click()
  await page
    .frameLocator('iframe[title="PayPal"]')
    .getByRole('button', { name: 'Approve, card declined' })
    .click()
  await expect(main.getByText('Payment failed.')).toBeVisible()
  // Nothing chosen is lost, and the same held booking can be paid again.
  await expect(main.getByRole('radio', { name: 'Pay now with PayPal' })).toBeChecked()
  await payPalButton.click()
  await page.frameLocator('iframe[title="PayPal"]').getByRole('button', { name: 'Approve payment' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
  await main.getByRole('link', { name: 'See my booking' }).click()
  await expect(main.getByTestId('booking-status')).toHaveText('Paid')
  await expect(main.getByTestId('booking-payment')).toContainText('Paid')
})

test('a Stripe return that was never paid says Payment failed and leads back to the same checkout', async ({
  page,
}) => {
  await signUpRenter(page)
  await openCheckout(page, stay(page, 380))
  const checkoutUrl = page.url()
  const main = page.getByRole('main')
  await main.getByRole('radio', { name: 'Pay now by card' }).check()
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  const frame = page.locator('iframe[title="Stripe checkout"]')
  await expect(frame).toBeVisible()
  // Coming back without paying (a forged or early return): the server asks Stripe, which says unpaid.
  const sessionId = /embedded\/([^?]+)/.exec((await frame.getAttribute('src')) ?? '')?.[1]
  expect(sessionId).toMatch(/^cs_test_/)
  await page.goto(`/checkout-session/${sessionId}`)
  await expect(main.getByRole('alert')).toHaveText('Payment failed.')
  await main.getByRole('link', { name: 'Back to checkout' }).click()
  await expect(page).toHaveURL(checkoutUrl)
})

/** A property whose agency does not allow paying later (about a quarter of the demo's). */
const propertyWithoutPayLater = (page: Page, dates: Stay) =>
  propertyWhere(
    page.request,
    dates,
    ({ paymentMethods }) => !paymentMethods.includes('payLater') && paymentMethods.includes('stripe'),
  )

test('an agency without pay later: its stay is booked and paid by card, and another with PayPal', async ({
  page,
}) => {
  await signUpRenter(page)
  const main = page.getByRole('main')
  const byCard = stay(page, 500)
  const property = await propertyWithoutPayLater(page, byCard)
  await page.goto(`/checkout?property=${property}&from=${byCard.from}&to=${byCard.to}`)
  await expect(main.getByText('This agency does not allow paying later.')).toBeVisible()
  // Nights, as on the property page ('4 nights'), not days.
  await expect(main.getByText('Rental, 4 nights')).toBeVisible()
  await expect(main.getByText(/the agency takes no payment Haven offers/)).toHaveCount(0)
  // The first method offered is chosen: nothing stands between the renter and Book but the Terms.
  await expect(main.getByRole('radio', { name: 'Pay now by card' })).toBeChecked()
  await expect(main.getByRole('radio', { name: 'Pay later' })).toHaveCount(0)
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  const card = page.frameLocator('iframe[title="Stripe checkout"]')
  await card.getByLabel('Card number').fill('4242 4242 4242 4242')
  await card.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()

  const withPayPal = stay(page, 520)
  await page.goto(`/checkout?property=${property}&from=${withPayPal.from}&to=${withPayPal.to}`)
  await main.getByRole('radio', { name: 'Pay now with PayPal' }).check()
  await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
  await main.getByRole('button', { name: 'Book', exact: true }).click()
  await main.getByRole('button', { name: 'Pay with PayPal' }).click()
  await page.frameLocator('iframe[title="PayPal"]').getByRole('button', { name: 'Approve payment' }).click()
  // Card or PayPal, a payment taken says the same words.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
  await expect(main.getByRole('status')).toContainText('Thank you! Your booking is paid.')
})

test('dates from a link that cannot make a stay say why, and keep the property', async ({ page }) => {
  const main = page.getByRole('main')
  const { from } = stay(page, 30)
  for (const [dates, reason] of [
    [
      'from=2027-02-30&to=2027-03-04',
      'These dates do not make a stay. Choose a start date and a later end date.',
    ],
    [`from=${from}&to=${from}`, 'These dates do not make a stay. Choose a start date and a later end date.'],
    ['from=2020-01-10&to=2020-01-12', 'The stay cannot start in the past.'],
  ] as const) {
    await page.goto(`/checkout?property=7&${dates}`)
    await expect(main.getByRole('alert')).toHaveText(reason)
    await expect(main.getByRole('link', { name: 'Choose other dates' })).toHaveAttribute(
      'href',
      /\/property\?id=7/,
    )
  }
  await main.getByRole('link', { name: 'Choose other dates' }).click()
  await expect(page).toHaveURL(/\/property\?id=7/)
  // On the property, past dates are refused beside the field and cannot be booked.
  await page.goto('/property?id=7&from=2020-01-10&to=2020-01-12')
  await expect(main.getByText('The stay cannot start in the past.')).toBeVisible()
  await expect(main.getByRole('link', { name: 'Book', exact: true })).toHaveCount(0)
})

test("the property's calendar knows held nights: a stay over one says so before Book", async ({ page }) => {
  await signUpRenter(page)
  const held = stay(page, 420)
  const property = await propertyWhere(page.request, held, ({ paymentMethods }) =>
    paymentMethods.includes('payLater'),
  )
  await bookPayLater(page.request, property, held)
  const main = page.getByRole('main')
  await page.goto(`/property?id=${property}&from=${held.from}&to=${held.to}`)
  await expect(main.getByText('Some of these nights are already booked. Choose other dates.')).toBeVisible()
  await expect(main.getByRole('link', { name: 'Book', exact: true })).toHaveCount(0)
  // The nights after the held stay are free: priced and bookable.
  const after = stay(page, 424)
  await page.goto(`/property?id=${property}&from=${after.from}&to=${after.to}`)
  await expect(main.getByTestId('stay-total')).toBeVisible()
  await expect(main.getByRole('link', { name: 'Book', exact: true })).toBeVisible()
})

test('a renter’s own card payment is found again after a reload, in a second tab and through the back button, then paid', async ({
  page,
}) => {
  await signUpRenter(page)
  const dates = stay(page, 440)
  const property = await propertyWhere(page.request, dates, ({ paymentMethods }) =>
    paymentMethods.includes('stripe'),
  )
  const propertyPage = `/property?id=${property}&from=${dates.from}&to=${dates.to}`

  /** Book by card on the checkout `on` shows: the Stripe session its payment form is for. */
  const bookByCard = async (on: Page) => {
    const main = on.getByRole('main')
    await main.getByRole('radio', { name: 'Pay now by card' }).check()
    await main.getByRole('checkbox', { name: 'I accept the Terms of Use' }).check()
    await main.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(main.getByText(/Your stay is held for you until/)).toBeVisible()
    const frame = main.locator('iframe[title="Stripe checkout"]')
    await expect(frame).toBeVisible()
    return /embedded\/([^?]+)/.exec((await frame.getAttribute('src')) ?? '')?.[1]
  }
  /** The property page with the stay: bookable, its own held nights not booked to this renter. */
  const bookFromProperty = async () => {
    const main = page.getByRole('main')
    await expect(main.getByTestId('stay-total')).toBeVisible()
    await expect(main.getByText('Some of these nights are already booked. Choose other dates.')).toHaveCount(
      0,
    )
    await main.getByRole('link', { name: 'Book', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/checkout\\?.*from=${dates.from}`))
  }

  await page.goto(propertyPage)
  await bookFromProperty()
  const session = await bookByCard(page)
  expect(session).toMatch(/^cs_test_/)

  // A reload during the payment: Book again reaches the same payment.
  await page.reload()
  expect(await bookByCard(page)).toBe(session)

  // A second tab on the same checkout.
  const tab = await page.context().newPage()
  await tab.goto(page.url())
  expect(await bookByCard(tab)).toBe(session)
  await tab.close()

  // Back to the property page: its calendar does not show the renter's own hold as booked, and Book leads to
  // the same payment.
  await page.goBack()
  await expect(page).toHaveURL(/\/property\?/)
  await bookFromProperty()
  expect(await bookByCard(page)).toBe(session)

  const card = page.frameLocator('iframe[title="Stripe checkout"]')
  await card.getByLabel('Card number').fill('4242 4242 4242 4242')
  await card.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(new RegExp(`/checkout-session/${session}`))
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'See my booking' }).click()
  await expect(page.getByRole('main').getByTestId('booking-status')).toHaveText('Paid')
})
