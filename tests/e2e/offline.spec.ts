// Offline-first, end to end (docs/architecture.md, Offline design): screens read offline after one online
// visit, what was never saved says so at once, changes made offline reach the server once, and sign-out
// leaves nothing of the user on the device. The second seeded renter is used, so
// that the demo account other specs read is never changed; each test puts its settings back.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, type Page, test } from './fixtures.ts'
import {
  answeredOperations,
  bookPayLater,
  chooseSignOut,
  openProfile,
  persistedQueries,
  propertyWhere,
  settled as supportSettled,
  signUpRenter,
  underServiceWorker,
  waitingBadge,
} from './support.ts'

/** The screen shown and done loading. Generous: the machine running the suite may be busy. */
const settled = (page: Page) => supportSettled(page, { timeout: 30_000 })

const RENTER = { email: 'other@haven.test', password: 'haven-other' }
type Language = 'en' | 'fr'

interface StoredUser {
  _id: string
  language: Language
  enableEmailNotifications: boolean
}

/** Signs the renter in through the API with `language` as their account's, and keeps the user as the app does. */
async function signIn(page: Page, language: Language = 'en'): Promise<StoredUser> {
  const response = await page.request.post('/api/sign-in/frontend', {
    data: { ...RENTER, stayConnected: true },
  })
  expect(response.ok()).toBe(true)
  const signedIn = (await response.json()) as StoredUser
  const user = (await (
    await page.request.post('/api/update-language', { data: { id: signedIn._id, language } })
  ).json()) as StoredUser
  await page.goto('/about')
  await page.evaluate((stored) => localStorage.setItem('user', JSON.stringify(stored)), user)
  return user
}

/** The account as the server has it. */
async function serverUser(page: Page, id: string): Promise<StoredUser> {
  return (await (await page.request.get(`/api/user/${id}`)).json()) as StoredUser
}

/** Puts the renter's settings back for the next test. */
async function resetSettings(page: Page, id: string): Promise<void> {
  await page.request.post('/api/update-language', { data: { id, language: 'en' } })
  await page.request.post('/api/update-email-notifications', {
    data: { _id: id, enableEmailNotifications: true },
  })
}

/**
 * Everything the device holds in IndexedDB (every database and store, keys and values: the app's and the
 * service worker's expiration records), localStorage and Cache Storage, as text.
 */
function deviceContents(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [JSON.stringify({ ...localStorage })]
    const all = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await all(indexedDB.open(name))
      for (const storeName of db.objectStoreNames) {
        const store = db.transaction(storeName).objectStore(storeName)
        const [keys, values] = await Promise.all([all(store.getAllKeys()), all(store.getAll())])
        parts.push(name, storeName, JSON.stringify(keys), JSON.stringify(values))
      }
      db.close()
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        parts.push(request.url)
        // Only API answers can hold a person's data; the app's code and images are files.
        if (new URL(request.url).pathname.startsWith('/api/'))
          parts.push(await (await cache.match(request))!.text())
      }
    }
    return parts.join('\n')
  })
}

test.beforeEach(() => test.setTimeout(180_000))

for (const language of ['en', 'fr'] as const) {
  test(`after one online visit, every screen reloads offline with its data (${language})`, async ({
    page,
    context,
  }) => {
    const user = await signIn(page, language)
    try {
      await underServiceWorker(page)
      const list = await (await page.request.post('/api/bookings', { data: { size: 5, language } })).json()
      const booking = list.items[0] as { _id: string; property: { _id: string } }
      // Each screen and the start of the key its data is kept under on the device (support.ts names a
      // persisted query by its key's first two parts).
      const visits: Array<[string, string]> = [
        ['/', 'catalog/search'],
        [`/property?id=${booking.property._id}`, 'catalog/property'],
        ['/bookings', 'bookings/'],
        [`/booking?id=${booking._id}`, 'booking/'],
        ['/notifications', 'notifications/list'],
        ['/settings', 'user/'],
      ]
      const screens = visits.map(([path]) => path)
      for (const [path, kept] of visits) {
        await page.goto(path)
        await settled(page)
        // A visit, not a glance: the device has written what the screen showed (writes are batched by the
        // second) before the next screen is opened.
        await expect
          .poll(
            async () =>
              (await persistedQueries(page, `haven-query-cache:${user._id}`)).some((name) =>
                name.startsWith(kept),
              ),
            { message: path },
          )
          .toBe(true)
      }

      await context.setOffline(true)
      const notSaved =
        language === 'en' ? 'This page is not available offline' : 'Cette page n’est pas disponible'
      for (const path of screens) {
        await page.goto(path)
        const heading = page.getByRole('heading', { level: 1 })
        await expect(heading, path).toBeVisible({ timeout: 30_000 })
        await expect(heading, path).not.toContainText(notSaved)
        await expect(page.locator('html'), path).toHaveAttribute('lang', language)
        await expect(
          page.getByText(/not saved on this device|pas été enregistrée? sur cet appareil/),
        ).toHaveCount(0)
        if (path !== '/' && path !== '/notifications') {
          // Saved data says how old it is.
          await expect(page.getByTestId('last-updated'), path).toBeVisible()
        }
      }
      // The property's pictures come from the device too.
      await page.goto(screens[1]!)
      const picture = page.getByRole('main').locator('img[src*="/images/properties/"]').first()
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 30_000 })
        .toBeGreaterThan(0)
    } finally {
      await context.setOffline(false)
      await resetSettings(page, user._id)
    }
  })
}

