import { randomUUID } from 'node:crypto'
import type { lookup, LookupAddress } from 'node:dns'

import { and, eq, gt, max } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { bookings, notifications, outbox, pushSubscriptions, users } from '../db/schema.ts'
import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { emitBookingEvent } from '../services/bookings/events.ts'
import { formatStayRange } from '../services/bookings/stay-dates.ts'
import { withPreposition } from '../services/french.ts'
import {
  clientOf,
  cookieHeader,
  emlText,
  lastMailTo,
  linkIn,
  readMailFolder,
  signInCookie,
} from '../test/accounts.ts'
import { answerUnpaidHolds, bookableProperty, checkoutBody } from '../test/bookings.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import {
  browserKeys,
  type PushServiceStandIn,
  startPushService,
  verifyVapid,
} from '../test/stand-ins/push-service.ts'

/** The only name push endpoints resolve in these tests, to this machine: what a hostile DNS could answer. */
const REBOUND_NAME = 'rebound.push-service.test'
const resolver = ((
  hostname: string,
  _options: object,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) =>
  hostname === REBOUND_NAME
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(
        Object.assign(new Error(`no such name`), { code: 'ENOTFOUND' }),
        [],
      )) as unknown as typeof lookup

describe.each(databaseKinds())('notifications on %s', (kind) => {
  let t: TestApp
  let push: PushServiceStandIn
  let cookie: string
  let otherCookie: string
  let renterId: string
  let otherId: string

  const { post, get } = clientOf(() => t.app)
  const counter = async (userId = renterId, who = cookie) =>
    (await get(`/api/notification-counter/${userId}`, who)).json().count as number
  const unreadRows = async (userId: number) =>
    (
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    ).length
  const idsOf = async (userId: number) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((row) =>
      String(row.id),
    )
  /** Adds `n` unread notifications for the user, as booking events make them. */
  const addNotifications = async (userId: number, who: string, n: number) => {
    await t.database.db.insert(notifications).values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        bookingId: null,
        messageEn: `Message ${i}`,
        messageFr: `Message ${i} en français`,
      })),
    )
    await post(
      `/api/mark-notifications-as-unread/${userId}`,
      {
        ids: await idsOf(userId),
        operationId: randomUUID(),
      },
      who,
    )
  }

  beforeAll(async () => {
    push = await startPushService()
    // The local push service is on 127.0.0.1: a private endpoint, accepted only as a configured stand-in.
    t = await startTestApp(kind, {
      properties: 60,
      pushCertificate: push.certificate,
      pushLookup: resolver,
      env: { PUSH_TRUSTED_ORIGINS: push.url },
    })
    cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    otherCookie = await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password)
    renterId = String(t.seed.renterId)
    otherId = String(t.seed.otherRenterId)
    // The demo renter reads French; the other renter English.
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, t.seed.renterId))
  })
  afterAll(async () => {
    await t?.close()
    await push?.close()
  })

  it('lists 30 a page, newest first, in the reader’s language, with the unread count beside', async () => {
    await addNotifications(t.seed.renterId, cookie, 40)
    const first = await get(`/api/notifications/${renterId}/1/30`, cookie)
    expect(first.statusCode, first.body).toBe(200)
    const page = first.json()
    expect(page.items).toHaveLength(30)
    expect(page.total).toBe((await idsOf(t.seed.renterId)).length)
    const ids = page.items.map((item: { _id: string }) => Number(item._id))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(page.items[0]).toMatchObject({ message: 'Message 39 en français', isRead: false, bookingId: null })
    expect(page.items[0].link).toBe('/notifications')
    expect(page.unread).toBe(await unreadRows(t.seed.renterId))
    const second = (await get(`/api/notifications/${renterId}/2/30`, cookie)).json()
    expect(second.items.length).toBe(page.total - 30)
    expect(await counter()).toBe(await unreadRows(t.seed.renterId))
  })

  it('keeps an operation id to its kind of write: reused on a settings write, it is another operation', async () => {
    const operationId = randomUUID()
    const [id] = await idsOf(t.seed.renterId)
    const marked = await post(
      `/api/mark-notifications-as-read/${renterId}`,
      { ids: [id], operationId },
      cookie,
    )
    expect(marked.statusCode, marked.body).toBe(200)
    const language = await post('/api/update-language', { id: renterId, language: 'fr', operationId }, cookie)
    expect(language.statusCode, language.body).toBe(200)
    expect(language.json()).toMatchObject({ _id: renterId, language: 'fr' })
  })

  it('takes the product’s payload, ids alone, on each of the three calls', async () => {
    const [a, b] = await idsOf(t.seed.renterId)
    const read = await post(`/api/mark-notifications-as-read/${renterId}`, { ids: [a, b] }, cookie)
    expect(read.statusCode, read.body).toBe(200)
    const unread = await post(`/api/mark-notifications-as-unread/${renterId}`, { ids: [a] }, cookie)
    expect(unread.statusCode, unread.body).toBe(200)
    expect(unread.json().count).toBe(read.json().count + 1)
    // Without an operation id, the same call again is another change.
    expect(
      (await post(`/api/mark-notifications-as-read/${renterId}`, { ids: [a] }, cookie)).json().count,
    ).toBe(read.json().count)
    const deleted = await post(`/api/delete-notifications/${renterId}`, { ids: [b] }, cookie)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await idsOf(t.seed.renterId)).not.toContain(b)
    expect(deleted.json().count).toBe(await unreadRows(t.seed.renterId))
  })

  it('answers 401 to a visitor and 403 for another user’s list, counter or notifications', async () => {
    expect((await get(`/api/notification-counter/${renterId}`)).statusCode).toBe(401)
    expect((await get(`/api/notifications/${renterId}/1/30`, otherCookie)).statusCode).toBe(403)
    expect((await get(`/api/notification-counter/${renterId}`, otherCookie)).statusCode).toBe(403)
    const mine = await idsOf(t.seed.renterId)
    const before = await counter()
    // Someone else's path, and someone else's ids under one's own path: refused, nothing changed.
    const path = await post(
      `/api/delete-notifications/${renterId}`,
      { ids: mine.slice(0, 1), operationId: randomUUID() },
      otherCookie,
    )
    expect(path.statusCode).toBe(403)
    const body = await post(
      `/api/mark-notifications-as-read/${otherId}`,
      { ids: mine.slice(0, 3), operationId: randomUUID() },
      otherCookie,
    )
    expect(body.statusCode).toBe(403)
    expect(body.json().error).toBe('forbidden')
    expect(await idsOf(t.seed.renterId)).toEqual(mine)
    expect(await counter()).toBe(before)
  })

  it('refuses bad input with 400, never 500', async () => {
    const ids = (await idsOf(t.seed.renterId)).slice(0, 1)
    for (const [url, payload] of [
      [`/api/mark-notifications-as-read/${renterId}`, { ids, operationId: 'short' }],
      [`/api/mark-notifications-as-read/${renterId}`, { ids: [], operationId: randomUUID() }],
      [`/api/mark-notifications-as-read/${renterId}`, { ids: ['0x1'], operationId: randomUUID() }],
      [`/api/delete-notifications/abc`, { ids, operationId: randomUUID() }],
      ['/api/push-subscription', { endpoint: 'http://push.test/x', keys: { p256dh: 'a', auth: 'b' } }],
    ] as const) {
      expect((await post(url, payload, cookie)).statusCode).toBe(400)
    }
    expect((await get(`/api/notifications/${renterId}/0/30`, cookie)).statusCode).toBe(400)
    expect((await get(`/api/notifications/${renterId}/1/500`, cookie)).statusCode).toBe(400)
  })

  it('has no second effect when an operation comes again, even after a later change', async () => {
    const [a, b] = await idsOf(t.seed.renterId)
    const read = { ids: [a!, b!], operationId: randomUUID() }
    const first = await post(`/api/mark-notifications-as-read/${renterId}`, read, cookie)
    expect(first.statusCode).toBe(200)
    const unread = { ids: [a!], operationId: randomUUID() }
    const afterUnread = (await post(`/api/mark-notifications-as-unread/${renterId}`, unread, cookie)).json()
    expect(afterUnread.count).toBe(first.json().count + 1)
    // The read of a, sent again by the offline queue, must not undo the later unread.
    const replay = await post(`/api/mark-notifications-as-read/${renterId}`, read, cookie)
    expect(replay.statusCode).toBe(200)
    expect(replay.json().count).toBe(afterUnread.count)
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, Number(a)))
    expect(row!.isRead).toBe(false)
  })

  it('keeps the counter equal to the unread notifications under concurrent and repeated calls', async () => {
    await addNotifications(t.seed.otherRenterId, otherCookie, 24)
    const ids = await idsOf(t.seed.otherRenterId)
    const calls = Array.from({ length: 24 }, (_, i) => {
      const slice = ids.slice(i % 6, (i % 6) + 5 + (i % 4))
      const kinds = ['mark-notifications-as-read', 'mark-notifications-as-unread', 'delete-notifications']
      const body = { ids: slice, operationId: `op-${kind}-${i % 12}-concurrent` }
      return post(`/api/${kinds[i % 3]}/${otherId}`, body, otherCookie)
    })
    const answers = await Promise.all(calls)
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200))
    expect(await counter(otherId, otherCookie)).toBe(await unreadRows(t.seed.otherRenterId))
    // Deleting all answers 0 and stays 0 when repeated.
    const everything = { ids: await idsOf(t.seed.otherRenterId), operationId: randomUUID() }
    const [gone, again] = await Promise.all([
      post(`/api/delete-notifications/${otherId}`, everything, otherCookie),
      post(`/api/delete-notifications/${otherId}`, everything, otherCookie),
    ])
    expect([gone.json().count, again.json().count]).toEqual([0, 0])
    expect(await idsOf(t.seed.otherRenterId)).toEqual([])
  })

  it('notifies on a booking, in the recipient’s language, e-mailing the agency only when it wants e-mail', async () => {
    const property = await bookableProperty(t.database.db, {})
    const [agency] = await t.database.db.select().from(users).where(eq(users.id, property.agencyId))
    await t.database.db.update(users).set({ enableEmailNotifications: false }).where(eq(users.id, agency!.id))
    const mailsBefore = readMailFolder(t.config.dataDir)
    const before = await counter()
    const body = checkoutBody(property)
    const stay = formatStayRange(body.from, body.to, 'fr')
    const answer = (await post('/api/checkout', body, cookie)).json()
    const newMails = readMailFolder(t.config.dataDir).slice(mailsBefore.length)
    // The renter's confirmation always goes; the agency asked for no e-mail.
    expect(newMails.map((mail) => mail.to).flat()).toEqual([DEMO_RENTER.email])
    expect(await counter()).toBe(before + 1)
    const [latest] = (await get(`/api/notifications/${renterId}/1/30`, cookie)).json().items
    expect(latest).toMatchObject({
      message: `Votre demande de réservation ${withPreposition('de', property.name)}, ${stay}, a été transmise à l’agence, qui y répondra.`,
      bookingId: answer.bookingId,
      link: `/booking?id=${answer.bookingId}`,
      isRead: false,
    })
    const agencyNotes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, agency!.id))
    expect(agencyNotes.some((note) => note.bookingId === Number(answer.bookingId))).toBe(true)

    // An agency's decision reaches the renter by e-mail whatever their e-mail setting (docs/product.md §12,
    // Decisions), as their own confirmations do.
    const status = async () => {
      await t.database.db
        .update(bookings)
        .set({ status: 'RESERVED' })
        .where(eq(bookings.id, Number(answer.bookingId)))
      const count = readMailFolder(t.config.dataDir).length
      await emitBookingEvent({ type: 'statusChanged', bookingId: Number(answer.bookingId) }, t.app.ctx)
      return readMailFolder(t.config.dataDir).slice(count)
    }
    expect((await status()).map((mail) => mail.subject)).toEqual([
      `Votre réservation ${withPreposition('de', property.name)}, ${stay}, est maintenant\u00a0: Réservée`,
    ])
    await post('/api/update-email-notifications', { _id: renterId, enableEmailNotifications: false }, cookie)
    expect(await status()).toHaveLength(1)
    await post('/api/update-email-notifications', { _id: renterId, enableEmailNotifications: true }, cookie)
    expect(await counter()).toBe(before + 3)
  })

  it('pushes each new notification to the user’s devices, encrypted and signed, and drops gone ones', async () => {
    const device = browserKeys()
    const gone = browserKeys()
    const subscribe = (endpoint: string, keys: { p256dh: string; auth: string }) =>
      post('/api/push-subscription', { endpoint, keys }, cookie)
    expect((await subscribe(`${push.url}/push/phone`, device.json)).json()).toEqual({ subscribed: true })
    expect((await subscribe(`${push.url}/gone/old-laptop`, gone.json)).statusCode).toBe(200)
    const serverKey = (await get('/api/push-key')).json().publicKey as string

    const property = await bookableProperty(t.database.db, {})
    push.received.length = 0
    const booked = checkoutBody(property)
    const answer = (await post('/api/checkout', booked, cookie)).json()

    // Pushed after the checkout's answer, not before it.
    const delivered = () => push.received.filter((received) => received.path === '/push/phone')
    await vi.waitFor(() => expect(delivered()).toHaveLength(1))
    const { headers, body } = delivered()[0]!
    expect(headers['content-encoding']).toBe('aes128gcm')
    expect(Number(headers.ttl)).toBeGreaterThan(0)
    const vapid = verifyVapid(String(headers.authorization))
    expect(vapid.key).toBe(serverKey)
    expect(vapid.claims).toMatchObject({ aud: push.url, sub: 'mailto:support@haven.test' })
    expect(vapid.claims.exp as number).toBeGreaterThan(Date.now() / 1000)
    expect(JSON.parse(device.decrypt(body))).toEqual({
      title: 'Réservation demandée',
      body: `Votre demande de réservation ${withPreposition('de', property.name)}, ${formatStayRange(booked.from, booked.to, 'fr')}, a été transmise à l’agence, qui y répondra.`,
      url: `/booking?id=${answer.bookingId}`,
      badge: await counter(),
      tag: `booking-${answer.bookingId}`,
    })

    // The push service said 410 for the old laptop: its subscription is gone, the phone's stays. Each device
    // is its own outbox row, sent side by side: the laptop's may land after the phone's.
    await vi.waitFor(() =>
      expect(push.received.some((received) => received.path === '/gone/old-laptop')).toBe(true),
    )
    const left = async () =>
      (
        await t.database.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, t.seed.renterId))
      ).map((row) => row.endpoint)
    await vi.waitFor(async () => expect(await left()).toEqual([`${push.url}/push/phone`]))

    // A user keeps ten subscriptions at most: the oldest go.
    for (let n = 0; n < 12; n += 1) await subscribe(`${push.url}/push/tablet-${n}`, device.json)
    expect(await left()).toHaveLength(10)
    expect(await left()).toContain(`${push.url}/push/tablet-11`)
    expect(await left()).not.toContain(`${push.url}/push/phone`)
    await subscribe(`${push.url}/push/phone`, device.json)

    // Someone else cannot remove this device; its owner can (at sign-out).
    const endpoint = { endpoint: `${push.url}/push/phone` }
    expect((await post('/api/delete-push-subscription', endpoint, otherCookie)).json()).toEqual({
      removed: false,
    })
    expect((await post('/api/delete-push-subscription', endpoint)).statusCode).toBe(401)
    expect((await post('/api/delete-push-subscription', endpoint, cookie)).json()).toEqual({ removed: true })
  })

  it('refuses at subscription, with a 400 saying why, an endpoint parsers read differently or not on a public address', async () => {
    const keys = browserKeys().json
    const malformed = [
      // WHATWG URL reads one host, the legacy url.parse web-push sends with reads 127.0.0.1, 169.254.169.254…
      'https://127.0.0.1;x/',
      "https://169.254.169.254'x/",
      'https://10.0.0.1}x/',
      'https://fcm.googleapis.com\\@127.0.0.1/x',
      // Not as the parser writes it back: another host or port than the one written.
      'https://127.1/push',
      'https://0x7f.0.0.1/push',
      'https://2130706433/push',
      'https://FCM.googleapis.com/x',
      'https://fcm.googleapis.com:443/x',
      'https://fcm.googleapis.com/x#part',
      // Credentials, a name of one label (a search domain's, an intranet's).
      'https://user:secret@fcm.googleapis.com/x',
      'https://intranet/push',
    ]
    const notPublic = [
      'https://localhost/push',
      'https://push.localhost/push',
      ...[
        '0.0.0.0',
        '10.0.0.1',
        '100.64.0.1',
        '127.0.0.1',
        '169.254.169.254',
        '172.16.0.1',
        '192.0.0.8',
        '192.0.2.1',
        '192.88.99.1',
        '192.168.1.1',
        '198.18.0.1',
        '198.19.255.254',
        '198.51.100.1',
        '203.0.113.1',
        '224.0.0.1',
        '239.255.255.250',
        '240.0.0.1',
        '255.255.255.255',
        '[::]',
        '[::1]',
        '[::ffff:a9fe:a9fe]',
        '[64:ff9b::808:808]',
        '[100::1]',
        '[2001::1]',
        '[2001:db8::1]',
        '[fd00::1]',
        '[fe80::1]',
        '[fec0::1]',
        '[ff02::1]',
      ].map((host) => `https://${host}/push`),
      // On the stand-in's address, but not its origin.
      `${push.url.replace(/:\d+$/, '')}:1/push`,
    ]
    for (const [endpoints, message] of [
      [
        malformed,
        'This push endpoint is not accepted: it must be a plain https URL (no user, no unusual characters) on a DNS name or an IP address.',
      ],
      [notPublic, 'This push endpoint is not accepted: it is not on a public address.'],
    ] as const) {
      for (const endpoint of endpoints) {
        const answer = await post('/api/push-subscription', { endpoint, keys }, cookie)
        expect(answer.statusCode, endpoint).toBe(400)
        expect(answer.json(), endpoint).toEqual({
          error: 'validation',
          message,
          fields: { endpoint: 'invalid' },
        })
      }
    }
    const saved = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)
    expect(saved.filter(({ endpoint }) => [...malformed, ...notPublic].includes(endpoint))).toEqual([])
  })

  it('never connects to an endpoint whose name resolves to a private address; the configured stand-in gets the push', async () => {
    // A second push service on this machine, not configured: reached only through a name pointing at it.
    const unlisted = await startPushService()
    try {
      const keys = browserKeys().json
      const port = new URL(unlisted.url).port
      const rebound = `https://${REBOUND_NAME}:${port}/device`
      // A DNS name is taken when saved (what it resolves to can change); it is checked at every connection.
      for (const endpoint of [rebound, `${push.url}/push/watch`]) {
        const answer = await post('/api/push-subscription', { endpoint, keys }, otherCookie)
        expect(answer.json(), endpoint).toEqual({ subscribed: true })
      }
      push.received.length = 0
      const property = await bookableProperty(t.database.db, {})
      expect((await post('/api/checkout', checkoutBody(property), otherCookie)).statusCode).toBe(200)
      await vi.waitFor(() =>
        expect(push.received.filter(({ path }) => path === '/push/watch')).toHaveLength(1),
      )
      expect(unlisted.connections).toBe(0)
      expect(unlisted.received).toEqual([])
    } finally {
      await unlisted.close()
    }
  })

  it('ends a device’s pushes with its session: sign-out, a password change elsewhere, a reset by e-mail', async () => {
    const keys = browserKeys().json
    const { email } = OTHER_RENTER
    const pushesTo = (device: string) => push.received.filter(({ path }) => path === `/push/${device}`).length
    const subscribe = async (who: string, device: string) =>
      expect(
        (await post('/api/push-subscription', { endpoint: `${push.url}/push/${device}`, keys }, who)).json(),
      ).toEqual({ subscribed: true })
    /**
     * Books as `who` and waits for the push to `device`, and for every other row the booking queued to be sent
     * (gone from the outbox): a push to another device would have landed by then.
     */
    const bookAndWaitFor = async (who: string, device: string) => {
      const before = pushesTo(device)
      const [last] = await t.database.db.select({ id: max(outbox.id) }).from(outbox)
      const property = await bookableProperty(t.database.db, {})
      await answerUnpaidHolds(t.database.db, t.seed.otherRenterId)
      expect((await post('/api/checkout', checkoutBody(property), who)).statusCode).toBe(200)
      await vi.waitFor(() => expect(pushesTo(device)).toBe(before + 1))
      await vi.waitFor(async () =>
        expect(
          await t.database.db
            .select()
            .from(outbox)
            .where(gt(outbox.id, last?.id ?? 0)),
        ).toEqual([]),
      )
    }
    const a = await signInCookie(t.app, email, OTHER_RENTER.password)
    const b = await signInCookie(t.app, email, OTHER_RENTER.password)
    const c = await signInCookie(t.app, email, OTHER_RENTER.password)
    await subscribe(a, 'phone-a')
    await subscribe(b, 'phone-b')
    await subscribe(c, 'laptop-c')
    expect((await post('/api/sign-out', undefined, c)).statusCode).toBe(200)
    // B changes the password: A is signed out, and so is its subscription; B's own stays.
    const changed = await post(
      '/api/change-password',
      { _id: otherId, password: OTHER_RENTER.password, newPassword: 'changed-secret' },
      b,
    )
    expect(changed.statusCode, changed.body).toBe(200)
    await bookAndWaitFor(b, 'phone-b')
    expect([pushesTo('phone-a'), pushesTo('laptop-c')]).toEqual([0, 0])

    // A signs in again and subscribes; a reset by e-mail then signs every device out, B's and A's.
    const a2 = await signInCookie(t.app, email, 'changed-secret')
    await subscribe(a2, 'phone-a')
    expect((await post(`/api/resend/frontend/${encodeURIComponent(email)}/true`)).statusCode).toBe(200)
    const link = linkIn(emlText(lastMailTo(t.config.dataDir, email).eml), '/reset-password')
    const reset = await post('/api/activate', {
      userId: link.searchParams.get('u'),
      token: link.searchParams.get('t'),
      password: 'reset-secret',
    })
    expect(reset.statusCode, reset.body).toBe(200)
    const d = cookieHeader(reset)
    await subscribe(d, 'tablet-d')
    const before = [pushesTo('phone-a'), pushesTo('phone-b'), pushesTo('laptop-c')]
    await bookAndWaitFor(d, 'tablet-d')
    expect([pushesTo('phone-a'), pushesTo('phone-b'), pushesTo('laptop-c')]).toEqual(before)
    const left = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, t.seed.otherRenterId))
    expect(left.map(({ endpoint }) => endpoint).filter((e) => e.includes('/push/'))).toEqual([
      `${push.url}/push/tablet-d`,
    ])
  })
})
