import sharp from 'sharp'

import { expect, type Locator, type Page, test } from './fixtures.ts'
import { expectPersisted, hasWebGL2 } from './support.ts'

// The map: MapLibre is never part of a first load, the basemap is Haven's own (127.0.0.1 only) and it
// still draws offline after one visit. Colours of server/services/map/basemap.ts.
const SEA = [0xc9, 0xe9, 0xee] as const
const LAND = [0xfd, 0xea, 0xcb] as const

const mapRegion = (page: Page) => page.getByRole('group', { name: 'Map of destinations' })

/** Share of the element's pixels close to a colour, from a screenshot (WebGL buffers cannot be read back). */
async function shareOf(element: Locator, colour: readonly [number, number, number]): Promise<number> {
  const { data, info } = await sharp(await element.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  let near = 0
  for (let i = 0; i < data.length; i += info.channels) {
    const distance =
      Math.abs(data[i]! - colour[0]) + Math.abs(data[i + 1]! - colour[1]) + Math.abs(data[i + 2]! - colour[2])
    if (distance < 24) near += 1
  }
  return near / (info.width * info.height)
}

/** Scrolls to the map and waits for it to draw, or for its message when this browser cannot draw it. */
async function expectMapShown(page: Page, webgl: boolean) {
  const region = mapRegion(page)
  // The home page's map section comes (code and data) as it nears the screen.
  await page.getByRole('heading', { name: 'Map of destinations' }).scrollIntoViewIfNeeded()
  await region.scrollIntoViewIfNeeded()
  if (webgl) {
    await expect(region.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })
    await expect(region.locator('canvas')).toBeVisible()
    // The basemap really drew: both sea and land are on screen, in the brand's colours.
    await expect.poll(() => shareOf(region, SEA)).toBeGreaterThan(0.05)
    await expect.poll(() => shareOf(region, LAND)).toBeGreaterThan(0.05)
  } else {
    await expect(region.getByText('The map cannot be shown on this device.')).toBeVisible()
  }
}

test('the home page loads MapLibre only when the map comes near, from 127.0.0.1 only', async ({
  page,
  context,
  baseURL,
}) => {
  const pageRequests: string[] = []
  page.on('request', (request) => pageRequests.push(request.url()))
  // Everything: the page, its MapLibre worker and the service worker.
  const allRequests: string[] = []
  context.on('request', (request) => allRequests.push(request.url()))

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(pageRequests.filter((url) => url.includes('maplibre'))).toEqual([])
  expect(pageRequests.filter((url) => new URL(url).pathname.startsWith('/map/'))).toEqual([])

  const webgl = await hasWebGL2(page)
  const maplibre = page.waitForRequest((request) => request.url().includes('maplibre'))
  await page.getByRole('heading', { name: 'Map of destinations' }).scrollIntoViewIfNeeded()
  await mapRegion(page).scrollIntoViewIfNeeded()
  if (webgl) await maplibre
  await expectMapShown(page, webgl)

  if (webgl) {
    const mapPaths = allRequests
      .map((url) => new URL(url).pathname)
      .filter((path) => path.startsWith('/map/'))
    expect(mapPaths).toEqual(expect.arrayContaining(['/map/style.json', '/map/countries.geojson']))
  }
  const origin = new URL(baseURL!).origin
  const elsewhere = allRequests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin)
  expect(elsewhere).toEqual([])
})

/** The pin of a place, opening the clusters that hold it (each press zooms in on its members). */
async function revealPin(page: Page, name: string): Promise<Locator> {
  const region = mapRegion(page)
  const pin = region.getByRole('button', { name: new RegExp(`^${name}, `) })
  for (let tries = 0; tries < 6 && !(await pin.count()); tries += 1) {
    const cluster = region.getByRole('button', { name: new RegExp(`^\\d+ places: .*\\b${name}\\b`) })
    await expect(cluster).toHaveCount(1)
    const members = await cluster.getAttribute('aria-label')
    await cluster.focus()
    await page.keyboard.press('Enter')
    // The map zooms in, then regroups: the place has its own pin or a smaller group.
    const labels = () =>
      region
        .locator('button[aria-label]')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
    await expect
      .poll(async () => {
        const now = await labels()
        return now.some((label) => label?.startsWith(`${name}, `)) || !now.includes(members)
      })
      .toBe(true)
  }
  await expect(pin).toBeAttached()
  return pin
}

