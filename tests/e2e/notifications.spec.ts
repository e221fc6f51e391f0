// Notifications end to end (docs/product.md §12): a new renter allows notifications and turns push on from
// the settings; a booking made from another tab adds a notification; a push delivered to the service worker
// through the DevTools protocol shows the notification, sets the app badge and refreshes the open app's bell;
// marking it read in /notifications drops the bell and the badge; sign-out takes the subscription off the server.
// Chromium refuses push subscriptions in Playwright's contexts, which are incognito ('Registration failed -
// permission denied'), and its push service is out of reach offline: the browser's PushManager is stood in for
// (an endpoint on 127.0.0.1 that refuses connections), and the push is delivered through the DevTools protocol.
// The server's side of a real push (encryption, VAPID, pruning) is proven by server/routes/notifications.test.ts.
import { type BrowserContext, expect, type Page, test } from './fixtures.ts'
import {
  bookPayLater,
  chooseSignOut,
  pageBadge,
  recordPageBadges,
  signUpRenter,
  standInPushManager,
} from './support.ts'

/**
 * A stay of its own for this run and project: no two bookings overlap (a pay-later booking holds its nights,
 * and checkout.spec.ts books the same villa from 300 days on).
 */
function stay(page: Page) {
  const shift = (page.viewportSize()?.width ?? 1280) < 600 ? 650 : 600
  const day = (n: number) => new Date(Date.now() + (n + shift) * 86_400_000).toISOString().slice(0, 10)
  return { from: day(0), to: day(4) }
}

/** Books Skyline Villa to pay later through the API, as another tab of the same session would. */
async function bookFromAnotherTab(context: BrowserContext, dates: { from: string; to: string }) {
  const other = await context.newPage()
  const search = await other.request.post('/api/properties/search', {
    data: { keyword: 'Skyline', from: dates.from, to: dates.to, size: 10 },
  })
  const { items } = (await search.json()) as { items: Array<{ _id: string; name: string }> }
  const property = items.find((item) => item.name === 'Skyline Villa')!
  const bookingId = await bookPayLater(other.request, property._id, dates)
  await other.close()
  return bookingId
}

test('push on, a booking from another tab is pushed with its count on the badge, and reading it drops both', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  await page.addInitScript(recordPageBadges)
  await page.addInitScript(standInPushManager)
  const renter = await signUpRenter(page)
  await page.goto('/settings')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))

  const push = page.getByRole('switch', { name: 'Push notifications on this device' })
  await expect(push).toBeEnabled()
  const saved = page.waitForResponse('**/api/push-subscription')
  await push.click()
  expect((await saved).status()).toBe(200)
  await expect(push).toBeChecked()

  const bell = page.getByRole('link', { name: /^Notifications/ })
  const unreadIn = async () => {
    const label = (await bell.getAttribute('aria-label')) ?? ''
    return Number(/\((\d+) unread\)/.exec(label)?.[1] ?? 0)
  }
  // The bell shows the server's count (a new renter's may be none) before the booking adds one.
  const counter = await page.request.get(`/api/notification-counter/${renter._id}`)
  const before = ((await counter.json()) as { count: number }).count
  await expect.poll(unreadIn).toBe(before)

  const bookingId = await bookFromAnotherTab(context, stay(page))

  // The worker's badge, recorded as the page's is, and the titles of the notifications it has finished
  // showing. Chromium's getNotifications() drops from its store a notification that is written but not yet
  // on display when the read begins, so the page may only ask once the worker's showNotification() is done.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  await worker.evaluate(() => {
    const scope = self as unknown as {
      badges: number[]
      shown: string[]
      navigator: object
      registration: ServiceWorkerRegistration
    }
    scope.badges = []
    scope.shown = []
    Object.assign(scope.navigator, {
      setAppBadge: (count = 0) => Promise.resolve(void scope.badges.push(count)),
      clearAppBadge: () => Promise.resolve(void scope.badges.push(0)),
    })
    const show = scope.registration.showNotification.bind(scope.registration)
    scope.registration.showNotification = (title, options) =>
      show(title, options).then(() => void scope.shown.push(title))
  })

  const cdp = await context.newCDPSession(page)
  const scopeURL = new URL('/', baseURL).href
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((entry) => !entry.isDeleted && entry.scopeURL === scopeURL)
      if (found) resolve(found.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const payload = {
    title: 'Booking requested',
    body: 'Your booking request for Skyline Villa was sent to the agency, which will answer it.',
    url: `/booking?id=${bookingId}`,
    badge: before + 1,
    tag: `booking-${bookingId}`,
  }
  // The open app asks the counter again because the worker tells it of the push (not on a timer or focus).
  const counterAsked = page.waitForRequest((request) => request.url().includes('/api/notification-counter/'))
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registration,
    data: JSON.stringify(payload),
  })

  // Shown by the worker, with the link to the booking, and the badge set to the count the push carried.
  await expect
    .poll(() => worker.evaluate(() => (self as unknown as { shown: string[] }).shown))
    .toEqual(['Booking requested'])
  const shown = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready
    return (await ready.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      url: (notification.data as { url: string }).url,
    }))
  })
  expect(shown).toContainEqual({
    title: 'Booking requested',
    body: 'Your booking request for Skyline Villa was sent to the agency, which will answer it.',
    url: new URL(`/booking?id=${bookingId}`, baseURL).href,
  })
  await expect
    .poll(() => worker.evaluate(() => (self as unknown as { badges: number[] }).badges))
    .toEqual([before + 1])
  // The worker told the open app, whose bell and badge follow the server's counter.
  await counterAsked
  await expect.poll(unreadIn).toBe(before + 1)
  await expect.poll(() => pageBadge(page)).toBe(before + 1)

  await page.goto('/notifications')
  const newest = page.getByTestId('notification').first()
  // The server's line names the stay's dates, in the reader's language.
  await expect(newest).toContainText(
    /Your booking request for Skyline Villa, \d{1,2}[^,]* \d{4}, was sent to the agency, which will answer it\./,
  )
  await expect(newest).toHaveAttribute('data-unread', 'true')
  await newest.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Mark as read' }).click()
  await expect(newest).not.toHaveAttribute('data-unread', 'true')
  await expect.poll(unreadIn).toBe(before)
  await expect.poll(() => pageBadge(page)).toBe(before)
  // The server agrees once the page is loaded again.
  await page.reload()
  await expect(page.getByTestId('notification').first()).not.toHaveAttribute('data-unread', 'true')
  await expect.poll(unreadIn).toBe(before)

  // Sign-out: this device's subscription leaves the server (which had it) before the session ends.
  const removed = page.waitForResponse('**/api/delete-push-subscription')
  await chooseSignOut(page)
  expect(await (await removed).json()).toEqual({ removed: true })
  await expect.poll(() => page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull()
})
