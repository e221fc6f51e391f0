// Shared by the e2e specs: the e2e server's mail folder (no SMTP_URL: every e-mail is a file), the phone
// layout's breakpoint, the demo account and every screen's route.
import {
  type APIRequestContext,
  type BrowserContext,
  chromium,
  expect,
  type Page,
  test,
  type ViewportSize,
} from '@playwright/test'

import { emlText, linkIn, readMailFolder } from '../../server/test/accounts.ts'
import type { BookingPrice } from '../../src/contract/bookings.ts'
import { chromiumLaunchOptions } from '../chromium.ts'

/** The e2e web server's DATA_DIR (playwright.config.ts). */
export const E2E_DATA_DIR = '.tmp/e2e-data'

/** The e2e web server's DEMO_MAILBOX_TOKEN (playwright.config.ts): the demo mailbox opens with it only. */
export const E2E_MAILBOX_TOKEN = 'e2e-demo-mailbox-token'

/** Below Mantine's `md` breakpoint the header folds into a menu. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992

/**
 * The link to `path` in the newest e-mail to `to` that holds one, as a path on the server under test
 * (PUBLIC_URL names localhost, the tests use 127.0.0.1: another origin for the browser's storage). Not simply
 * the newest e-mail: another one to the same address (a booking's confirmation beside an activation, say)
 * may be written after it.
 */
export async function linkFromMail(to: string, path: string): Promise<string> {
  const text = () =>
    mailsTo(to.toLowerCase())
      .map((mail) => emlText(mail.eml))
      // As linkIn reads a link: the path, then its query (`/booking?`, not `/bookings`).
      .findLast((body) => body.includes(`${path}?`)) ?? ''
  await expect.poll(text).toContain(path)
  const url = linkIn(text(), path)
  return `${url.pathname}${url.search}`
}

export const mailsTo = (to: string) => readMailFolder(E2E_DATA_DIR).filter((mail) => mail.to.includes(to))

/**
 * Every screen's route (docs/product.md §4), the checkout session with an example id, and the heading each
 * screen names itself with in English (for a signed-in user where the screen needs one).
 */
export const SCREEN_HEADINGS = {
  '/': 'Find a place that feels like home',
  '/sign-in': 'Sign in',
  '/sign-up': 'Create an account',
  '/activate': 'Activate your account',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/search': 'Search',
  '/property': 'Property',
  '/checkout': 'Checkout',
  '/checkout-session/cs_test_123': 'Payment status',
  '/bookings': 'My bookings',
  '/booking': 'Booking',
  '/settings': 'Settings',
  '/notifications': 'Notifications',
  '/about': 'About Haven',
  '/tos': 'Terms of Use',
  '/contact': 'Contact us',
  '/agencies': 'Agencies',
  '/destinations': 'Destinations',
  '/favourites': 'Saved places',
  '/privacy': 'Privacy',
  '/cookie-policy': 'Cookie policy',
} as const

export const ROUTES = Object.keys(SCREEN_HEADINGS) as Array<keyof typeof SCREEN_HEADINGS>

/**
 * Screens of a signed-in user only (docs/product.md §2): a visitor is sent to sign in. The checkout is not one:
 * a visitor may book as a guest.
 */
export const SIGNED_IN_ROUTES: readonly string[] = ['/bookings', '/booking', '/settings', '/notifications']

/** Screens a signed-in user has nothing to do on: they are sent home. */
export const VISITOR_ROUTES: readonly string[] = ['/sign-in', '/sign-up']

/** The demo account the server seeds (README, "Try it"). */
export const DEMO_ACCOUNT = { email: 'renter@haven.test', password: 'haven-demo' }

/** Signs the demo renter in through the API, and keeps the user in the app's storage as a sign-in does. */
export async function signInAsDemo(page: Page): Promise<void> {
  const response = await page.request.post('/api/sign-in/frontend', {
    data: { ...DEMO_ACCOUNT, stayConnected: true },
  })
  expect(response.ok()).toBe(true)
  const user: unknown = await response.json()
  // The session cookie is the context's now; the app also keeps the user it signed in as.
  await page.goto('/about')
  await page.evaluate((stored) => localStorage.setItem('user', JSON.stringify(stored)), user)
}

/**
 * A renter of the test's own: signed up and activated through the API and the activation e-mail the server
 * wrote (as a newcomer does from the demo mailbox), then signed in on this page's browser as a sign-in does.
 * Each one holds nothing yet, so the tests that book never add up past the cap on unpaid holds, which the
 * demo renter (whose seeded data other specs read) would reach within one run.
 */
