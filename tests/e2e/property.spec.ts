// The property screen as a renter uses it on a phone and a desktop: the booking bar always in reach (phone
// only), photos that swipe and open full screen, and a map that shows the town the property is in. The photos
// behave alike at any width: the desktop project runs that test alone (playwright.config.ts).
import { countryWithLocationsSchema, propertyPageSchema } from '../../src/contract/catalog.ts'
import type { Language } from '../../src/domain/enums.ts'
import { z } from '../../src/domain/zod-mini.ts'
import { formatFullDay } from '../../src/lib/day.ts'
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures.ts'
import { bookPayLater, hasWebGL2, isPhone, propertyWhere, signUpRenter } from './support.ts'

/** Dates a few weeks ahead, as a renter would pick them. */
function stay(offsetDays: number, nights: number) {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  return { from: day(offsetDays), to: day(offsetDays + nights) }
}

/** A property of Lyon (a city with no other seeded place near it) that can be booked and has photos. */
async function bookableInLyon(request: APIRequestContext) {
  const countries = z
    .array(countryWithLocationsSchema)
    .parse(await (await request.get('/api/countries-with-locations/en')).json())
  const lyon = countries.flatMap((country) => country.locations).find((place) => place.name === 'Lyon')
  expect(lyon, 'Lyon among the destinations').toBeDefined()
  const page = propertyPageSchema.parse(
    await (
      await request.post('/api/properties/search', {
        data: { size: 50, language: 'en', locations: [lyon!._id], availability: ['AVAILABLE'] },
      })
    ).json(),
  )
  const summary = page.items.find((property) => property.available && !property.soldOut)
  expect(summary, 'a bookable property in Lyon').toBeDefined()
  const property = (await (await request.get(`/api/property/${summary!._id}/en`)).json()) as {
    _id: string
    name: string
    images: unknown[]
    latitude: number | null
  }
  expect(property.images.length, 'a property with several photos').toBeGreaterThan(2)
  expect(property.latitude, 'a property with a position').not.toBeNull()
  return property
}

const bar = (page: Page) => page.getByRole('complementary', { name: 'Book this property' })

