// Installing and updating the app (docs/architecture.md, Offline design). Updating is where installed apps
// usually break: a second build of the app, with another build id, is deployed to a server of the spec's own
// (own-server.ts) while a page of the first runs; the page offers the new version, and accepting it reloads
// onto it (offered online only); a browser closed with a change waiting reopens on the new version, which
// sends the change once. Installing: Chromium's `beforeinstallprompt` is played by the page (a headless browser never
// offers it), an installed app (display-mode standalone) shows nothing, iOS Safari gets its hint.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { devices, expect, type Page, test } from './fixtures.ts'
import { buildNextVersion, NEXT_DIST } from './next-version.ts'
import { OWN_SERVER_PORT, ownServer, type OwnServer } from './own-server.ts'
import {
  answeredOperations,
  isPhone,
  openProfile,
  settled,
  signInAsDemo,
  underServiceWorker,
  waitingBadge,
} from './support.ts'

test.use({ baseURL: `http://127.0.0.1:${OWN_SERVER_PORT}` })
test.describe.configure({ mode: 'serial' })

let server: OwnServer

test.beforeAll(async () => {
  test.setTimeout(420_000)
  buildNextVersion()
  server = await ownServer()
})

test.afterAll(async () => {
  await server?.dispose()
})

/** The app's entry script named by a build's index.html. */
const entryOf = (dist: string) =>
  /<script type="module" crossorigin src="([^"]+)"/.exec(readFileSync(`${dist}/index.html`, 'utf8'))![1]!

/** The entry script the open page runs. */
const runningEntry = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src^="/assets/"]')?.getAttribute('src'))

test('a new version deployed is offered, and accepting it reloads the page onto it', async ({ page }) => {
  const [first, next] = [entryOf('dist'), entryOf(NEXT_DIST)]
  expect(next, 'the two builds differ').not.toBe(first)
  await page.goto('/about')
  await underServiceWorker(page)
  expect(await runningEntry(page)).toBe(first)

  await server.stop()
  await server.start(NEXT_DIST)
  try {
    // The tab comes back into view: the app asks for a new version
    // (src/offline/service-worker-registration.ts).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available.' })
    await expect(prompt).toBeVisible({ timeout: 30_000 })
    // Nothing changes under the renter until they say so.
    expect(await runningEntry(page)).toBe(first)
    // Offline, the new version is not offered (it could not load again what the old one saved); it is
    // offered again with the connection.
    await page.context().setOffline(true)
    await expect(prompt).toBeHidden()
    await page.context().setOffline(false)
    await expect(prompt).toBeVisible()

    // The new worker takes over, and the page reloads onto the new version.
    const reloaded = page.waitForEvent('load', { timeout: 30_000 })
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    expect(await runningEntry(page)).toBe(next)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Haven')
    await expect(prompt).toBeHidden()
    // The worker in control is the new version's: it serves the new build, offline too.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')
    await page.context().setOffline(true)
    await page.reload()
    expect(await runningEntry(page)).toBe(next)
  } finally {
    await page.context().setOffline(false)
    await server.stop()
    await server.start()
  }
})

test('changes waiting when the app is closed reach the server once from the new version it opens on', async ({
  viewport,
}) => {
  const profile = mkdtempSync(join(tmpdir(), 'haven-update-profile-'))
  const answered = new Map<string, number>()
  const open = async (offline = false) => {
    const opened = await openProfile(profile, { baseURL: server.url, viewport, offline })
    answeredOperations(opened.context, answered)
    return opened
  }
  let { context, page } = await open()
  try {
    await signInAsDemo(page)
    const userId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user')!) as { _id: string })._id,
    )
    const emailOn = async () =>
      (
        (await (await page.request.get(`/api/user/${userId}`)).json()) as {
          enableEmailNotifications: boolean
        }
      ).enableEmailNotifications
    const before = await emailOn()
    await page.goto('/settings')
    await underServiceWorker(page)
    await settled(page)
    const first = await runningEntry(page)

    // A new version is deployed and downloaded while the app is open; the renter does not reload.
    await server.stop()
    await server.start(NEXT_DIST)
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await expect(page.getByRole('status').filter({ hasText: 'A new version is available.' })).toBeVisible({
      timeout: 30_000,
    })

    // Offline, a change waits; the app is closed with it.
    await context.setOffline(true)
    await page.getByRole('switch', { name: 'E-mail notifications' }).click({ force: true })
    await expect(waitingBadge(page)).toHaveText('1 change waiting')
    await context.close()

    // Opened again, still offline: the browser starts the new version, and the change still waits.
    ;({ context, page } = await open(true))
    await page.goto('/settings')
    expect(await runningEntry(page)).toBe(entryOf(NEXT_DIST))
    expect(await runningEntry(page)).not.toBe(first)
    await expect(waitingBadge(page)).toHaveText('1 change waiting', { timeout: 30_000 })
    expect(answered.size).toBe(0)

    // Back online, the new version sends it, once.
    await context.setOffline(false)
    await expect(waitingBadge(page)).toHaveCount(0, { timeout: 30_000 })
    expect(await emailOn()).toBe(!before)
    await expect.poll(() => [...answered.values()]).toEqual([1])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
    await server.stop()
    await server.start()
  }
})

