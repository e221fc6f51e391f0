// The offline queue against a server that goes away (docs/architecture.md, Offline design): changes made
// while the server is stopped wait on the device like changes made offline, and a seeded trial of changes
// across connection cuts, reloads and server restarts ends with the server holding exactly what the renter
// did, each change once. The server is the spec's own (own-server.ts), so that it can be stopped, with fresh
// demo data for each project: the demo renter's settings and notifications may change freely.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { pick, random as seededRandom } from '../../server/db/seed/random.ts'
import { expect, type Page, test } from './fixtures.ts'
import { OWN_SERVER_PORT, ownServer, type OwnServer } from './own-server.ts'
import {
  answeredOperations,
  openProfile,
  persistedQueries,
  settled,
  signInAsDemo,
  underServiceWorker,
  waitingBadge,
} from './support.ts'

test.use({ baseURL: `http://127.0.0.1:${OWN_SERVER_PORT}` })
test.describe.configure({ mode: 'serial' })

let server: OwnServer

test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await ownServer()
})

test.afterAll(async () => {
  await server?.dispose()
})

interface ServerUser {
  _id: string
  language: 'en' | 'fr'
  enableEmailNotifications: boolean
}

interface ServerNotification {
  _id: string
  isRead: boolean
}

const signedInUserId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user')!) as { _id: string })._id)

async function serverState(page: Page, userId: string) {
  const user = (await (await page.request.get(`/api/user/${userId}`)).json()) as ServerUser
  const list = (await (await page.request.get(`/api/notifications/${userId}/1/100`)).json()) as {
    items: ServerNotification[]
  }
  return {
    language: user.language,
    email: user.enableEmailNotifications,
    notifications: list.items.map(({ _id, isRead }) => ({ _id, isRead })),
  }
}

const EMAIL_SWITCH = /^(E-mail notifications|Notifications par e-mail) /
const LANGUAGE_NAMES = { en: 'English', fr: 'Français' } as const
const LABELS = {
  en: { read: 'Mark as read', unread: 'Mark as unread', delete: 'Delete', settings: 'Settings' },
  fr: {
    read: 'Marquer comme lue',
    unread: 'Marquer comme non lue',
    delete: 'Supprimer',
    settings: 'Paramètres',
  },
} as const

