// The offline figures of `npm run bench` (docs/performance.md): how soon an offline repeat visit shows the
// bookings, and how long restoring a large persisted cache takes. Run alone against a running server:
// `node --import tsx bench/offline.ts --base http://127.0.0.1:8080`.
import { parseArgs } from 'node:util'

import { type Browser, chromium, type Page } from '@playwright/test'
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client'

import { DEMO_RENTER } from '../server/db/seed/seed.ts'
import { chromiumLaunchOptions } from '../tests/chromium.ts'
import { persistedQueries } from '../tests/e2e/support.ts'

export interface OfflineFigures {
  /** Navigation start to the first booking on screen, offline, after one online visit (median). */
  offlineBookingsMs: number
  /** Restoring 1,000 bookings and 1,000 notifications into a new query client (median). */
  restoreMs: number
  /**
   * Navigation start to a saved booking on screen, the browser online but the server silent (every API call
   * hangs, as behind a captive portal), after one online visit (median). Goal: 4 s at most.
   */
  serverAwayBookingMs?: number
  /** First contentful paint of `/` at 4× CPU: a cold first visit (prerendered by the server)... */
  coldHomePaintMs?: number
  /** ...and an offline repeat visit (the worker's prerendered home). Goal: no slower than the cold visit. */
  offlineHomePaintMs?: number
  runs: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Offline repeat visit: the demo renter has opened /bookings once online; the network goes; /bookings again. */
export async function offlineBookingsMs(base: string, runs: number): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const { context, page, user } = await signedInPage(browser, base)
    await page.goto('/bookings')
    const firstBooking = page.getByRole('main').getByTestId('booking-card').first()
    await firstBooking.waitFor()
    // Wait until the device holds the bookings list.
    const storeKey = `haven-query-cache:${user._id}`
    const deadline = Date.now() + 30_000
    while (!(await persistedQueries(page, storeKey)).some((name) => name.startsWith('bookings/'))) {
      if (Date.now() > deadline) throw new Error('The bookings list was not saved on the device within 30 s.')
      await page.waitForTimeout(100)
    }
    await context.setOffline(true)
    const times: number[] = []
    for (let run = 0; run < runs; run += 1) {
      await page.goto('/bookings')
      await firstBooking.waitFor()
      times.push(await page.evaluate(() => performance.now()))
    }
    return median(times)
  } finally {
    await browser.close()
  }
}

/** The demo renter signed in on a new page of `browser`'s, with the service worker in control. */
async function signedInPage(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'allow' })
  const page = await context.newPage()
  const response = await page.request.post('/api/sign-in/frontend', {
    data: { email: DEMO_RENTER.email, password: DEMO_RENTER.password, stayConnected: true },
  })
  const user = (await response.json()) as { _id: string }
  await page.goto('/about')
  await page.evaluate((stored) => localStorage.setItem('user', JSON.stringify(stored)), user)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  return { context, page, user }
}

/**
 * The server silent while the browser says online: a booking opened once online, then opened again (a new
 * navigation) with every API call left unanswered. The app waits a bounded time, then shows what it saved.
 */
export async function serverAwayBookingMs(base: string, runs: number): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const { context, page } = await signedInPage(browser, base)
    const list = await (
      await page.request.post('/api/bookings', { data: { size: 1, language: 'en' } })
    ).json()
    const booking = list.items[0] as { _id: string; property: { name: string } }
    const path = `/booking?id=${booking._id}`
    const shown = page.getByRole('heading', { level: 1, name: booking.property.name })
    await page.goto(path)
    await shown.waitFor()
    // Hang every API call: no answer, no error.
    await context.route('**/api/**', () => undefined)
    const times: number[] = []
    for (let run = 0; run < runs; run += 1) {
      await page.goto(path, { waitUntil: 'commit' })
      await shown.waitFor({ timeout: 30_000 })
      times.push(await page.evaluate(() => performance.now()))
    }
    return median(times)
  } finally {
    await browser.close()
  }
}

/** First contentful paint of the page now loaded, in ms from its navigation start. */
const firstPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries, observer) => {
          const paint = entries.getEntriesByName('first-contentful-paint')[0]
          if (!paint) return
          observer.disconnect()
          resolve(paint.startTime)
        }).observe({ type: 'paint', buffered: true })
      }),
  )

