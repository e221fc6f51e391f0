// Search, second pass (docs/product.md §4): sort and a price range that live in the URL, the count of matches,
// the phone's "Show N properties" and a map of the results. The filters are beside the results on a desktop and
// in a drawer on a phone: the tests that go through them there run on both projects (@layout).
import { expect, type Page, test } from './fixtures.ts'
import { hasWebGL2, isPhone } from './support.ts'

const cards = (page: Page) => page.getByTestId('search-results').getByRole('article')
const count = (page: Page) => page.getByTestId('results-count')

/** The number in "128 properties". */
async function shownCount(page: Page): Promise<number> {
  await expect(count(page)).toHaveText(/^\d+ propert(y|ies)$/)
  return Number((await count(page).innerText()).split(' ')[0])
}

/**
 * The price on each card, in USD as shown to a visitor who chose no other currency. Read as text content: a
 * card out of view is not drawn until it nears the screen, and an undrawn element's innerText is empty.
 */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).getByTestId('card-price').allTextContents()
  return texts.map((text) => Number(/[\d,]+(\.\d+)?/.exec(text)![0].replaceAll(',', '')))
}

async function openFilters(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: /Filters/ }).click()
}

test('sort and price range live in the URL, survive a reload, and the count says how many match @layout', async ({
  page,
}) => {
  await page.goto('/search')
  const everything = await shownCount(page)
  expect(everything).toBeGreaterThan(100)

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' })
  await expect(page).toHaveURL(/sort=priceAsc/)
  await expect.poll(async () => (await cardPrices(page)).length).toBeGreaterThan(1)
  const ascending = await cardPrices(page)
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b))

  // The URL changes at once; the screen keeps the results before (those of the lowest price alone, if the
  // highest came after a pause) until this search answers, the route waiting for it (src/offline/online.ts).
  const narrowedAnswer = page.waitForResponse((response) => {
    if (!response.url().endsWith('/api/properties/search')) return false
    const body = response.request().postDataJSON() as Record<string, unknown> | null
    return body?.minPrice === 100 && body.maxPrice === 500 && !body.cursor
  })
  await openFilters(page)
  const filters = page.getByRole('search', { name: 'Search filters' })
  await filters.getByLabel('Minimum').fill('100')
  await filters.getByLabel('Maximum').fill('500')
  await expect(page).toHaveURL(/minPrice=100/)
  await expect(page).toHaveURL(/maxPrice=500/)
  if (isPhone(page)) await page.getByRole('button', { name: /^Show \d+ propert/ }).click()
  const narrowed = ((await (await narrowedAnswer).json()) as { total: number }).total
  await expect(count(page)).toHaveText(`${narrowed} properties`)
  expect(narrowed).toBeLessThan(everything)
  expect(narrowed).toBeGreaterThan(0)

  await page.reload()
  await expect(page.getByLabel('Sort by')).toHaveValue('priceAsc')
  expect(await shownCount(page)).toBe(narrowed)
  const prices = await cardPrices(page)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(100)
    expect(price).toBeLessThanOrEqual(500)
  }
  await openFilters(page)
  await expect(filters.getByLabel('Minimum')).toHaveValue('100')
  await expect(filters.getByLabel('Maximum')).toHaveValue('500')
})

test('the map view shows the loaded results, and loads MapLibre only when opened', async ({ page }) => {
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.goto('/search?types=APARTMENT')
  await expect(cards(page).first()).toBeVisible()
  expect(requests.filter((url) => /maplibre/i.test(url))).toEqual([])

  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await expect(page).toHaveURL(/view=map/)
  const map = page.getByRole('group', { name: 'Map of the results' })
  await expect(map).toBeVisible()
  // Drawn where this Chromium has WebGL2, else said to be unavailable: never neither.
  const state = (await hasWebGL2(page))
    ? map.locator('[data-map-state="ready"]')
    : map.getByTestId('map-unavailable')
  await expect(state).toBeVisible({ timeout: 20_000 })
  expect(requests.some((url) => /maplibre/i.test(url))).toBe(true)
  await page.reload()
  await expect(page.getByRole('group', { name: 'Map of the results' })).toBeVisible()
  await page.getByRole('button', { name: 'List', exact: true }).click()
  await expect(cards(page).first()).toBeVisible()
})

test('on a phone, the filter drawer ends with "Show N properties", which closes it on that many results @phone', async ({
  page,
}) => {
  await page.goto('/search')
  await page.getByRole('button', { name: /Filters/ }).click()
  const drawer = page.getByRole('dialog', { name: 'Filters' })
  await drawer.getByText('Farm', { exact: true }).click()
  await expect(page).toHaveURL(/types=FARM/)
  const show = drawer.getByRole('button', { name: /^Show \d+ propert(y|ies)$/ })
  await expect(show).toBeVisible()
  const n = Number((await show.innerText()).split(' ')[1])
  expect(n).toBeGreaterThan(0)
  await show.click()
  await expect(drawer).toBeHidden()
  expect(await shownCount(page)).toBe(n)
  for (const card of await cards(page).all()) {
    await expect(card.locator('.mantine-Badge-root').first()).toHaveText(/^farm$/i)
  }
})