test("a marker's popup links to a search for its location", async ({ page }) => {
  await page.goto('/')
  const webgl = await hasWebGL2(page)
  test.skip(!webgl, 'This browser has no WebGL 2: the map shows its message instead (first test).')
  await expectMapShown(page, webgl)

  // Markers are buttons: reachable with Tab, opened with Enter. Pins too close together share a numbered
  // button that zooms in on them: open those that hold London until its own pin shows.
  const london = await revealPin(page, 'London')
  await london.focus()
  await page.keyboard.press('Enter')
  const link = mapRegion(page).getByRole('link', { name: 'Properties in London' })
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('href', /^\/search\?location=\d+$/)
  const href = (await link.getAttribute('href'))!

  await link.click()
  await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`))
  const cards = page.getByTestId('search-results').getByRole('article')
  await expect(cards.first()).toBeVisible()
  for (const place of await cards.locator('p').allTextContents()) {
    expect(['Sydney', 'Paris', 'New York', 'Bordeaux']).not.toContain(place)
  }
})

test('after a first visit, the map still draws offline from the service worker cache', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  const webgl = await hasWebGL2(page)
  // Seen once online, through the service worker: the basemap lands in its cache.
  await expectMapShown(page, webgl)
  // The destinations (and the map's config, when it drew) have reached the persisted query cache.
  await expectPersisted(page, webgl ? ['catalog/countries', 'catalog/map-config'] : ['catalog/countries'])

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectMapShown(page, webgl)
    // Pins (or the clusters holding them) are there offline too.
    await expect(mapRegion(page).getByRole('button', { name: /London/ })).toBeAttached()
  } finally {
    await context.setOffline(false)
  }
})

const MAP_TEXTS = {
  en: {
    region: 'Map of the results',
    note: 'Simplified map: coasts, borders and place names, no streets.',
    perTerm: / \/ (day|week|month|year)$/,
  },
  fr: {
    region: 'Carte des résultats',
    note: 'Carte simplifiée\u00a0: côtes, frontières et noms de lieux, sans les rues.',
    perTerm: / \/ (jour|semaine|mois|an)$/,
  },
} as const

for (const language of ['en', 'fr'] as const) {
  test(`the search map's pins carry the stay's price with dates, the price per term without, and the map says what it is (${language})`, async ({
    page,
  }) => {
    const texts = MAP_TEXTS[language]
    const countries = (await (
      await page.request.get(`/api/countries-with-locations/${language}`)
    ).json()) as { locations: { _id: string; name: string }[] }[]
    const paris = countries.flatMap((country) => country.locations).find((place) => place.name === 'Paris')!
    for (const dated of [true, false]) {
      const dates = dated ? '&from=2027-03-10&to=2027-03-17' : ''
      await page.goto(`/search?view=map&location=${paris._id}${dates}&l=${language}`)
      const webgl = await hasWebGL2(page)
      test.skip(!webgl, 'This browser has no WebGL 2: the map shows its message instead (first test).')
      const map = page.getByRole('group', { name: texts.region })
      await map.scrollIntoViewIfNeeded()
      await expect(map.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })
      // Haven's own basemap says plainly, on the map, that it has no streets.
      await expect(map.getByTestId('map-note')).toHaveText(texts.note)
      const pins = map.locator('button[data-kind="property"]')
      await expect(pins.first()).toBeVisible()
      for (const pin of await pins.all()) {
        const price = (await pin.textContent()) ?? ''
        // An amount as the app writes money: digits, with its currency's symbol.
        expect(price).toMatch(/\d/)
        expect(price).toMatch(/[$€£]/)
        if (dated) expect(price).not.toContain('/')
        else expect(price).toMatch(texts.perTerm)
        // Read out with the property's name.
        expect(await pin.getAttribute('aria-label')).toMatch(
          new RegExp(`, ${price.replace(/[$/]/g, '\\$&')}$`),
        )
      }
    }
  })
}