export async function signUpRenter(page: Page): Promise<{ _id: string; email: string; password: string }> {
  const info = test.info()
  const email = `renter-${info.project.name}-${info.testId}-${info.repeatEachIndex}-${info.retry}-${Date.now()}@haven.test`
  const password = 'renter-secret'
  const signedUp = await page.request.post('/api/sign-up', {
    data: {
      email,
      password,
      fullName: 'Mary Jackson',
      birthDate: '1990-04-09',
      language: 'en',
      acceptTerms: true,
    },
  })
  expect(signedUp.status(), await signedUp.text()).toBe(200)
  // The link of the e-mail, followed in the browser that signed up (its sign-up proof asks for no password).
  const link = new URL(await linkFromMail(email, '/activate'), 'http://link.invalid')
  const activated = await page.request.post('/api/activate', {
    data: { userId: link.searchParams.get('u'), token: link.searchParams.get('t') },
  })
  expect(activated.status(), await activated.text()).toBe(200)
  const user = (await activated.json()) as { _id: string; activated?: boolean }
  expect(user.activated).toBe(true)
  // The session cookie is the context's now; the app also keeps the user it signed in as.
  await page.goto('/about')
  await page.evaluate((stored) => localStorage.setItem('user', JSON.stringify(stored)), user)
  return { _id: user._id, email, password }
}

/**
 * The app has taken over the page the server sent drawn: no control still waits for it
 * (src/ui/ready-fieldset.tsx). Before that, a link is a plain link, followed by a whole new page load.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('fieldset[disabled]')).toHaveCount(0)
}

/** The screen settled: its heading shown and nothing loading. */
export async function settled(page: Page, { timeout }: { timeout?: number } = {}): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout })
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[role="progressbar"][aria-busy="true"]')).toHaveCount(0, { timeout })
}

/**
 * The queries a persisted query cache holds (src/offline/persister.ts: IndexedDB through idb-keyval's
 * default store, one entry per user; a visitor's by default), each named by the first `parts` parts of its key
 * ('catalog/rates'). What a reload offline can show without the network.
 */
export function persistedQueries(
  page: Page,
  storeKey = 'haven-query-cache:anonymous',
  parts = 2,
): Promise<string[]> {
  return page.evaluate(
    ({ key, parts }) =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('keyval-store')
        // Not created yet: leave its creation to the app, which makes the store it needs.
        opening.onupgradeneeded = () => opening.transaction?.abort()
        opening.onerror = () => resolve([])
        opening.onsuccess = () => {
          const db = opening.result
          const reading = db.transaction('keyval').objectStore('keyval').get(key)
          reading.onerror = () => reject(reading.error)
          reading.onsuccess = () => {
            db.close()
            const stored = reading.result as string | undefined
            if (!stored) return resolve([])
            const { clientState } = JSON.parse(stored) as {
              clientState: { queries: Array<{ queryKey: unknown[] }> }
            }
            resolve(clientState.queries.map((query) => query.queryKey.slice(0, parts).join('/')))
          }
        }
      }),
    { key: storeKey, parts },
  )
}

/** Waits until the persisted query cache holds these queries: a reload offline can then show them. */
export async function expectPersisted(page: Page, queries: string[]): Promise<void> {
  await expect.poll(() => persistedQueries(page)).toEqual(expect.arrayContaining(queries))
}

/** The service worker installed and controlling the page: from now on the app opens without a network. */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** The header's count of changes made on the device that have not reached the server yet (en or fr). */
export const waitingBadge = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^\d+ (changes?|modifications?) / })

/** Chooses Sign out as a user would: the account menu on a desktop, the menu drawer on a phone. */
export async function chooseSignOut(page: Page): Promise<void> {
  if (isPhone(page)) {
    const drawer = page.getByRole('dialog', { name: 'Haven' })
    if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click()
    await drawer.getByRole('button', { name: 'Sign out' }).click()
  } else {
    await page.getByRole('button', { name: /^Account menu of/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
  }
}

/**
 * Signed out, as a visitor sees it: back home, with "Sign in" in the header on a wide screen and in the menu
 * on a phone (opened here: sign-out lands home, which closes the menu it was chosen in).
 */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a place that feels like home')
  if (isPhone(page)) {
    const drawer = page.getByRole('dialog', { name: 'Haven' })
    await expect(drawer).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(drawer.getByRole('link', { name: 'Sign in' })).toBeVisible()
    await page.keyboard.press('Escape')
  } else {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  }
}

/** Whether this Chromium draws WebGL2 (MapLibre's need); without it, maps say they are unavailable. */
export const hasWebGL2 = (page: Page) =>
  page.evaluate(() => Boolean(document.createElement('canvas').getContext('webgl2')))

/**
 * A browser with a profile on disk (`profile`, a folder): closed and opened again, it finds what the app saved
 * there, as a closed and reopened browser does.
 */
export async function openProfile(
  profile: string,
  {
    baseURL,
    viewport,
    offline = false,
  }: { baseURL: string; viewport: ViewportSize | null; offline?: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    baseURL,
    offline,
    serviceWorkers: 'allow',
    viewport,
  })
  return { context, page: context.pages()[0] ?? (await context.newPage()) }
}

/**
 * Every queued write the server answered, by operation id: how many times (into `answered`, across the
 * contexts given). Writes go from the page to the network (the service worker lets them through): none is
 * counted twice. Counted when the answer's head arrives, from what the event carries: a page reloaded or
 * closed a moment later (the trial does both) leaves nothing more to ask the browser for.
 */