// A search that matches more than the server counts says "over 1,000", in English and French, and on a
// phone's filter drawer too: src/features/search/search-page.test.tsx (the API's answer is all it reads).

test('French listings are logements, and "7 j/7" stays on one line', async ({ page }) => {
  await page.goto('/search?l=fr')
  await expect(count(page)).toHaveText(/^\d+ logements?$/)
  await expect(page.getByRole('main')).not.toContainText(/propriét/i)
  await page.goto('/about?l=fr')
  // Playwright's text matching reads a non-breaking space as a space: the page's own text is read instead.
  const body = await page.getByRole('main').evaluate((main) => main.textContent ?? '')
  expect(body).toContain('24\u00a0h/24,\u00a07\u00a0j/7')
})

/** Dates a few weeks ahead, as a renter would pick them. */
const stayAhead = (days: number, nights: number) => {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  return { from: day(days), to: day(days + nights) }
}

test.describe('a search with dates', () => {
  const { from, to } = stayAhead(45, 5)
  const dated = `/search?from=${from}&to=${to}&sort=totalAsc`

  test.describe('as the server renders it', () => {
    test.use({ javaScriptEnabled: false })

    test('lists only what can be booked, each card priced for the stay (en and fr)', async ({ page }) => {
      for (const [language, nights, unbookable, anywhere] of [
        ['en', 'for 5 nights', /Unavailable|Sold out/, 'Anywhere · '],
        ['fr', 'pour 5 nuits', /Indisponible/, 'N’importe où · '],
      ] as const) {
        await page.goto(`${dated}&l=${language}`)
        await expect(cards(page)).toHaveCount(15)
        // The phone's summary of the search and the stay's price as each card's price are in the HTML.
        const summary = page.getByTestId('search-summary')
        await expect(summary).toContainText(anywhere)
        await expect(summary).toContainText(String(Number(to.slice(8))))
        for (const card of await cards(page).all()) {
          await expect(card.getByTestId('card-price')).toContainText(nights)
          await expect(card).not.toContainText(unbookable)
        }
      }
    })
  })

  // The filters are beside the results on a wide screen.
  test('on a phone, a line over the results says the place and dates, and opens the filters (en and fr) @phone', async ({
    page,
  }) => {
    const countries = await (await page.request.get('/api/countries-with-locations/en')).json()
    const paris = (countries as { locations: { _id: string; name: string }[] }[])
      .flatMap((country) => country.locations)
      .find((location) => location.name === 'Paris')!
    const [start, end] = [from, to].map((day) => Number(day.slice(8)))
    const month = (language: string) =>
      new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(
        new Date(`${from}T00:00Z`),
      )
    for (const [language, dialog] of [
      ['en', 'Filters'],
      ['fr', 'Filtres'],
    ] as const) {
      await page.goto(`/search?location=${paris._id}&from=${from}&to=${to}&l=${language}`)
      const summary = page.getByTestId('search-summary')
      // Both days and the month in words, whichever order the language writes them in.
      await expect(summary).toContainText(`Paris · `)
      for (const text of [String(start), String(end), month(language)])
        await expect(summary).toContainText(text)
      const first = cards(page).first()
      await expect(first).toBeVisible()
      const rect = (element: Element) => element.getBoundingClientRect().toJSON() as DOMRect
      const [line, card] = [await summary.evaluate(rect), await first.evaluate(rect)]
      expect(line.bottom).toBeLessThanOrEqual(card.top)
      expect(card.top).toBeLessThan(page.viewportSize()!.height)
      await summary.click()
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible()
    }
  })

  test('shows Available as its filter, and asked for all, prices no stay that cannot be booked', async ({
    page,
  }) => {
    await page.goto(dated)
    await expect(cards(page).first()).toContainText('for 5 nights')
    await openFilters(page)
    const availability = page
      .getByRole('search', { name: 'Search filters' })
      .getByRole('group', { name: 'Availability' })
    await expect(availability.getByRole('radio', { name: 'Available', exact: true })).toBeChecked()
    await availability.getByText('All', { exact: true }).click()
    await expect(page).toHaveURL(/availability=AVAILABLE%2CUNAVAILABLE/)
    await expect(availability.getByRole('radio', { name: 'All', exact: true })).toBeChecked()
    // Those that cannot be booked say why, and price no stay.
    await availability.getByText('Unavailable', { exact: true }).click()
    await expect(page).toHaveURL(/availability=UNAVAILABLE(&|$)/)
    if (isPhone(page)) await page.getByRole('button', { name: /^Show \d+ propert/ }).click()
    await expect(cards(page).first()).toContainText(/Unavailable|Sold out/)
    for (const card of await cards(page).all()) {
      await expect(card).toContainText(/Unavailable|Sold out/)
      await expect(card).not.toContainText(/for \d+ nights?/)
    }
  })
})
