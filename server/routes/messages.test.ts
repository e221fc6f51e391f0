// What a change tells of (its notifications, e-mails and pushes) is written with the change or not at all,
// reaches every device once, and is sent by any server: none is lost when the one that took the request dies.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Db } from '../db/open.ts'
import { bookings, notifications, outbox } from '../db/schema.ts'
import { DEMO_RENTER } from '../db/seed/seed.ts'
import type { Logger } from '../logger.ts'
import type { MailMessage, MailSender } from '../services/mail/mail.ts'
import type { PushSender } from '../services/notifications/push.ts'
import { MAX_ATTEMPTS, startOutbox } from '../services/outbox/outbox.ts'
import { mailSealKey } from '../services/outbox/seal.ts'
import { clientOf, linkIn, newcomer, readMailFolder, signInCookie } from '../test/accounts.ts'
import { bookableProperty, checkoutBody, dayFromToday, guest } from '../test/bookings.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { browserKeys, type PushServiceStandIn, startPushService } from '../test/stand-ins/push-service.ts'

const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger

describe.each(databaseKinds())('the messages of a change on %s', (kind) => {
  let t: TestApp
  let push: PushServiceStandIn
  let cookie: string
  const { post } = clientOf(() => t.app)

  beforeAll(async () => {
    push = await startPushService()
    t = await startTestApp(kind, {
      properties: 20,
      pushCertificate: push.certificate,
      env: { PUSH_TRUSTED_ORIGINS: push.url },
    })
    cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
  })
  afterAll(async () => {
    await t?.close()
    await push?.close()
  })

  /** Makes every write to the outbox fail, as a database refusing it would, until the returned undo. */
  async function outboxRefusesWrites(db: Db) {
    await db.execute(sql`create or replace function haven_test_refuse() returns trigger language plpgsql as
      $$ begin raise exception 'the outbox refuses writes'; end $$`)
    await db.execute(sql`create trigger haven_test_refuse before insert on outbox
      for each row execute function haven_test_refuse()`)
    return () => db.execute(sql`drop trigger haven_test_refuse on outbox`)
  }

  it('fails a change whose e-mails and pushes cannot be written, whole, with a code the client translates', async () => {
    const { db } = t.database
    const property = await bookableProperty(db, {})
    const body = checkoutBody(property)
    const [existing] = await db
      .insert(bookings)
      .values({
        userId: t.seed.renterId,
        propertyId: property.id,
        agencyId: property.agencyId,
        from: dayFromToday(30),
        to: dayFromToday(33),
        status: 'PAID',
        cancellation: true,
        price: 100,
      })
      .returning()
    const notes = async () => (await db.select().from(notifications)).length
    const before = await notes()
    const allow = await outboxRefusesWrites(db)
    try {
      const checkout = await post('/api/checkout', body, cookie)
      expect(checkout.statusCode, checkout.body).toBe(503)
      expect(checkout.json()).toEqual({
        error: 'change_not_saved',
        message: 'Your change could not be saved, and nothing was changed. Try again in a moment.',
      })
      expect(checkout.headers['retry-after']).toBeDefined()
      const cancel = await post(`/api/cancel-booking/${existing!.id}`, { operationId: 'op-kept-1' }, cookie)
      expect(cancel.statusCode, cancel.body).toBe(503)
      expect(cancel.json().error).toBe('change_not_saved')
    } finally {
      await allow()
    }
    // Nothing half-done: no booking, no cancellation request, no notification.
    expect(
      await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.userId, t.seed.renterId), eq(bookings.operationId, body.operationId))),
    ).toEqual([])
    const [after] = await db.select().from(bookings).where(eq(bookings.id, existing!.id))
    expect(after!.cancelRequest).toBe(false)
    expect(await notes()).toBe(before)
    // The same changes again, once the outbox takes writes, go through and are told of.
    expect((await post('/api/checkout', body, cookie)).statusCode).toBe(200)
    const cancel = await post(`/api/cancel-booking/${existing!.id}`, { operationId: 'op-kept-1' }, cookie)
    expect(cancel.json()).toEqual({ bookingId: String(existing!.id), cancelRequest: true })
    expect(await notes()).toBe(before + 4)
  })

  it('pushes an event once to each device: a retry after one device’s failure goes to that device only', async () => {
    const subscribe = (endpoint: string) =>
      post('/api/push-subscription', { endpoint, keys: browserKeys().json }, cookie)
    expect((await subscribe(`${push.url}/push/phone`)).statusCode).toBe(200)
    expect((await subscribe(`${push.url}/push/tablet`)).statusCode).toBe(200)
    push.received.length = 0
    push.refusing.add('/push/tablet')
    const property = await bookableProperty(t.database.db, {})
    expect((await post('/api/checkout', checkoutBody(property), cookie)).statusCode).toBe(200)
    const to = (path: string) => push.received.filter((received) => received.path === path).length
    const waiting = () => t.database.db.select().from(outbox).where(eq(outbox.kind, 'push'))
    // The tablet's push service was down: its push waits for a retry; the phone's went.
    await vi.waitFor(async () => {
      expect([to('/push/phone'), to('/push/tablet')]).toEqual([1, 1])
      expect(await waiting()).toMatchObject([{ attempts: 1, claimedUntil: null }])
    })

    push.refusing.delete('/push/tablet')
    await t.database.db.update(outbox).set({ availableAt: new Date(0) })
    await t.app.ctx.outbox.drain()
    expect([to('/push/phone'), to('/push/tablet')]).toEqual([1, 2])
    expect(await waiting()).toEqual([])
  })

  // Last: the app's own outbox is stopped here for good.
  it('sends account e-mails from another server when the one that took the request dies before sending', async () => {
    // The server that takes the requests dies between each commit and its send: it sends nothing, ever.
    await t.app.ctx.outbox.stop()
    vi.spyOn(t.app.ctx.outbox, 'send').mockResolvedValue([])
    const written = readMailFolder(t.config.dataDir).length

    const signUp = await post('/api/sign-up', newcomer(`kept-${kind}@example.test`))
    expect(signUp.statusCode, signUp.body).toBe(200)
    const reset = await post(`/api/resend/frontend/${encodeURIComponent(DEMO_RENTER.email)}/true`)
    expect(reset.statusCode, reset.body).toBe(200)
    const property = await bookableProperty(t.database.db, {})
    const guestEmail = `kept-guest-${kind}@example.test`
    const checkout = await post('/api/checkout', checkoutBody(property, {}, { guest: guest(guestEmail) }))
    expect(checkout.statusCode, checkout.body).toBe(200)
    expect(readMailFolder(t.config.dataDir)).toHaveLength(written)

    // What waits in the outbox holds no live link in clear (docs/product.md §7): a copy of the database gives
    // nobody an account.
    const stored = JSON.stringify(await t.database.db.select().from(outbox).where(eq(outbox.kind, 'mail')))
    expect(stored).not.toMatch(/\/activate|\/reset-password|[?&]t=/)

    // Another server, on the same database, finds them and sends them.
    const sent: MailMessage[] = []
    const mail: MailSender = {
      send: async (message) => {
        sent.push(message)
        return { messageId: String(sent.length) }
      },
    }
    const noPush = { send: async () => undefined } as unknown as PushSender
    const sealKey = mailSealKey(t.app.ctx.secrets)
    const other = startOutbox({
      db: t.database.db,
      mail,
      push: noPush,
      log: quiet,
      sealKey,
      pollMs: 3_600_000,
    })
    await other.drain()
    await other.stop()
    const subjectsTo = (email: string) => sent.filter((m) => m.to === email).map((m) => m.subject)
    expect(subjectsTo(`kept-${kind}@example.test`)).toEqual(['Activate your Haven account'])
    expect(subjectsTo(DEMO_RENTER.email)).toContain('Reset your Haven password')
    expect(subjectsTo(guestEmail)).toContain('Activez votre compte Haven')

    // Its links work.
    const activation = linkIn(sent.find((m) => m.to === `kept-${kind}@example.test`)!.text, '/activate')
    const activated = await post('/api/activate', {
      userId: activation.searchParams.get('u'),
      token: activation.searchParams.get('t'),
      password: newcomer('').password,
    })
    expect(activated.statusCode, activated.body).toBe(200)
    // Nor did the stored rows hold the tokens the mails carried.
    for (const message of sent.filter((m) => /[?&]t=/.test(m.text))) {
      const token = linkIn(
        message.text,
        message.text.includes('/activate') ? '/activate' : '/reset-password',
      ).searchParams.get('t')!
      expect(stored).not.toContain(token)
    }

    // A mail given up for good keeps whom it was for, and no link.
    const before = await t.database.db.select({ id: outbox.id }).from(outbox)
    const resent = await post(`/api/resend/frontend/${encodeURIComponent(DEMO_RENTER.email)}/true`)
    expect(resent.statusCode, resent.body).toBe(200)
    await t.database.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1 })
    const down: MailSender = {
      send: async () => {
        throw new Error('SMTP down')
      },
    }
    const failing = startOutbox({
      db: t.database.db,
      mail: down,
      push: noPush,
      log: quiet,
      sealKey,
      pollMs: 3_600_000,
    })
    await failing.drain()
    await failing.stop()
    const known = new Set(before.map((row) => row.id))
    const givenUp = (await t.database.db.select().from(outbox)).filter((row) => !known.has(row.id))
    expect(givenUp).toHaveLength(1)
    expect(givenUp[0]!.failedAt).not.toBeNull()
    expect(givenUp[0]!.payload).toEqual({ to: DEMO_RENTER.email, subject: 'Reset your Haven password' })
  })
})
