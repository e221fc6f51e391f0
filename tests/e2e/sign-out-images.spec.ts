// Sign-out and the service worker's images (src/offline/runtime-caches.ts): the photos of the properties one
// opened say what one looked at, so they go with the rest of the person's traces; the images of what the
// device keeps for the next person (the home page, the agencies) stay, and show offline.
import { expect, type Page, test } from './fixtures.ts'
import { chooseSignOut, settled as supportSettled, underServiceWorker } from './support.ts'

const settled = (page: Page) => supportSettled(page, { timeout: 30_000 })

const RENTER = { email: 'other@haven.test', password: 'haven-other' }

/** The paths of the images `haven-images` holds. */
const cachedImages = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('haven-images')).keys()).map((request) => new URL(request.url).pathname).sort(),
  )

/** The URLs the worker's expiration records of `haven-images` name. */
const expirationRecords = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some(({ name }) => name === 'workbox-expiration')) return []
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('workbox-expiration')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const store = db.transaction('cache-entries').objectStore('cache-entries')
    const entries = await new Promise<{ cacheName: string; url: string }[]>((resolve, reject) => {
      const all = store.getAll()
      all.onsuccess = () => resolve(all.result as { cacheName: string; url: string }[])
      all.onerror = () => reject(all.error)
    })
    db.close()
    return entries
      .filter(({ cacheName }) => cacheName === 'haven-images')
      .map(({ url }) => new URL(url).pathname)
  })

/** The images the page shows, loaded. */
const shownImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((image) => image.complete && image.naturalWidth > 0)
      .map((image) => new URL(image.currentSrc || image.src).pathname),
  )

/** Every image the page names, loaded or not. */
const namedImages = (page: Page) =>
  page.evaluate(() => [...document.images].map((image) => new URL(image.currentSrc || image.src).pathname))

test('sign-out forgets the photos of what the user opened, and keeps the agencies’, which show offline', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const signIn = await page.request.post('/api/sign-in/frontend', {
    data: { ...RENTER, stayConnected: true },
  })
  expect(signIn.ok()).toBe(true)
  await page.goto('/about')
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), await signIn.json())
  await underServiceWorker(page)

  // A public list, which the device keeps for the next person: its images went through the worker.
  await page.goto('/agencies')
  await settled(page)
  await expect.poll(async () => (await shownImages(page)).length).toBeGreaterThan(0)
  const shared = await shownImages(page)
  await expect
    .poll(async () => {
      const cached = await cachedImages(page)
      return shared.filter((path) => !cached.includes(path))
    })
    .toEqual([])

  // A property opened: its gallery's large photos are shown on its page only.
  const found = await (await page.request.post('/api/properties/search', { data: { size: 1 } })).json()
  await page.goto(`/property?id=${(found.items[0] as { _id: string })._id}`)
  await settled(page)
  const isLarge = (path: string) => path.startsWith('/images/properties/large/')
  await expect.poll(async () => (await cachedImages(page)).filter(isLarge)).not.toEqual([])
  const opened = (await cachedImages(page)).filter((path) => !shared.includes(path))

  await chooseSignOut(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a place that feels like home')
  await settled(page)
  // Gone, with the records that named them, unless the visitor's home shows them again.
  const traces = async (paths: string[]) => {
    const named = await namedImages(page)
    return paths.filter((path) => opened.includes(path) && !named.includes(path))
  }
  await expect.poll(async () => traces(await cachedImages(page))).toEqual([])
  expect(await traces(await expirationRecords(page))).toEqual([])
  expect((await cachedImages(page)).filter(isLarge)).toEqual([])
  // The agencies' stay, with their records.
  const kept = await cachedImages(page)
  expect(shared.filter((path) => !kept.includes(path))).toEqual([])
  await expect
    .poll(async () => {
      const [cached, records] = await Promise.all([cachedImages(page), expirationRecords(page)])
      return shared.filter((path) => !(cached.includes(path) && records.includes(path)))
    })
    .toEqual([])

  await context.setOffline(true)
  try {
    await page.goto('/agencies')
    await settled(page)
    await expect
      .poll(async () => {
        const shown = await shownImages(page)
        return shared.filter((path) => !shown.includes(path))
      })
      .toEqual([])
  } finally {
    await context.setOffline(false)
  }
})