test('changes made while the server is down outlive a reload and a closed browser, then reach it once each', async ({
  viewport,
}) => {
  // A browser with a profile on disk, so that it can be closed and opened again with what it saved.
  const profile = mkdtempSync(join(tmpdir(), 'haven-server-down-profile-'))
  const answered = new Map<string, number>()
  const open = async () => {
    const opened = await openProfile(profile, { baseURL: server.url, viewport })
    answeredOperations(opened.context, answered)
    return opened
  }
  let { context, page } = await open()
  try {
    await signInAsDemo(page)
    const userId = await signedInUserId(page)
    await underServiceWorker(page)
    const before = await serverState(page, userId)
    await page.goto('/settings')
    await settled(page)

    await server.stop()
    try {
      // The browser says online; only the server is gone. The changes show at once and wait.
      await page.getByRole('switch', { name: 'E-mail notifications' }).click({ force: true })
      await expect(waitingBadge(page)).toHaveText('1 change waiting', { timeout: 30_000 })
      await page.getByRole('radiogroup').getByText('Français').click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paramètres')
      await expect(waitingBadge(page)).toHaveText('2 modifications en attente')
      // They outlive a reload with the server still away…
      await page.reload()
      await expect(waitingBadge(page)).toHaveText('2 modifications en attente', { timeout: 30_000 })
      await expect(page.getByRole('switch', { name: 'Notifications par e-mail' })).toBeChecked({
        checked: !before.email,
      })
      // …and a closed browser.
      await context.close()
      ;({ context, page } = await open())
      await page.goto('/settings')
      await expect(waitingBadge(page)).toHaveText('2 modifications en attente', { timeout: 30_000 })
      expect(answered.size).toBe(0)
    } finally {
      await server.start()
    }

    // No 'online' event comes when only the server was away: the app asks it again (every 15 s) and sends.
    await expect(waitingBadge(page)).toHaveCount(0, { timeout: 45_000 })
    // The badge drops as the changes leave; their answers come a moment later.
    await expect.poll(() => answered.size).toBe(2)
    const after = await serverState(page, userId)
    expect([after.language, after.email]).toEqual(['fr', !before.email])
    console.log(
      `server stopped: ${answered.size} changes answered, each ${[...answered.values()].join(', ')} time(s)`,
    )
    expect([...answered.values()]).toEqual([1, 1])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('every personal route opens cold, by reload and by deep link, offline and with the server away', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000)
  await signInAsDemo(page)
  const userId = await signedInUserId(page)
  await underServiceWorker(page)
  const list = await (await page.request.post('/api/bookings', { data: { size: 5, language: 'en' } })).json()
  const booking = list.items[0] as { _id: string; property: { _id: string } }
  // Each route, and the start of the key its data is kept under on the device.
  const routes: Array<[string, string]> = [
    ['/bookings', 'bookings/'],
    [`/booking?id=${booking._id}`, 'booking/'],
    ['/notifications', 'notifications/list'],
    ['/settings', 'user/'],
    [`/property?id=${booking.property._id}`, 'catalog/property'],
    ['/', 'catalog/search'],
  ]
  for (const [path, kept] of routes) {
    await page.goto(path)
    await settled(page)
    await expect
      .poll(
        async () =>
          (await persistedQueries(page, `haven-query-cache:${userId}`)).some((name) => name.startsWith(kept)),
        {
          message: path,
        },
      )
      .toBe(true)
  }

  /** The route shows its saved data: its heading, no spinner, no "not saved", and how old the data is. */
  const expectSaved = async (shown: Page, path: string, condition: string) => {
    const heading = shown.getByRole('heading', { level: 1 })
    await expect(heading, `${path} (${condition})`).toBeVisible({ timeout: 30_000 })
    await expect(heading, `${path} (${condition})`).not.toContainText('not available offline')
    await expect(shown.getByText(/not saved on this device/), `${path} (${condition})`).toHaveCount(0)
    await expect(
      shown.locator('[role="progressbar"][aria-busy="true"]'),
      `${path} (${condition})`,
    ).toHaveCount(0, { timeout: 30_000 })
    if (path !== '/' && path !== '/notifications') {
      await expect(shown.getByTestId('last-updated'), `${path} (${condition})`).toBeVisible()
    }
    if (path === '/notifications') await expect(shown.getByTestId('notification').first()).toBeVisible()
  }

  const conditions = [
    {
      name: 'browser offline',
      begin: () => context.setOffline(true),
      end: () => context.setOffline(false),
    },
    { name: 'server away', begin: () => server.stop(), end: () => server.start() },
  ]
  for (const condition of conditions) {
    await condition.begin()
    try {
      for (const [path] of routes) {
        // By reload: the route open, then the page loaded again.
        await page.goto(path)
        await page.reload()
        await expectSaved(page, path, `${condition.name}, reload`)
        // By deep link: a new tab opened on the route (a link from a mail, a notification tapped).
        const tab = await context.newPage()
        await tab.goto(path)
        await expectSaved(tab, path, `${condition.name}, deep link`)
        await tab.close()
      }
    } finally {
      await condition.end()
    }
  }
})

const TRIAL_SEED = 20261124
const TRIAL_CHANGES = 60
const MAX_SERVER_STOPS = 4
/** Rows the trial acts on: the first screen of the list, whatever the viewport. */
const ROWS_USED = 5

test(`a seeded trial of ${TRIAL_CHANGES} changes across connection cuts, reloads and server restarts loses none and applies none twice`, async ({
  page,
  context,
}) => {
  test.setTimeout(600_000)
  // The demo data's seeded generator: the same seed plays the same trial on every run.
  const random = seededRandom(TRIAL_SEED)
  // How often the page sent each operation (a request is seen as it leaves; its answer may not be: a page
  // left while it came back reports it aborted, though the page may have read it).
  const sent = new Map<string, number>()
  context.on('request', (request) => {
    const body = request.method() === 'POST' ? request.postData() : null
    if (!body?.includes('"operationId"')) return
    const { operationId } = JSON.parse(body) as { operationId: string }
    sent.set(operationId, (sent.get(operationId) ?? 0) + 1)
  })
  await signInAsDemo(page)
  const userId = await signedInUserId(page)
  await underServiceWorker(page)

  // What the renter expects the server to hold in the end: the server's state, with each change applied.
  const start = await serverState(page, userId)
  const model = { language: start.language, email: start.email, notifications: start.notifications }
  expect(model.notifications.length, 'the demo renter has notifications to act on').toBeGreaterThan(3)
  const conditions = { offline: false, serverDown: false, stops: 0, reloads: 0, flips: 0 }
  const counts: Record<string, number> = {}
  let changes = 0

  const heading = () => page.getByRole('heading', { level: 1 })
  const open = async (path: '/settings' | '/notifications') => {
    if (new URL(page.url()).pathname !== path) await page.goto(path)
    await expect(heading()).toBeVisible({ timeout: 30_000 })
  }
  const rows = () => page.getByTestId('notification')
  /** The screen shows what the model holds (the list's first rows, the switch, the language). */
  const expectShown = async () => {
    const path = new URL(page.url()).pathname
    if (path === '/settings') {
      await expect(heading()).toHaveText(LABELS[model.language].settings)
      await expect(page.getByRole('switch', { name: EMAIL_SWITCH })).toBeChecked({ checked: model.email })
    } else if (path === '/notifications') {
      await expect(rows().first()).toBeVisible({ timeout: 30_000 })
      for (const [index, notification] of model.notifications.slice(0, ROWS_USED).entries()) {
        const row = rows().nth(index)
        if (notification.isRead) await expect(row, `row ${index}`).not.toHaveAttribute('data-unread')
        else await expect(row, `row ${index}`).toHaveAttribute('data-unread', 'true')
      }
    }
  }

  const changeNotification = async (kind: 'read' | 'unread' | 'delete') => {
    await open('/notifications')
    await expectShown()
    const index = Math.floor(random() * Math.min(ROWS_USED, model.notifications.length))
    const checkbox = rows().nth(index).getByRole('checkbox')
    await checkbox.check()
    const labels = LABELS[model.language]
    await page.getByRole('button', { name: labels[kind], exact: true }).click()
    if (kind === 'delete') {
      await page.getByRole('dialog').getByRole('button', { name: labels.delete, exact: true }).click()
      model.notifications.splice(index, 1)
    } else {
      model.notifications[index]!.isRead = kind === 'read'
      await checkbox.uncheck()
    }
  }

  while (changes < TRIAL_CHANGES) {
    const roll = random()
    if (roll < 0.08) {
      conditions.offline = !conditions.offline
      conditions.flips += 1
      await context.setOffline(conditions.offline)
      continue
    }
    if (roll < 0.13 && (conditions.serverDown || conditions.stops < MAX_SERVER_STOPS)) {
      if (conditions.serverDown) {
        await server.start()
      } else {
        await server.stop()
        conditions.stops += 1
      }
      conditions.serverDown = !conditions.serverDown
      continue
    }
    if (roll < 0.18) {
      await page.reload()
      await expect(heading()).toBeVisible({ timeout: 30_000 })
      conditions.reloads += 1
      await expectShown()
      continue
    }
    const kind = pick(
      ['email', 'email', 'language', 'read', 'read', 'unread', 'unread', 'delete'] as const,
      random,
    )
    if (kind === 'delete' && model.notifications.length <= ROWS_USED) continue
    if (kind === 'email') {
      await open('/settings')
      await expectShown()
      await page.getByRole('switch', { name: EMAIL_SWITCH }).click({ force: true })
      model.email = !model.email
    } else if (kind === 'language') {
      await open('/settings')
      await expectShown()
      model.language = model.language === 'en' ? 'fr' : 'en'
      await page.getByRole('radiogroup').getByText(LANGUAGE_NAMES[model.language]).click()
    } else {
      await changeNotification(kind)
    }
    changes += 1
    counts[kind] = (counts[kind] ?? 0) + 1
    await expectShown()
  }

  // Back online, the server up: the queue empties on its own.
  if (conditions.offline) await context.setOffline(false)
  if (conditions.serverDown) await server.start()
  await expect(waitingBadge(page)).toHaveCount(0, { timeout: 60_000 })
  await expect.poll(() => serverState(page, userId), { timeout: 20_000 }).toEqual(model)

  // Each change was sent with its own operation, and the server holds each one: its own record of what it
  // applied (one record per operation, whatever the deliveries), not the browser's network events.
  await server.stop()
  const applied = new Set((await server.operationsOf(Number(userId))).map((key) => key.split(':').pop()))
  await server.start()
  const ids = [...sent.keys()]
  console.log(
    `seeded trial (seed ${TRIAL_SEED}): ${TRIAL_CHANGES} changes ${JSON.stringify(counts)}; ` +
      `${conditions.flips} connection flips, ${conditions.reloads} reloads, ${conditions.stops} server stops; ` +
      `${ids.length} operations sent, ${ids.filter((id) => applied.has(id)).length} applied, ` +
      `${[...sent.values()].filter((times) => times > 1).length} sent more than once; ` +
      `server state equals the expected state`,
  )
  expect(ids.length).toBe(TRIAL_CHANGES)
  expect(ids.filter((id) => !applied.has(id))).toEqual([])
  expect(conditions.stops).toBeGreaterThan(0)
  expect(conditions.reloads).toBeGreaterThan(0)
  expect(conditions.flips).toBeGreaterThan(0)
})
