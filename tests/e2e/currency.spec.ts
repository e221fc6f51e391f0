import { propertyPageSchema } from '../../src/contract/catalog.ts'
import { exchangeRatesSchema } from '../../src/contract/rates.ts'
import { convert } from '../../src/domain/currency.ts'
import type { Currency, Language } from '../../src/domain/enums.ts'
import { formatMoney } from '../../src/domain/money.ts'
import { expect, type Page, test } from './fixtures.ts'
import { expectPersisted } from './support.ts'

/** Playwright compares text with runs of white space (no-break spaces included) collapsed to one space. */
const plain = (text: string) => text.replace(/\s+/g, ' ')

/** The header's select on a desktop; on a phone, the one in the menu drawer. */
async function chooseCurrency(page: Page, currency: Currency) {
  const select = page.getByRole('combobox', { name: 'Currency' })
  const openMenu = page.getByRole('button', { name: 'Open menu' })
  // Wait for the header to render before choosing the desktop or the phone path.
  await expect(select.or(openMenu).first()).toBeVisible()
  if (!(await select.isVisible())) await openMenu.click()
  await select.selectOption(currency)
  if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape')
}

test('switching currency converts every price, formatted by the rules of each language, and survives a reload', async ({
  page,
  request,
}) => {
  // The server of the e2e run has no provider configured: the dated built-in table answers.
  const rates = exchangeRatesSchema.parse(await (await request.get('/api/rates')).json())
  expect(rates.source).toBe('built-in')
  const featured = propertyPageSchema.parse(
    await (
      await request.post('/api/properties/search', {
        data: { size: 6, language: 'en', availability: ['AVAILABLE'] },
      })
    ).json(),
  ).items
  expect(featured.length).toBeGreaterThan(0)
  const shown = (amount: number, currency: Currency, language: Language) =>
    plain(formatMoney(convert(amount, 'USD', currency, rates), currency, language))
  const card = (name: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name }) })

  await page.goto('/')
  for (const property of featured) {
    await expect(card(property.name)).toContainText(shown(property.price, 'USD', 'en'))
  }

  await chooseCurrency(page, 'EUR')
  for (const property of featured) {
    const euros = shown(property.price, 'EUR', 'en')
    // English: comma thousands, a point before cents, the symbol after: "1,234.50 €".
    expect(euros).toMatch(/^\d{1,3}(,\d{3})*(\.\d{2})? €$/)
    await expect(card(property.name)).toContainText(euros)
    await expect(card(property.name)).not.toContainText('$')
  }

  // The choice is remembered (localStorage `currency`, docs/product.md §11) and applied again after a reload.
  await page.reload()
  expect(await page.evaluate(() => window.localStorage.getItem('currency'))).toBe('EUR')
  await expect(
    page.getByRole('combobox', { name: 'Currency' }).or(page.getByRole('button', { name: 'Open menu' })),
  ).toBeVisible()
  await expect(card(featured[0]!.name)).toContainText(shown(featured[0]!.price, 'EUR', 'en'))

  // French: spaces between thousands, a comma before cents, the symbol after: "1 234,50 €".
  await page.goto('/?l=fr')
  for (const property of featured) {
    const euros = shown(property.price, 'EUR', 'fr')
    expect(euros).toMatch(/^\d{1,3}( \d{3})*(,\d{2})? €$/)
    await expect(card(property.name)).toContainText(euros)
  }

  // Pounds go before the amount.
  await page.goto('/?l=en')
  await chooseCurrency(page, 'GBP')
  await expect(card(featured[0]!.name)).toContainText(shown(featured[0]!.price, 'GBP', 'en'))
  expect(shown(featured[0]!.price, 'GBP', 'en')).toMatch(/^£\d/)

  // The property page converts too: the price per term.
  await card(featured[0]!.name).getByRole('link', { name: featured[0]!.name }).click()
  await expect(page).toHaveURL(/\/property\?/)
  await expect(page.getByText(shown(featured[0]!.price, 'GBP', 'en')).first()).toBeVisible()

  // Back to dollars: no conversion, no rates needed.
  await chooseCurrency(page, 'USD')
  await expect(page.getByText(shown(featured[0]!.price, 'USD', 'en')).first()).toBeVisible()
})

test('prices keep converting offline with the rates fetched before', async ({ page, context }) => {
  await page.goto('/')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await chooseCurrency(page, 'AUD')
  await expect(page.getByRole('article').first()).toContainText('A$')
  // The prices and the rates have reached the persisted query cache before the network goes.
  await expectPersisted(page, ['catalog/search', 'catalog/rates'])

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('article').first()).toContainText('A$')
  } finally {
    await context.setOffline(false)
  }
})