test('Book is always in reach on a phone, carries the dates to checkout, and hides nothing @layout', async ({
  page,
  request,
}) => {
  const property = await bookableInLyon(request)
  await page.goto(`/property?id=${property._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(property.name)
  if (!isPhone(page)) {
    // The booking panel is beside the photos and the description, and stays in view as they scroll: no bar.
    await expect(page.getByTestId('stay-total').or(page.getByText('Choose your dates'))).toBeVisible()
    await expect(bar(page)).toBeHidden()
    const book = page.getByRole('button', { name: 'Book' })
    const about = page.getByRole('heading', { name: 'About this property' })
    expect((await book.boundingBox())!.x).toBeGreaterThan((await about.boundingBox())!.x + 400)
    await page.getByText('Offered by').scrollIntoViewIfNeeded()
    await expect(about).not.toBeInViewport()
    await expect(book).toBeInViewport()
    return
  }
  await expect(bar(page)).toBeVisible()
  await expect(bar(page)).toContainText(/\/ (day|week|month|year)/)
  // Without dates, Book takes the renter to the dates.
  await bar(page).getByRole('button', { name: 'Book' }).click()
  await expect(page.getByLabel('From')).toBeFocused()

  const { from, to } = stay(30, 4)
  await page.goto(`/property?id=${property._id}&from=${from}&to=${to}`)
  await expect(page.getByTestId('stay-total')).toBeAttached()
  const total = await page.getByTestId('stay-total').textContent()
  await expect(bar(page)).toContainText(total!)
  await expect(bar(page)).toContainText('4 nights')

  // Scrolled to the very end, the footer's last link is above the bar, not under it. One scroll, at once: the
  // End key's scroll is animated, and one CI run's trace ended 550 px short of the end (8 px after End, 1609
  // after the scroll, then 1059), most likely that animation going on after the scroll (not reproduced).
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  )
  const lastLink = page.getByRole('contentinfo').getByRole('link').last()
  await expect(lastLink).toBeInViewport()
  const linkBox = (await lastLink.boundingBox())!
  const barBox = (await bar(page).boundingBox())!
  expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(barBox.y)

  await bar(page).getByRole('link', { name: 'Book' }).click()
  await expect(page).toHaveURL(/\/checkout\?/)
  const url = new URL(page.url())
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ property: property._id, from, to })
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
})

// A toast at the foot of a phone's screen rises above the booking bar.
test('on a phone, a toast shown on a property stands above the booking bar @phone', async ({
  page,
  request,
}) => {
  const property = await bookableInLyon(request)
  // The first visit installs the service worker, which says so at the foot of the screen.
  await page.goto(`/property?id=${property._id}`)
  const toast = page.getByText('Ready to work offline')
  await expect(toast).toBeVisible()
  await expect(bar(page)).toBeVisible()
  const toastBox = (await toast.boundingBox())!
  const barBox = (await bar(page).boundingBox())!
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y)
})

/** Records, from now on, each thumbnail that becomes the current one, by its name. */
async function thumbnailsMarkedCurrent(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const record = window as unknown as { markedCurrent: string[] }
    record.markedCurrent = []
    const list = document.querySelector('ul[aria-label="Photos"]')!
    new MutationObserver((changes) => {
      for (const change of changes) {
        const button = change.target as HTMLElement
        if (button.getAttribute('aria-current') === 'true') {
          record.markedCurrent.push(button.getAttribute('aria-label') ?? '')
        }
      }
    }).observe(list, { subtree: true, attributes: true, attributeFilter: ['aria-current'] })
  })
  return () => page.evaluate(() => (window as unknown as { markedCurrent: string[] }).markedCurrent)
}

test('photos move with Next and a swipe, and open full screen until Escape', async ({ page, request }) => {
  const property = await bookableInLyon(request)
  const total = property.images.length
  await page.goto(`/property?id=${property._id}`)
  const strip = page.getByRole('group', { name: `Photos of ${property.name}` })
  const thumbnail = (n: number) => page.getByRole('button', { name: `Photo ${n} of ${total}`, exact: true })

  // The first photo is the largest paint: asked for first, never lazily.
  const first = strip.getByRole('img', { name: `${property.name}, photo 1 of ${total}` })
  await expect(first).toHaveAttribute('fetchpriority', 'high')
  await expect(first).not.toHaveAttribute('loading', 'lazy')
  await expect(thumbnail(1)).toHaveAttribute('aria-current', 'true')

  await page.getByRole('button', { name: 'Next photo' }).click()
  await expect(thumbnail(2)).toHaveAttribute('aria-current', 'true')
  await expect(thumbnail(1)).toHaveAttribute('aria-current', 'false')
  await expect(strip.getByRole('img', { name: `${property.name}, photo 2 of ${total}` })).toBeInViewport()
  // The strip comes to rest on photo 2 (it scrolls there smoothly): a swipe made while it still moves is the
  // browser's to merge with that scroll, and may end on photo 2.
  await expect
    .poll(() => strip.evaluate((element) => Math.abs(element.scrollLeft - element.clientWidth) < 1))
    .toBe(true)

  // A sideways swipe (a touchpad's on a desktop) snaps to the next photo.
  await strip.hover()
  await page.mouse.wheel(400, 0)
  await expect(thumbnail(3)).toHaveAttribute('aria-current', 'true')

  // A thumbnail shows its photo. The strip scrolls smoothly back past photo 2: the page goes straight to
  // photo 1, never to the photos it passes (the full-screen viewer opened then would show one of them).
  const marked = await thumbnailsMarkedCurrent(page)
  await thumbnail(1).click()
  await expect(thumbnail(1)).toHaveAttribute('aria-current', 'true')
  await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBe(0)
  expect(await marked()).toEqual([`Photo 1 of ${total}`])

  const fullScreen = page.getByRole('button', { name: `View photo 1 of ${total} full screen` })
  await fullScreen.click()
  const viewer = page.getByRole('dialog', { name: `Photo 1 of ${total}` })
  await expect(viewer).toBeVisible()
  await expect(viewer.getByRole('img', { name: `${property.name}, photo 1 of ${total}` })).toBeVisible()
  await viewer.getByRole('button', { name: 'Next photo' }).click()
  await expect(page.getByRole('dialog', { name: `Photo 2 of ${total}` })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('dialog', { name: `Photo 3 of ${total}` })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  // Focus comes back where it was, and the page shows the photo last seen.
  await expect(page.getByRole('button', { name: `View photo 3 of ${total} full screen` })).toBeFocused()
  await expect(thumbnail(3)).toHaveAttribute('aria-current', 'true')
})

// On both projects: a phone's map is the screen's width, and the popup's button is for a finger there.
test("the map at property zoom names the property's city, and its popup closes with a 44 px button @layout", async ({
  page,
  request,
}) => {
  const property = await bookableInLyon(request)
  await page.goto(`/property?id=${property._id}`)
  const webgl = await hasWebGL2(page)
  test.skip(!webgl, 'This browser has no WebGL 2: the map shows its message instead (map.spec.ts).')
  const map = page.getByRole('group', { name: `Map of ${property.name}` })
  await page.getByRole('heading', { name: 'Where it is' }).scrollIntoViewIfNeeded()
  await map.scrollIntoViewIfNeeded()
  await expect(map.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })
  await expect(map.getByTestId('map-place').filter({ hasText: /^Lyon$/ })).toBeInViewport()

  const pin = map.getByRole('button', {
    name: new RegExp(`^${property.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  })
  // The property is in the middle of its map, clear of the controls and of the credits, which start folded.
  const [frame, spot] = [(await map.boundingBox())!, (await pin.boundingBox())!]
  expect(Math.abs(spot.x + spot.width / 2 - (frame.x + frame.width / 2))).toBeLessThan(frame.width / 8)
  expect(Math.abs(spot.y + spot.height / 2 - (frame.y + frame.height / 2))).toBeLessThan(frame.height / 8)
  await expect(map.getByText('Natural Earth, via world-atlas')).toBeHidden()
  await map.getByTitle('Show or hide the map credits').click()
  await expect(map.getByText('Natural Earth, via world-atlas')).toBeVisible()
  await map.getByTitle('Show or hide the map credits').click()

  await pin.click()
  const close = map.getByRole('button', { name: 'Close' })
  await expect(close).toBeVisible()
  const box = (await close.boundingBox())!
  expect(box.width).toBeGreaterThanOrEqual(44)
  expect(box.height).toBeGreaterThanOrEqual(44)
  await close.click()
  await expect(close).toBeHidden()
})

