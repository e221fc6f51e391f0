// Saved places end to end (docs/product.md §15), on the built app and the real server: a visitor's heart keeps
// a property on the device, the offer at sign-in keeps it in the account, the saved places and the properties
// recently viewed read offline, and sign-out leaves none of the user's saved places on the device. The second
// seeded renter is used, so the demo account other specs read is never changed; the test lets go of what it
// kept.
import { expect, test } from './fixtures.ts'
import { chooseSignOut, expectSignedOut, persistedQueries, settled, underServiceWorker } from './support.ts'

const RENTER = { email: 'other@haven.test', password: 'haven-other' }

test('a visitor keeps a property, keeps it in the account at sign-in, reads it offline, and signs out leaving none', async ({
  page,
  context,
}) => {
  await page.goto('/search')
  const card = page.getByTestId('search-results').getByRole('article').first()
  await expect(card).toBeVisible()
  const name = (await card.getByRole('heading').innerText()).trim()

  // As a visitor: kept on the device, nothing sent.
  await card.getByRole('button', { name: `Save ${name}` }).click()
  await expect(card.getByRole('button', { name: `Remove ${name} from saved places` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // Opened: the property page's heart says the same, and the property is now one kept for offline reading.
  await card.getByRole('link', { name }).click()
  await settled(page)
  await expect(
    page.getByRole('main').getByRole('button', { name: `Remove ${name} from saved places` }),
  ).toHaveAttribute('aria-pressed', 'true')

  await page.goto('/favourites')
  await settled(page)
  await expect(page.getByRole('list', { name: 'Saved places' }).getByRole('link', { name })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Recently viewed' }).getByRole('link', { name })).toBeVisible()
  await expect(page.getByTestId('saved-on-device')).toBeVisible()

  // Signing in: the offer to keep it in the account.
  const response = await page.request.post('/api/sign-in/frontend', {
    data: { ...RENTER, stayConnected: true },
  })
  expect(response.ok()).toBe(true)
  const user = (await response.json()) as { _id: string }
  await page.evaluate((stored) => localStorage.setItem('user', JSON.stringify(stored)), user)
  await page.reload()
  const offer = page.getByTestId('keep-saved-places')
  await expect(offer).toContainText(
    'You saved 1 place on this device before signing in. Keep it in your account?',
  )
  await offer.getByRole('button', { name: 'Keep' }).click()
  await expect(offer).toBeHidden()
  await expect
    .poll(async () =>
      (
        (await (await page.request.get(`/api/favourites/${user._id}/en`)).json()) as {
          items: { property: { name: string } }[]
        }
      ).items.map((item) => item.property.name),
    )
    .toContain(name)
  await expect(page.getByRole('list', { name: 'Saved places' }).getByRole('link', { name })).toBeVisible()
  await expect(page.getByTestId('saved-on-device')).toBeHidden()

  // What a visitor opened stays the visitor's (one store per user on the device): the account's recently
  // viewed list starts with what is opened signed in.
  await expect(page.getByRole('list', { name: 'Recently viewed' })).toHaveCount(0)
  await page.getByRole('list', { name: 'Saved places' }).getByRole('link', { name }).click()
  await settled(page)
  await page.goto('/favourites')
  await expect(page.getByRole('list', { name: 'Recently viewed' }).getByRole('link', { name })).toBeVisible()

  // Offline, after a reload: both lists from the device.
  await underServiceWorker(page)
  await settled(page)
  await expect
    .poll(async () => await persistedQueries(page, `haven-query-cache:${user._id}`, 1))
    .toContain('favourites')
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('list', { name: 'Saved places' }).getByRole('link', { name })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Recently viewed' }).getByRole('link', { name })).toBeVisible()
  await context.setOffline(false)

  // Sign-out: nothing of the user's saved places stays on the device.
  await page.reload()
  await settled(page)
  await chooseSignOut(page)
  await expectSignedOut(page)
  expect(await persistedQueries(page, `haven-query-cache:${user._id}`, 1)).toEqual([])
  expect((await persistedQueries(page, 'haven-query-cache:anonymous', 1)).includes('favourites')).toBe(false)
  expect(await page.evaluate(() => localStorage.getItem('saved-places'))).toBeNull()

  // Put back: the renter keeps nothing.
  expect((await page.request.post('/api/sign-in/frontend', { data: RENTER })).ok()).toBe(true)
  const { items } = (await (await page.request.get(`/api/favourites/${user._id}/en`)).json()) as {
    items: { property: { _id: string } }[]
  }
  for (const { property } of items) {
    await page.request.post(`/api/favourite/${user._id}/${property._id}`, { data: { favourite: false } })
  }
  await page.request.post('/api/sign-out')
})
