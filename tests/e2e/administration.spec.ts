// Administration (docs/product.md §16), run from the back office by the demo administrator: a renter suspended
// and let back in, an agency created that activates itself from its e-mail and lists a property, and a new
// place that a visitor then finds. Two journeys, so that the suite's time stays short.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'

import { expect, test } from './fixtures.ts'
import { DEMO_ACCOUNT, linkFromMail, signInAsDemo } from './support.ts'

const ADMIN = { email: 'admin@haven.test', password: 'haven-demo', name: 'Sam Haven' }
const RENTER_NAME = 'Camille Martin'

async function noSeriousViolation(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
}

/** Signs the administrator in at the back office's sign-in: the first screen is the platform at a glance. */
async function signInAdmin(page: Page) {
  await page.goto('/admin/sign-in')
  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel(/^Password/).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/overview$/)
  await expect(page.getByRole('heading', { name: 'The platform at a glance', level: 1 })).toBeVisible()
  await expect(page.getByTestId('bookings-by-status')).toBeVisible()
}

/** Confirms the act a button of the page names, in the dialog it opens. */
async function confirmAct(page: Page, label: string) {
  await page.getByRole('button', { name: label, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: label })
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog).toBeHidden()
}

/** The renter's sign-in at /sign-in, as a renter types it. */
async function renterSignsIn(page: Page) {
  await page.goto('/sign-in')
  const main = page.getByRole('main')
  await main.getByLabel('E-mail').fill(DEMO_ACCOUNT.email)
  await main.getByLabel(/^Password/).fill(DEMO_ACCOUNT.password)
  await main.getByRole('button', { name: 'Sign in' }).click()
}

test('an administrator suspends the demo renter, whose open app is signed out, then lifts it', async ({
  page,
  browser,
}) => {
  const renterContext = await browser.newContext()
  const renter = await renterContext.newPage()
  await signInAsDemo(renter)
  await renter.goto('/bookings')
  await expect(renter.getByRole('heading', { name: 'My bookings', level: 1 })).toBeVisible()

  await signInAdmin(page)
  await noSeriousViolation(page)
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click()
  await page.getByRole('textbox', { name: 'Name or e-mail' }).fill(DEMO_ACCOUNT.email)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/admin\/users\?keyword=renter%40haven\.test$/)
  await noSeriousViolation(page)
  await page.getByRole('link', { name: RENTER_NAME }).click()
  await expect(page.getByRole('heading', { name: RENTER_NAME, level: 1 })).toBeVisible()
  const renterId = /\/admin\/users\/(\d+)$/.exec(page.url())![1]!
  try {
    await confirmAct(page, 'Suspend')
    await expect(page.getByRole('status')).toHaveText(
      'The account is suspended: every session of it has ended.',
    )
    await expect(page.getByTestId('user-state')).toHaveText('Suspended')
    await expect(page.getByTestId('acts-record')).toContainText('Suspended')
    await noSeriousViolation(page)

    // The renter's open app, without a page load: its next call is refused, it is signed out, and the screen
    // that needs a user sends it to sign-in.
    await renter
      .getByRole('banner')
      .getByRole('link', { name: /^Notifications/ })
      .click()
    await expect(renter.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
    await expect(renter).toHaveURL(/\/sign-in\?redirect=/)
    await renterSignsIn(renter)
    await expect(renter.getByText('Your account is suspended.')).toBeVisible()

    await confirmAct(page, 'Lift the suspension')
    await expect(page.getByRole('status')).toHaveText(
      'The suspension is lifted: the renter can sign in again.',
    )
    await expect(page.getByTestId('user-state')).toHaveText('Active')
  } finally {
    // The demo renter is every other spec's: never left suspended by a failure here.
    await page.request.post(`/api/admin/lift-suspension/${renterId}`)
  }

  const again = await browser.newContext()
  const renterAgain = await again.newPage()
  await renterSignsIn(renterAgain)
  await expect(renterAgain).toHaveURL(/\/$/)
  await renterAgain.goto('/bookings')
  await expect(renterAgain.getByRole('heading', { name: 'My bookings', level: 1 })).toBeVisible()
  await expect(renterAgain.getByText('Your account is suspended.')).toHaveCount(0)
  await Promise.all([renterContext.close(), again.close()])
})