test('booked nights look booked in the calendar, and Book says the dates are booked @layout', async ({
  page,
}) => {
  // Nights of their own for each project (days ahead that no other spec books: the quote does not say a night
  // is taken), from the first 10th of a month on: a stay from the 11th opens the calendar on a month that shows
  // them all, where a stay across a month's end would show some on another page.
  const start = new Date(Date.now() + (isPhone(page) ? 656 : 546) * 86_400_000)
  const later = start.getUTCDate() > 10
  start.setUTCDate(10)
  if (later) start.setUTCMonth(start.getUTCMonth() + 1)
  const day = (n: number) => new Date(start.getTime() + n * 86_400_000).toISOString().slice(0, 10)
  await signUpRenter(page)
  const held = { from: day(0), to: day(3) }
  const propertyId = await propertyWhere(page.request, held, (quote) =>
    quote.paymentMethods.includes('payLater'),
  )
  await bookPayLater(page.request, propertyId, held)
  /** The calendar's day `n`, as booked: other renters' stays (other tests') may be in the same month too. */
  const bookedDay = (calendar: Locator, n: number, language: Language, word: string) =>
    calendar.getByRole('button', { name: `${formatFullDay(day(n), language)}, ${word}`, exact: true })

  // A stay over the second and third of those nights.
  await page.goto(`/property?id=${propertyId}&from=${day(1)}&to=${day(5)}`)
  await expect(page.getByText('Some of these nights are already booked. Choose other dates.')).toBeVisible()
  if (isPhone(page)) {
    await expect(bar(page)).toContainText('These dates are booked.')
    await expect(bar(page).getByRole('link', { name: 'Book' })).toHaveCount(0)
    await bar(page).getByRole('button', { name: 'Other dates' }).click()
    await expect(page.getByLabel('From')).toBeFocused()
  } else {
    await expect(page.getByRole('button', { name: 'Book' })).toBeDisabled()
  }

  await page.getByRole('button', { name: 'Choose dates on a calendar' }).first().click()
  const calendar = page.getByRole('dialog', { name: 'Your stay' })
  // The three nights held, and not the check-out day, which the next stay may start on.
  for (const n of [0, 1, 2]) await expect(bookedDay(calendar, n, 'en', 'Booked')).toBeDisabled()
  await expect(bookedDay(calendar, 3, 'en', 'Booked')).toHaveCount(0)
  await expect(calendar.getByText('Booked', { exact: true })).toBeVisible()
  // Not faded as a past day is: a look of its own.
  const look = await bookedDay(calendar, 1, 'en', 'Booked').evaluate((element) => {
    const style = getComputedStyle(element)
    return { opacity: style.opacity, background: style.backgroundImage, line: style.textDecorationLine }
  })
  expect(look).toEqual({
    opacity: '1',
    background: expect.stringContaining('gradient'),
    line: 'line-through',
  })

  await page.goto(`/property?id=${propertyId}&from=${day(1)}&to=${day(5)}&l=fr`)
  await expect(page.getByText(/Certaines de ces nuits sont déjà réservées/)).toBeVisible()
  await page.getByRole('button', { name: 'Choisir les dates sur un calendrier' }).first().click()
  const calendrier = page.getByRole('dialog')
  for (const n of [0, 1, 2]) await expect(bookedDay(calendrier, n, 'fr', 'Réservé')).toBeDisabled()
})
