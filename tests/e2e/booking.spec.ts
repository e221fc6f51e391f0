// The booking page as a traveller's companion (docs/product.md §12), online and then offline: the stay's
// days with their weekdays, the agency's e-mail and phone, directions for this device, what is owed, the
// calendar file made on the device, and the area's map from the service worker's cache.
import { readFile } from 'node:fs/promises'

import type { BookingDetail } from '../../src/contract/bookings.ts'
import { PHONE_MEDIA_QUERY } from '../../src/features/bookings/directions.ts'
import { type Download, expect, type Locator, type Page, test } from './fixtures.ts'
import {
  bookPayLater,
  hasWebGL2,
  persistedQueries,
  propertyWhere,
  signUpRenter,
  underServiceWorker,
} from './support.ts'

/** A stay of its own for each project: no other spec books these nights. */
function stay(page: Page) {
  const shift = (page.viewportSize()?.width ?? 1280) < 600 ? 460 : 440
  const day = (n: number) => new Date(Date.now() + (n + shift) * 86_400_000).toISOString().slice(0, 10)
  return { from: day(0), to: day(3) }
}

/** The file's content lines: folded lines (CRLF then a space) joined back. */
const unfolded = (file: string) => file.replace(/\r\n /g, '').split('\r\n')

/** The iCalendar TEXT form of a value (RFC 5545 §3.3.11). */
const icalText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n')

async function downloadCalendar(page: Page, main: Locator): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Add to calendar' }).click(),
  ])
  return download
}

/** Every fact the page shows of the booking, the same online and offline. */
async function expectCompanion(page: Page, booking: BookingDetail) {
  const main = page.getByRole('main')
  const { property, agency } = booking
  await expect(main.getByRole('heading', { level: 1, name: property.name })).toBeVisible({
    timeout: 30_000,
  })
  // The days as the browser's Intl writes them in English, with their weekdays.
  const [checkIn, checkOut] = await page.evaluate(
    (days) =>
      days.map((day) =>
        new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        ),
      ),
    [booking.from, booking.to],
  )
  await expect(main.getByTestId('booking-check-in')).toHaveText(`Check-in: ${checkIn}`)
  await expect(main.getByTestId('booking-check-out')).toHaveText(`Check-out: ${checkOut}`)
  expect(checkIn).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, /)
  await expect(main.getByTestId('booking-nights')).toHaveText('3 nights')

  await expect(main.getByRole('link', { name: agency.email })).toHaveAttribute(
    'href',
    `mailto:${agency.email}`,
  )
  await expect(main.getByRole('link', { name: agency.phone! })).toHaveAttribute(
    'href',
    `tel:${agency.phone!.replace(/[^\d+]/g, '')}`,
  )

  const { latitude, longitude } = property
  const directions = main.getByRole('link', { name: 'Directions' })
  const phone = await page.evaluate((query) => matchMedia(query).matches, PHONE_MEDIA_QUERY)
  if (phone) {
    await expect(directions).toHaveAttribute(
      'href',
      `geo:${latitude},${longitude}?q=${latitude},${longitude}(${encodeURIComponent(property.name)})`,
    )
  } else {
    await expect(directions).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`,
    )
    await expect(directions).toHaveAttribute('target', '_blank')
    await expect(directions).toHaveAttribute('rel', /noopener/)
  }

  await expect(main.getByTestId('booking-payment')).toContainText('To pay')

  const download = await downloadCalendar(page, main)
  expect(download.suggestedFilename()).toBe(`haven-booking-${booking._id}.ics`)
  const file = await readFile((await download.path())!, 'utf8')
  expect(file.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true)
  for (const line of file.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
  const lines = unfolded(file)
  expect(lines).toContain(`DTSTART;VALUE=DATE:${booking.from.replace(/-/g, '')}`)
  expect(lines).toContain(`DTEND;VALUE=DATE:${booking.to.replace(/-/g, '')}`)
  expect(lines).toContain(`SUMMARY:Stay at ${icalText(property.name)}`)
  expect(lines).toContain(`LOCATION:${icalText(property.address ?? property.location)}`)
  expect(lines.find((line) => line.startsWith('UID:'))).toMatch(new RegExp(`^UID:booking-${booking._id}@`))
  const description = lines.find((line) => line.startsWith('DESCRIPTION:'))
  expect(description).toContain(icalText(agency.email))
  expect(description).toContain(icalText(agency.phone!))
}

test('the booking page shows the stay, the agency’s contact, directions and a calendar file, offline too', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signUpRenter(page)
  const dates = stay(page)
  const propertyId = await propertyWhere(page.request, dates, (quote) =>
    quote.paymentMethods.includes('payLater'),
  )
  const bookingId = await bookPayLater(page.request, propertyId, dates)
  const answer = await page.request.get(`/api/booking/${bookingId}/en`)
  expect(answer.ok()).toBe(true)
  const booking = (await answer.json()) as BookingDetail
  // The demo data gives every agency a phone and every property its coordinates.
  expect(booking.agency.phone).not.toBeNull()
  expect(booking.property.latitude).not.toBeNull()

  await underServiceWorker(page)
  await page.goto(`/booking?id=${bookingId}`)
  await expectCompanion(page, booking)

  // The area's map draws from the basemap, which the service worker keeps for offline.
  const webgl = await hasWebGL2(page)
  const map = page.getByRole('group', { name: `Map of ${booking.property.name}` })
  await map.scrollIntoViewIfNeeded()
  if (webgl) {
    await expect(map.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('haven-basemap')
          return (await cache.keys()).map((request) => new URL(request.url).pathname)
        }),
      )
      .toEqual(
        expect.arrayContaining(['/map/style.json', '/map/countries.geojson', '/map/city-detail.geojson']),
      )
  } else {
    await expect(map.getByText('The map cannot be shown on this device.')).toBeVisible()
  }
  // The booking (and the map's settings) are on the device before the connection goes.
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('user')!) as { _id: string })._id)
  await expect
    .poll(() => persistedQueries(page, `haven-query-cache:${userId}`, 2))
    .toEqual(expect.arrayContaining([`booking/${bookingId}`, ...(webgl ? ['catalog/map-config'] : [])]))

  await context.setOffline(true)
  try {
    await page.reload()
    await expectCompanion(page, booking)
    await map.scrollIntoViewIfNeeded()
    if (webgl) await expect(map.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })
    else await expect(map.getByText('The map cannot be shown on this device.')).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})