/** Plays Chromium offering the install: the event the app keeps, with a prompt that records its call. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true })
    const record = window as unknown as { installPrompted: number; offerPrevented: boolean }
    record.installPrompted = 0
    Object.assign(offer, {
      prompt: () => Promise.resolve(void (record.installPrompted += 1)),
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    })
    window.dispatchEvent(offer)
    record.offerPrevented = offer.defaultPrevented
  })

/** Where the header keeps its Install button: beside the account on a desktop, in the menu on a phone. */
async function installButton(page: Page) {
  if (isPhone(page)) {
    const drawer = page.getByRole('dialog', { name: 'Haven' })
    if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click()
    return drawer.getByRole('button', { name: 'Install' })
  }
  return page.getByRole('banner').getByRole('button', { name: 'Install' })
}

test('Install appears when the browser offers it, opens the browser’s prompt once, and never in the installed app', async ({
  page,
  browser,
}) => {
  await page.goto('/about')
  await settled(page)
  await expect(await installButton(page)).toHaveCount(0)
  // The browser makes its offer once the page has loaded: on a phone, while the menu is closed.
  await page.reload()
  await settled(page)

  await offerInstall(page)
  // The browser's own mini-infobar is kept away: the header offers the install instead.
  expect(await page.evaluate(() => (window as unknown as { offerPrevented: boolean }).offerPrevented)).toBe(
    true,
  )
  const install = await installButton(page)
  await expect(install).toBeVisible()
  await install.click()
  expect(await page.evaluate(() => (window as unknown as { installPrompted: number }).installPrompted)).toBe(
    1,
  )
  // The browser's offer can be used once: the button goes.
  await expect(install).toHaveCount(0)

  // Opened as the installed app (display-mode standalone), nothing is offered even when the browser would.
  const installed = await browser.newContext({ baseURL: `http://127.0.0.1:${OWN_SERVER_PORT}` })
  try {
    const app = await installed.newPage()
    await app.addInitScript(() => {
      const original = window.matchMedia.bind(window)
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)'
          ? ({ ...original(query), matches: true } as MediaQueryList)
          : original(query)
    })
    await app.goto('/about')
    await settled(app)
    await offerInstall(app)
    // The app took the offer, and has drawn a frame since: a button would be there by now.
    expect(await app.evaluate(() => (window as unknown as { offerPrevented: boolean }).offerPrevented)).toBe(
      true,
    )
    await app.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await expect(app.getByRole('button', { name: 'Install' })).toHaveCount(0)
  } finally {
    await installed.close()
  }
})

// An iPhone of its own, in the desktop project (playwright.config.ts): its menu shows Install where a phone's does.
test('iOS Safari, which offers no install prompt, gets the Add to Home Screen hint', async ({ browser }) => {
  const { userAgent, viewport } = devices['iPhone 13']
  const iphone = await browser.newContext({
    baseURL: `http://127.0.0.1:${OWN_SERVER_PORT}`,
    userAgent,
    viewport,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await iphone.newPage()
    await page.goto('/about')
    await settled(page)
    await (await installButton(page)).click()
    await expect(page.getByText('To install Haven, tap Share, then Add to Home Screen.')).toBeVisible()
  } finally {
    await iphone.close()
  }
})