test('saved in one language, opened offline in the other: shown as saved, and said so', async ({
  page,
  context,
}) => {
  const user = await signIn(page, 'en')
  try {
    await underServiceWorker(page)
    const list = await (
      await page.request.post('/api/bookings', { data: { size: 5, language: 'en' } })
    ).json()
    const booking = list.items[0] as { _id: string; property: { _id: string; name: string } }
    const main = page.getByRole('main')
    const screens = [
      { path: `/property?id=${booking.property._id}`, shown: main.getByRole('heading', { level: 1 }) },
      { path: '/bookings', shown: main.getByTestId('booking-card').first() },
      { path: `/booking?id=${booking._id}`, shown: main.getByRole('heading', { level: 1 }) },
    ]
    for (const { path } of [...screens, { path: '/settings' }]) {
      await page.goto(path)
      await settled(page)
    }
    await expect
      .poll(async () => (await persistedQueries(page, `haven-query-cache:${user._id}`, 1)).sort())
      .toEqual(expect.arrayContaining(['booking', 'bookings', 'catalog', 'user']))

    // Offline, the renter switches to French: the change waits in the queue, the screens are in French.
    await context.setOffline(true)
    await page.getByRole('radiogroup').getByText('Français').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    for (const { path, shown } of screens) {
      await page.goto(path)
      await expect(shown, path).toBeVisible({ timeout: 30_000 })
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'fr')
      await expect(main.getByText(/pas été enregistrée? sur cet appareil/), path).toHaveCount(0)
      await expect(page.getByTestId('last-updated'), path).toContainText('dans une autre langue')
    }
  } finally {
    await context.setOffline(false)
    await resetSettings(page, user._id)
  }
})

test('a screen is on the device as soon as it shows: reloaded offline at once, it shows again', async ({
  page,
  context,
}) => {
  const user = await signIn(page)
  try {
    await underServiceWorker(page)
    const list = await (
      await page.request.post('/api/bookings', { data: { size: 5, language: 'en' } })
    ).json()
    const booking = list.items[0] as { _id: string; property: { name: string } }
    const main = page.getByRole('main')
    const screens = [
      { path: '/bookings', shown: main.getByTestId('booking-card').first() },
      {
        path: `/booking?id=${booking._id}`,
        shown: main.getByRole('heading', { level: 1, name: booking.property.name }),
      },
    ]
    for (const { path, shown } of screens) {
      await page.goto(path)
      await expect(shown, path).toBeVisible({ timeout: 30_000 })
      // A glance: the page is left the moment its data shows (a reload, a link opened, the phone locked).
      await context.setOffline(true)
      await page.reload()
      await expect(shown, `${path}, reloaded offline`).toBeVisible({ timeout: 30_000 })
      await expect(main.getByText(/not saved on this device/)).toHaveCount(0)
      await context.setOffline(false)
    }
  } finally {
    await context.setOffline(false)
    await resetSettings(page, user._id)
  }
})