/** `/` painted at 4× CPU: cold (a new browser profile, the server's prerendered page), then offline (the worker's). */
export async function homePaintMs(base: string, runs: number): Promise<{ cold: number; offline: number }> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  const cold: number[] = []
  const offline: number[] = []
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ baseURL: base, serviceWorkers: 'allow' })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.goto('/')
      cold.push(await firstPaint(page))
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      await context.setOffline(true)
      await page.goto('/')
      offline.push(await firstPaint(page))
      await context.close()
    }
    return { cold: median(cold), offline: median(offline) }
  } finally {
    await browser.close()
  }
}

function bookingsAndNotifications(count: number): QueryClient {
  const client = new QueryClient()
  const bookings = Array.from({ length: count }, (_, index) => ({
    _id: String(index + 1),
    property: {
      _id: String(index + 1),
      name: `Property ${index + 1}`,
      image: `/images/properties/house-${index % 8}.webp`,
    },
    agency: { _id: String((index % 8) + 1), name: `Agency ${(index % 8) + 1}` },
    from: '2026-07-01',
    to: '2026-07-08',
    price: 840 + index,
    status: 'PAID',
    cancellation: index % 2 === 0,
    cancelRequest: false,
  }))
  const pages = Array.from({ length: count / 20 }, (_, page) => ({
    items: bookings.slice(page * 20, page * 20 + 20),
    nextCursor: page * 20 + 20 < count ? String(page * 20 + 20) : null,
  }))
  client.setQueryData(['bookings', 'list', { statuses: [], size: 20, language: 'en' }], {
    pages,
    pageParams: pages.map((_, page) => (page === 0 ? null : String(page * 20))),
  })
  client.setQueryData(
    ['notifications', 'list'],
    Array.from({ length: count }, (_, index) => ({
      _id: String(index + 1),
      message: `Your booking ${index + 1} was confirmed by the agency. Dates: 1 to 8 July.`,
      isRead: index % 3 === 0,
      booking: String(index + 1),
      createdAt: new Date(Date.UTC(2026, 5, 1, 0, index)).toISOString(),
    })),
  )
  client.setQueryData(['notifications', 'unread-count'], Math.ceil((count * 2) / 3))
  return client
}

/**
 * The persisted cache as the app writes it (one JSON string per user, src/offline/persister.ts), restored
 * into a new client: parsing and hydrating, without IndexedDB's read, which the browser does off the page.
 */
export async function restoreMs(runs: number, count = 1000): Promise<number> {
  const stored = new Map<string, string>()
  const storage = {
    getItem: async (key: string) => stored.get(key) ?? null,
    setItem: async (key: string, value: string) => void stored.set(key, value),
    removeItem: async (key: string) => void stored.delete(key),
  }
  const persister = createAsyncStoragePersister({ storage, key: 'haven-query-cache:bench', throttleTime: 0 })
  await persistQueryClientSave({ queryClient: bookingsAndNotifications(count), persister, buster: 'bench' })
  const times: number[] = []
  for (let run = 0; run < runs; run += 1) {
    const client = new QueryClient()
    const started = performance.now()
    await persistQueryClientRestore({ queryClient: client, persister, buster: 'bench', maxAge: Infinity })
    times.push(performance.now() - started)
    if (client.getQueryCache().getAll().length !== 3) throw new Error('the bench cache was not restored')
  }
  return median(times)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:8080' },
      runs: { type: 'string', default: '5' },
    },
  })
  const runs = Number(values.runs)
  const restore = await restoreMs(runs * 2)
  console.log(
    `- restore of a persisted cache of 1,000 bookings + 1,000 notifications: ${restore.toFixed(1)} ms`,
  )
  const offline = await offlineBookingsMs(values.base!, runs)
  console.log(`- offline repeat visit, navigation to rendered bookings: ${offline.toFixed(0)} ms`)
  const away = await serverAwayBookingMs(values.base!, runs)
  console.log(`- server silent, navigation to a saved booking: ${away.toFixed(0)} ms`)
  const home = await homePaintMs(values.base!, runs)
  console.log(
    `- first paint of / at 4× CPU: cold ${home.cold.toFixed(0)} ms, offline repeat ${home.offline.toFixed(0)} ms`,
  )
}
