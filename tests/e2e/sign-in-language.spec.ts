// docs/product.md §3 at sign-in, on the built app and the real server: a visitor who forced French stays in
// French once signed in, and their account keeps it (another device, where nobody chose, gets French too).
import { expect, type Page, test } from './fixtures.ts'
import { restoreEnglish } from './support.ts'

const DEMO = { email: 'renter@haven.test', password: 'haven-demo' }

async function signIn(page: Page, labels: { password: RegExp; submit: string }) {
  const main = page.getByRole('main')
  await main.getByLabel('E-mail').fill(DEMO.email)
  await main.getByLabel(labels.password).fill(DEMO.password)
  await main.getByRole('button', { name: labels.submit }).click()
  await expect(page).toHaveURL(/\/$/)
}

test('a visitor who forced French signs in and stays in French, saved to the account', async ({
  page,
  browser,
}, testInfo) => {
  // Two devices, each loading the app cold and signing in.
  test.setTimeout(120_000)
  await page.goto('/sign-in?l=fr')
  await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible()
  const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/update-language'))
  await signIn(page, { password: /^Mot de passe/, submit: 'Se connecter' })
  expect((await saved).status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Confidentialité' })).toBeVisible()

  // Another device, where nobody chose a language: the account's, French.
  const otherDevice = await browser.newContext({ baseURL: testInfo.project.use.baseURL })
  const other = await otherDevice.newPage()
  try {
    await other.goto('/sign-in')
    await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await signIn(other, { password: /^Password/, submit: 'Sign in' })
    await expect(other.locator('html')).toHaveAttribute('lang', 'fr')
  } finally {
    await restoreEnglish(page)
    await otherDevice.close()
  }
})

test("a signed-in user's ?l= choice lasts, as a visitor's does, and becomes the account's", async ({
  page,
}) => {
  await page.goto('/sign-in')
  await signIn(page, { password: /^Password/, submit: 'Sign in' })
  try {
    const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/update-language'))
    await page.goto('/search?l=fr')
    expect((await saved).status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    // The next page, opened without ?l=, is still in French.
    await page.goto('/about')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de Haven')
  } finally {
    await restoreEnglish(page)
  }
})