test('offline, what was never saved says so at once, and the screens that need the server say it', async ({
  page,
  context,
  request,
}) => {
  const search = await (
    await request.post('/api/properties/search', { data: { size: 30, language: 'en' } })
  ).json()
  const unseen = (search.items as Array<{ _id: string }>).at(-1)!._id
  await page.goto('/')
  await underServiceWorker(page)
  const banner = page.getByRole('status').filter({ hasText: 'You are offline. Showing saved data.' })
  await expect(banner).toHaveCount(0)
  await context.setOffline(true)
  try {
    // The connection drops: the banner says so, on the open page.
    await expect(banner).toBeVisible()
    await page.goto(`/property?id=${unseen}`)
    // Not placeholders while the query waits, paused, for a network that is not there (that never ended).
    await expect(page.getByText('this property was not saved on this device')).toBeVisible()
    await page.goto('/search?location=999999')
    await expect(page.getByText('Searching needs a connection.')).toBeVisible()
    await page.goto('/sign-in')
    await expect(page.getByText('Signing in needs a connection.')).toBeVisible()
    await page.goto(`/checkout?property=${unseen}&from=2031-01-10&to=2031-01-12`)
    await expect(page.getByText('Booking needs a connection.')).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
  // It is back: the banner goes.
  await expect(banner).toHaveCount(0, { timeout: 20_000 })
})

test('the last 20 properties opened stay readable offline, and the one opened before them is forgotten', async ({
  page,
  context,
  request,
}) => {
  const search = await (
    await request.post('/api/properties/search', { data: { size: 21, language: 'en' } })
  ).json()
  const ids = (search.items as Array<{ _id: string }>).map((item) => item._id)
  expect(ids).toHaveLength(21)
  await page.goto('/about')
  await underServiceWorker(page)
  // What the device keeps: the 20 last ones, in the persisted cache as in the service worker's.
  const kept = async () =>
    (await persistedQueries(page, 'haven-query-cache:anonymous', 3))
      .filter((query) => query.startsWith('catalog/property/'))
      .map((query) => query.split('/')[2])
  for (const id of ids) {
    await page.goto(`/property?id=${id}`)
    await settled(page)
    // A visit, not a glance: the device has written the property (writes are batched by the second).
    await expect.poll(kept, { message: id }).toContain(id)
  }
  await expect.poll(kept).toHaveLength(20)
  expect(new Set(await kept())).toEqual(new Set(ids.slice(1)))
  const cachedDetails = () =>
    page.evaluate(async () => (await (await caches.open('haven-property')).keys()).length)
  await expect.poll(cachedDetails).toBe(20)

  await context.setOffline(true)
  try {
    await page.goto(`/property?id=${ids[0]}`)
    await expect(page.getByText('this property was not saved on this device')).toBeVisible()
    for (const id of [ids[1], ids[20]]) {
      await page.goto(`/property?id=${id}`)
      await expect(page.getByTestId('last-updated')).toBeVisible({ timeout: 30_000 })
    }
  } finally {
    await context.setOffline(false)
  }
})

test('changes made offline survive a reload and a closed browser, then reach the server once each', async ({
  baseURL,
}) => {
  const profile = mkdtempSync(join(tmpdir(), 'haven-offline-profile-'))
  const answered = new Map<string, number>()
  const open = async (offline: boolean) => {
    const opened = await openProfile(profile, {
      baseURL: baseURL!,
      viewport: { width: 1280, height: 800 },
      offline,
    })
    answeredOperations(opened.context, answered)
    return opened
  }
  let { context, page } = await open(false)
  const user = await signIn(page)
  try {
    await underServiceWorker(page)
    await page.goto('/settings')
    await settled(page)

    await context.setOffline(true)
    await page.getByRole('switch', { name: 'E-mail notifications' }).click({ force: true })
    await page.getByText('Français').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paramètres')
    await expect(waitingBadge(page)).toHaveText('2 modifications en attente')

    await page.reload()
    await expect(waitingBadge(page)).toHaveText('2 modifications en attente')
    await expect(page.getByRole('switch', { name: 'Notifications par e-mail' })).not.toBeChecked()

    await context.close()
    ;({ context, page } = await open(true))
    await page.goto('/settings')
    await expect(waitingBadge(page)).toHaveText('2 modifications en attente')
    expect(answered.size).toBe(0)

    await context.setOffline(false)
    await expect(waitingBadge(page)).toHaveCount(0, { timeout: 20_000 })
    await expect
      .poll(async () => {
        const server = await serverUser(page, user._id)
        return [server.language, server.enableEmailNotifications]
      })
      .toEqual(['fr', false])
    await expect.poll(() => answered.size).toBe(2)
    // Another reload online sends nothing again.
    await page.reload()
    await settled(page)
    console.log(
      `queue across reload and restart: ${answered.size} changes answered, each ${[...answered.values()].join(', ')} time(s)`,
    )
    expect([...answered.values()]).toEqual([1, 1])
  } finally {
    await resetSettings(page, user._id)
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('a cancellation asked offline waits, survives a reload, and is sent once the connection returns', async ({
  page,
  context,
}) => {
  await signUpRenter(page)
  // Nights of its own, far from the other specs' (each project its own).
  const shift = (page.viewportSize()?.width ?? 1280) < 600 ? 700 : 690
  const day = (n: number) => new Date(Date.now() + (n + shift) * 86_400_000).toISOString().slice(0, 10)
  const stay = { from: day(0), to: day(3) }
  const property = await propertyWhere(
    page.request,
    stay,
    ({ options, paymentMethods }) =>
      options.cancellation !== 'unavailable' && paymentMethods.includes('payLater'),
  )
  const bookingId = await bookPayLater(page.request, property, stay)
  const answered = answeredOperations(context)
  await underServiceWorker(page)
  await page.goto(`/booking?id=${bookingId}`)
  await settled(page)
  const main = page.getByRole('main')
  const waiting =
    'Your cancellation request is waiting for the connection: it will be sent as soon as you are back online.'

  await context.setOffline(true)
  await main.getByRole('button', { name: 'Request cancellation' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send the request' }).click()
  await expect(main.getByTestId('cancel-waiting')).toHaveText(waiting)
  await expect(waitingBadge(page)).toHaveText('1 change waiting')
  await page.reload()
  await expect(main.getByTestId('cancel-waiting')).toHaveText(waiting)
  await expect(waitingBadge(page)).toHaveText('1 change waiting')
  expect(answered.size).toBe(0)

  await context.setOffline(false)
  // Shown as sent (and no longer waiting) from the moment it leaves, before its answer is in: wait for that.
  await expect(main.getByTestId('cancel-requested')).toBeVisible({ timeout: 20_000 })
  await expect(waitingBadge(page)).toHaveCount(0)
  await expect.poll(() => [...answered.values()]).toEqual([1])
  const booking = await (await page.request.get(`/api/booking/${bookingId}/en`)).json()
  expect(booking.cancelRequest).toBe(true)
  // Another reload online sends nothing again.
  await page.reload()
  await settled(page)
  await expect(main.getByTestId('cancel-requested')).toBeVisible()
  expect([...answered.values()]).toEqual([1])
})

test('offline, a payment cannot be checked and says so at once instead of waiting', async ({
  page,
  context,
}) => {
  await signIn(page)
  await underServiceWorker(page)
  await context.setOffline(true)
  await page.goto('/checkout-session/cs_test_offline')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Your payment could not be checked: there is no connection, or the provider did not answer.',
  )
  await expect(waitingBadge(page)).toHaveCount(0)
  await context.setOffline(false)
})

test('sign-out with a change waiting asks first; after it the device holds nothing of the user', async ({
  page,
  context,
}) => {
  const user = await signIn(page)
  try {
    await underServiceWorker(page)
    // A property opened and a search made while signed in: what the person looked at is theirs too.
    const viewed = await (
      await page.request.post('/api/properties/search', { data: { size: 1, language: 'en' } })
    ).json()
    const property = (viewed.items[0] as { _id: string })._id
    for (const path of [`/property?id=${property}`, '/search?q=tracekeyword', '/bookings', '/settings']) {
      await page.goto(path)
      await settled(page)
    }
    await context.setOffline(true)
    await page.getByRole('switch', { name: 'E-mail notifications' }).click({ force: true })
    await expect(waitingBadge(page)).toHaveText('1 change waiting')

    await chooseSignOut(page)
    const dialog = page.getByRole('dialog', { name: 'Sign out with changes waiting?' })
    await expect(dialog).toContainText('1 change made on this device has not reached the server yet.')
    await dialog.getByRole('button', { name: 'Stay signed in' }).click()
    await expect(dialog).toBeHidden()
    await expect(waitingBadge(page)).toHaveText('1 change waiting')

    await chooseSignOut(page)
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a place that feels like home')
    await expect
      .poll(async () => {
        const contents = await deviceContents(page)
        return [
          user._id,
          RENTER.email,
          '/api/user',
          '/avatars/',
          `/api/property/${property}/`,
          'tracekeyword',
        ].filter((trace) =>
          // The user's id alone is a number any catalog entry may have: their store's key is what names them.
          trace === user._id ? contents.includes(`haven-query-cache:${trace}`) : contents.includes(trace),
        )
      })
      .toEqual([])
    // Nor does the visitor's store, which took the cache over, hold anything of the user's or what they looked at.
    expect(await persistedQueries(page, 'haven-query-cache:anonymous')).not.toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^(user|bookings|booking|notifications)\/|^catalog\/(property|search)/),
      ]),
    )
  } finally {
    await context.setOffline(false)
  }
  // The change deleted at sign-out never reaches the server.
  const signedIn = await page.request.post('/api/sign-in/frontend', {
    data: { ...RENTER, stayConnected: true },
  })
  expect(signedIn.ok()).toBe(true)
  expect((await serverUser(page, user._id)).enableEmailNotifications).toBe(true)
  await resetSettings(page, user._id)
})

test('the precache lists every chunk of the build, the locale catalogs and the ones loaded on demand', async ({
  request,
}) => {
  const worker = await (await request.get('/sw.js')).text()
  const chunks = readdirSync('dist/assets').filter((file) => file.endsWith('.js'))
  expect(chunks.length).toBeGreaterThan(10)
  const missing = chunks.filter((file) => !worker.includes(`assets/${file}`))
  expect(missing).toEqual([])
})