export function answeredOperations(
  context: BrowserContext,
  answered = new Map<string, number>(),
): Map<string, number> {
  context.on('response', (response) => {
    const request = response.request()
    const body = request.method() === 'POST' ? request.postData() : null
    if (!body?.includes('"operationId"') || !response.ok()) return
    const { operationId } = JSON.parse(body) as { operationId: string }
    answered.set(operationId, (answered.get(operationId) ?? 0) + 1)
  })
  return answered
}

export interface Stay {
  from: string
  to: string
}

/**
 * The first demo property whose quote for `stay` is `wanted` (the API, as the property page asks it). A test
 * run again with --repeat-each takes the next one each time, so its nights are free again.
 */
export async function propertyWhere(
  request: APIRequestContext,
  stay: Stay,
  wanted: (quote: BookingPrice) => boolean,
): Promise<string> {
  let skip = test.info().repeatEachIndex
  const search = await request.post('/api/properties/search', { data: { size: 60, language: 'en' } })
  for (const item of (await search.json()).items as Array<{ _id: string }>) {
    const quote = await request.post('/api/booking-price', { data: { propertyId: item._id, ...stay } })
    if (quote.ok() && wanted((await quote.json()) as BookingPrice) && skip-- === 0) return item._id
  }
  throw new Error('The demo data has no such property.')
}

/**
 * Books `stay` at `propertyId`, paying later, with every option the property offers (the API, as the checkout
 * page sends it); the booking's id.
 */
export async function bookPayLater(
  request: APIRequestContext,
  propertyId: string,
  stay: Stay,
): Promise<string> {
  const price = async (data: object) => {
    const priced = await request.post('/api/booking-price', { data: { propertyId, ...stay, ...data } })
    expect(priced.ok(), await priced.text()).toBe(true)
    return (await priced.json()) as BookingPrice
  }
  const { options } = await price({})
  const quote = await price({
    cancellation: options.cancellation !== 'unavailable',
    amendments: options.amendments !== 'unavailable',
  })
  const booked = await request.post('/api/checkout', {
    data: {
      operationId: crypto.randomUUID(),
      propertyId,
      ...stay,
      cancellation: quote.cancellation,
      amendments: quote.amendments,
      price: quote.breakdown.total,
      payment: 'payLater',
    },
  })
  expect(booked.ok(), await booked.text()).toBe(true)
  return ((await booked.json()) as { bookingId: string }).bookingId
}

/**
 * Puts the signed-in account's language back to English, as the other specs expect the demo account (a
 * signed-in user's ?l= or language switch changes it). Through the page, so with its session.
 */
export async function restoreEnglish(page: Page): Promise<void> {
  // A change of the language still on its way must land first.
  await page.waitForLoadState('networkidle')
  const status = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { _id?: string }
    const answer = await fetch('/api/update-language', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: user._id, language: 'en' }),
    })
    return answer.status
  })
  expect(status).toBe(200)
}

/**
 * From before any script runs, counts the headings that leave the page: a rendered page React took over as it
 * was loses none (`removedHeadings` reads them).
 */
export async function watchRemovedHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = []
    Object.assign(window, { removedHeadings: removed })
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
            removed.push(node.outerHTML.slice(0, 80))
    }).observe(document, { childList: true, subtree: true })
  })
}

export const removedHeadings = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings)

/**
 * Chromium refuses push subscriptions in Playwright's contexts, which are incognito: the browser's push
 * subscription is stood in for (an endpoint on 127.0.0.1 that refuses connections), kept across page loads as
 * the browser would keep it. Give it to `page.addInitScript`.
 */
export const standInPushManager = () => {
  const KEY = 'e2e-push-subscription'
  const subscription = () => ({
    endpoint: 'https://127.0.0.1:9/e2e-device',
    toJSON: () => ({
      endpoint: 'https://127.0.0.1:9/e2e-device',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
    unsubscribe: () => {
      localStorage.removeItem(KEY)
      return Promise.resolve(true)
    },
  })
  Object.assign(PushManager.prototype, {
    getSubscription: () => Promise.resolve(localStorage.getItem(KEY) ? subscription() : null),
    subscribe: () => {
      localStorage.setItem(KEY, 'on')
      return Promise.resolve(subscription())
    },
  })
}

declare global {
  interface Window {
    /** Each app badge the page set, in order (`recordPageBadges`); 0 for a cleared one. */
    badges?: number[]
  }
}

/**
 * Records the app badges the page sets (the Badging API has no getter to read one back), in `window.badges`.
 * Give it to `page.addInitScript`; read the newest with `pageBadge`.
 */
export const recordPageBadges = () => {
  window.badges = []
  const record = (count: number) => {
    window.badges?.push(count)
    return Promise.resolve()
  }
  Object.assign(navigator, {
    setAppBadge: (count = 0) => record(count),
    clearAppBadge: () => record(0),
  })
}

/** The app badge the page set last (`recordPageBadges`), or undefined when it set none. */
export const pageBadge = (page: Page): Promise<number | undefined> =>
  page.evaluate(() => window.badges?.at(-1))