test('an administrator adds a place and an agency; the agency activates itself, lists a property there, and a visitor finds the place', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36)
  const place = `Testville ${suffix}`
  const agency = {
    name: `Harbour Keys ${suffix}`,
    email: `keys-${suffix}@haven.test`,
    password: 'keys-secret',
  }

  await signInAdmin(page)
  const nav = page.getByRole('navigation', { name: 'Back office' })

  // A place: its names in English and French and its coordinates.
  await nav.getByRole('link', { name: 'Places' }).click()
  const addPlace = page.getByRole('region', { name: 'Add a place' })
  await addPlace.getByLabel(/^Country/).click()
  await page.getByRole('option', { name: 'France', exact: true }).click()
  await addPlace.getByLabel(/^Name in English/).fill(place)
  await addPlace.getByLabel(/^Name in French/).fill(place)
  await addPlace.getByLabel(/^Latitude/).fill('45.9')
  await addPlace.getByLabel(/^Longitude/).fill('6.12')
  await addPlace.getByRole('button', { name: 'Add the place' }).click()
  await expect(page.getByText('The place is added.')).toBeVisible()
  await noSeriousViolation(page)
  await page.getByRole('link', { name: place }).click()
  await expect(page.getByRole('heading', { name: place, level: 1 })).toBeVisible()
  const locationId = /\/admin\/places\/locations\/(\d+)$/.exec(page.url())![1]!
  await expect(page.getByTestId('acts-record')).toContainText('Place created')

  // An agency, with its logo; its account gets the activation e-mail.
  await nav.getByRole('link', { name: 'Agencies' }).click()
  await page.getByRole('link', { name: 'Create an agency' }).click()
  await expect(page.getByRole('heading', { name: 'Create an agency', level: 1 })).toBeVisible()
  // The countries are read first: the form is whole once they are.
  await expect(page.getByRole('combobox', { name: 'Countries served' })).toBeEnabled()
  await page.getByLabel(/^Name/).fill(agency.name)
  await page.getByLabel(/^E-mail/).fill(agency.email)
  await page.getByRole('combobox', { name: 'Countries served' }).click()
  await page.getByRole('option', { name: 'France', exact: true }).click()
  await page.keyboard.press('Escape')
  await noSeriousViolation(page)
  await page.getByRole('button', { name: 'Create the agency' }).click()
  await expect(page.getByRole('heading', { name: agency.name, level: 1 })).toBeVisible()
  await expect(page.getByTestId('agency-state')).toHaveText('Not activated')
  const logo = await sharp({ create: { width: 240, height: 120, channels: 3, background: '#1c6e8c' } })
    .png()
    .toBuffer()
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
  await expect(page.getByRole('status')).toHaveText('The logo is changed.')
  await expect(page.getByTestId('acts-record')).toContainText('Agency created')
  await expect(page.getByTestId('acts-record')).toContainText('Logo changed')

  // The agency chooses its password from its e-mail, and signs in to the back office.
  const activation = await browser.newContext()
  const link = await activation.newPage()
  await link.goto(await linkFromMail(agency.email, '/admin/activate'))
  await link.getByLabel(/^New password/).fill(agency.password)
  await link.getByLabel(/^Confirm password/).fill(agency.password)
  await link.getByRole('button', { name: 'Activate my account' }).click()
  await expect(link.getByText('Your password is set and your account is active.')).toBeVisible()
  await activation.close()
  // The link's page is signed in; the agency signs in again in a browser of its own, with its new password.
  const agencyContext = await browser.newContext()
  const office = await agencyContext.newPage()
  await office.goto('/admin/sign-in')
  await office.getByLabel('E-mail').fill(agency.email)
  await office.getByLabel(/^Password/).fill(agency.password)
  await office.getByRole('button', { name: 'Sign in' }).click()
  await expect(office).toHaveURL(/\/admin$/)
  await expect(office.getByTestId('staff-name')).toHaveText(agency.name)

  // The property form is another screen's: the agency lists its property through the listing calls, sent
  // from its back office's page (its session cookie is the page's).
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c8a060' } })
    .png()
    .toBuffer()
  const listed = await office.evaluate(
    async ({ photo, fields }) => {
      const bytes = Uint8Array.from(atob(photo), (char) => char.charCodeAt(0))
      const upload = new FormData()
      upload.append('file', new Blob([bytes], { type: 'image/png' }), 'house.png')
      const image = await fetch('/api/back-office/property-images', { method: 'POST', body: upload })
      if (!image.ok) return { step: 'image', status: image.status, body: await image.text() }
      const { file } = (await image.json()) as { file: string }
      const property = await fetch('/api/back-office/properties', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...fields, images: [file] }),
      })
      return { step: 'property', status: property.status, body: await property.text() }
    },
    {
      photo: photo.toString('base64'),
      fields: {
        name: `Lake house ${suffix}`,
        locationId,
        type: 'HOUSE',
        rentalTerm: 'DAILY',
        price: 140,
        minimumAge: 21,
        address: null,
        descriptionEn: 'A house by the lake.',
        descriptionFr: 'Une maison au bord du lac.',
        bedrooms: 2,
        bathrooms: 1,
        kitchens: 1,
        parkingSpaces: 1,
        size: null,
        aircon: false,
        furnished: true,
        petsAllowed: false,
        available: true,
        soldOut: false,
        hidden: false,
        cancellation: 0,
        amendments: 0,
        latitude: null,
        longitude: null,
      },
    },
  )
  expect(listed, listed.body).toMatchObject({ step: 'property', status: 200 })
  await agencyContext.close()
  const propertyId = (JSON.parse(listed.body) as { _id: string })._id

  try {
    // A visitor finds the place among the destinations.
    const visitorContext = await browser.newContext()
    const visitor = await visitorContext.newPage()
    await visitor.goto('/destinations')
    await expect(visitor.getByRole('link', { name: new RegExp(place) }).first()).toBeVisible()
    await visitorContext.close()
  } finally {
    // Never left for the specs after this one: their searches list the newest property first, and this one
    // has one photo and no coordinates.
    expect((await page.request.delete(`/api/back-office/properties/${propertyId}`)).status()).toBe(200)
  }
})
