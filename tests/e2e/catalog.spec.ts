import { propertyPageSchema } from '../../src/contract/catalog.ts'
import { expect, type Page, test } from './fixtures.ts'
import { isPhone } from './support.ts'

/** Dates a few weeks ahead, as a renter would pick them. */
function stay(offsetDays: number, nights: number) {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  return { from: day(offsetDays), to: day(offsetDays + nights) }
}

const cards = (page: Page) => page.getByTestId('search-results').getByRole('article')

test('home → search with a place and dates → filters → more on scroll → property → Book carries the stay', async ({
  page,
  request,
}) => {
  const { from, to } = stay(40, 5)
  await page.goto('/')
  const hero = page.getByRole('search', { name: 'Search properties' })
  await hero.getByLabel('Location').selectOption({ label: 'London' })
  await hero.getByLabel('From').fill(from)
  await hero.getByLabel('To').fill(to)
  await hero.getByRole('button', { name: 'Search' }).click()

  await expect(page).toHaveURL(new RegExp(`/search\\?.*from=${from}`))
  await expect(page).toHaveURL(/location=\d+/)
  await expect(cards(page).first()).toBeVisible()
  // London includes Camden, its child location; nothing else (every card's text, drawn or not yet).
  const places = await cards(page).locator('p').allTextContents()
  expect(places.some((text) => text === 'London' || text === 'Camden')).toBe(true)
  for (const text of places) expect(['Sydney', 'Paris', 'New York', 'Bordeaux']).not.toContain(text)
  // Prices for the whole stay are shown on the cards.
  await expect(cards(page).first()).toContainText('for 5 nights')

  // A filter lands in the URL and narrows the results.
  await page.goto(`/search?from=${from}&to=${to}`)
  // Desktop shows the filters beside the results; a phone opens them from a button, then shows the results.
  if (isPhone(page)) await page.getByRole('button', { name: /Filters/ }).click()
  await page.getByRole('search', { name: 'Search filters' }).getByText('House', { exact: true }).click()
  await expect(page).toHaveURL(/types=HOUSE/)
  if (isPhone(page)) await page.getByRole('button', { name: /^Show \d+ propert/ }).click()
  await expect(cards(page).first()).toBeVisible()
  // Every card shown is a house (the type is each card's first badge).
  for (const card of await cards(page).all()) {
    await expect(card.locator('.mantine-Badge-root').first()).toHaveText(/^house$/i)
  }

  // Infinite scroll: 15 per page, more as the end of the list comes into view.
  await page.goto('/search')
  await expect(cards(page)).toHaveCount(15)
  await cards(page).last().scrollIntoViewIfNeeded()
  await page.mouse.wheel(0, 20_000)
  await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(15)

  // The property keeps the dates and Book carries property and dates on to checkout: one that can be booked.
  const bookable = propertyPageSchema
    .parse(
      await (
        await request.post('/api/properties/search', {
          data: { size: 30, language: 'en', availability: ['AVAILABLE'] },
        })
      ).json(),
    )
    .items.find((property) => property.available && !property.soldOut)
  expect(bookable, 'an available property that is not sold out').toBeDefined()
  const { _id: id, name } = bookable!
  await page.goto(`/search?q=${encodeURIComponent(name)}&from=${from}&to=${to}`)
  await cards(page)
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .first()
    .getByRole('link')
    .click()
  await expect(page).toHaveURL(/\/property\?/)
  const stayOf = (url: string) => {
    const { pathname, searchParams } = new URL(url, page.url())
    return {
      pathname,
      id: searchParams.get('id') ?? searchParams.get('property'),
      from: searchParams.get('from'),
      to: searchParams.get('to'),
    }
  }
  expect(stayOf(page.url())).toEqual({ pathname: '/property', id, from, to })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByTestId('stay-total')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  // The day shows in the interface language's order (English: month first).
  const [year, month, day] = from.split('-')
  await expect(page.getByLabel('From')).toHaveValue(`${month}/${day}/${year}`)

  // A visitor books: the checkout opens with the property and the stay (a visitor may book as a guest).
  await page.getByRole('main').getByRole('link', { name: 'Book', exact: true }).click()
  await expect(page).toHaveURL(/\/checkout\?/)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  expect(stayOf(page.url())).toEqual({ pathname: '/checkout', id, from, to })
})

// On both projects: a phone reads the filters in their drawer, and its menu's Search closes the menu.
test('every catalog URL can be reloaded or shared @layout', async ({ page }) => {
  const { from, to } = stay(20, 3)
  await page.goto(`/search?types=FARM&terms=DAILY&from=${from}&to=${to}`)
  await expect(cards(page).first()).toBeVisible()
  await page.reload()
  await expect(cards(page).first()).toBeVisible()
  await expect(page).toHaveURL(/types=FARM/)
  for (const card of await cards(page).all()) await expect(card).toContainText(/day/)

  await page.goto('/property?id=999999')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property not found')

  await page.goto('/agencies')
  await page
    .getByRole('link', { name: /Harbor & Pine Realty/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/search\?.*agency=\d+/)
  await expect(cards(page).first()).toBeVisible()

  await page.goto('/search?q=zzzz-no-such-name')
  await expect(page.getByText('No property matches this search.')).toBeVisible()

  // The header's Search starts a fresh search: the filters follow the URL, what was typed too. A phone shows
  // them in a drawer, opened and closed again for each look.
  const nameFilter = async () => {
    if (!isPhone(page)) return page.locator('aside').getByLabel('Name').inputValue()
    await page.getByRole('button', { name: /Filters/ }).click()
    const value = await page.getByRole('dialog').getByLabel('Name').inputValue()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    return value
  }
  await expect.poll(nameFilter).toBe('zzzz-no-such-name')
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Search' }).click()
    // The menu closes, though the path is the same.
    await expect(page.getByRole('dialog')).toBeHidden()
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
  }
  await expect(page).toHaveURL(/\/search$/)
  await expect.poll(nameFilter).toBe('')
  await expect(cards(page).first()).toBeVisible()
})
