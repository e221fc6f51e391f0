// The outbox: what a change tells of is written with the change, and sent once by whichever server claims it,
// again after a failure, by another server after a death, and never dropped by a server that stops.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Database, type Db, openDatabase } from '../../db/open.ts'
import { outbox } from '../../db/schema.ts'
import type { Logger } from '../../logger.ts'
import { createPostgresDatabase, databaseKinds } from '../../test/harness.ts'
import type { MailMessage, MailSender } from '../mail/mail.ts'
import type { PushSender } from '../notifications/push.ts'
import { enqueue, type Outbox, startOutbox } from './outbox.ts'
import { mailSealKey } from './seal.ts'

const quiet: Logger = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
} as unknown as Logger

/** A mail sender that keeps what it sent, fails while `failing` is set, and waits on `gate` when given. */
function recordingMail() {
  const sent: MailMessage[] = []
  const state = { failing: false, gate: undefined as Promise<void> | undefined }
  const sender: MailSender = {
    async send(message) {
      if (state.gate) await state.gate
      if (state.failing) throw new Error('SMTP down')
      sent.push(message)
      return { id: String(sent.length) } as never
    },
  }
  return { sender, sent, state }
}

const pushes: Array<{ subscriptionId: number }> = []
const push = {
  publicKey: 'k',
  check: () => undefined,
  async send(_db: Db, subscriptionId: number) {
    pushes.push({ subscriptionId })
  },
  close: () => undefined,
} as unknown as PushSender

const message = (n: number): MailMessage => ({ to: `r${n}@haven.test`, subject: `s${n}`, text: `t${n}` })

describe.each(databaseKinds())('the outbox on %s', (kind) => {
  let database: Database
  const running: Outbox[] = []
  const start = (mail: MailSender) => {
    // A long poll: the tests say when to send.
    const box = startOutbox({
      db: database.db,
      mail,
      push,
      log: quiet,
      sealKey: mailSealKey({ sessionSecret: 'test' }),
      pollMs: 3_600_000,
    })
    running.push(box)
    return box
  }

  beforeAll(async () => {
    database = await openDatabase({ url: kind === 'postgres' ? await createPostgresDatabase() : undefined })
  })
  afterAll(async () => {
    await Promise.all(running.map((box) => box.stop()))
    await database.close()
  })

  it('writes nothing when the change it tells of rolls back', async () => {
    const { db } = database
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, [{ kind: 'mail', payload: message(1) }])
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await db.select().from(outbox)).toEqual([])
  })

  it('sends a row once and deletes it', async () => {
    const mail = recordingMail()
    const box = start(mail.sender)
    const ids = await database.db.transaction((tx) => enqueue(tx, [{ kind: 'mail', payload: message(2) }]))
    await box.send(ids)
    await box.send(ids)
    expect(mail.sent.map((m) => m.to)).toEqual(['r2@haven.test'])
    expect(await database.db.select().from(outbox)).toEqual([])
  })

  it('keeps a failed send for later, then sends it from another server', async () => {
    const first = recordingMail()
    first.state.failing = true
    const ids = await enqueue(database.db, [{ kind: 'mail', payload: message(3) }])
    await start(first.sender).send(ids)
    const [kept] = await database.db.select().from(outbox).where(eq(outbox.id, ids[0]!))
    expect(kept).toMatchObject({ attempts: 1, lastError: 'Error', claimedUntil: null, failedAt: null })
    expect(kept!.availableAt.getTime()).toBeGreaterThan(Date.now())

    // Its retry comes due; another server's poll sends it.
    await database.db
      .update(outbox)
      .set({ availableAt: new Date(0) })
      .where(eq(outbox.id, ids[0]!))
    const second = recordingMail()
    await start(second.sender).drain()
    expect(second.sent.map((m) => m.to)).toEqual(['r3@haven.test'])
    expect(await database.db.select().from(outbox)).toEqual([])
  })

  it('lets another server take a row whose claim outlived its server', async () => {
    const ids = await enqueue(database.db, [
      {
        kind: 'push',
        payload: {
          userId: 7,
          subscriptionId: 70,
          push: { title: 'a', body: 'b', url: '/', badge: 1, tag: 'haven' },
        },
      },
    ])
    // Claimed by a server that died mid-send: its claim still holds, so nobody takes the row...
    await database.db
      .update(outbox)
      .set({ claimedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(outbox.id, ids[0]!))
    const mail = recordingMail()
    const box = start(mail.sender)
    pushes.length = 0
    await box.drain()
    expect(pushes).toEqual([])
    // ...until the claim ends.
    await database.db
      .update(outbox)
      .set({ claimedUntil: new Date(Date.now() - 1) })
      .where(eq(outbox.id, ids[0]!))
    await box.drain()
    expect(pushes).toEqual([{ subscriptionId: 70 }])
  })

  it('sends each row once when two servers drain at the same moment', async () => {
    const items = Array.from({ length: 30 }, (_, n) => ({ kind: 'mail' as const, payload: message(100 + n) }))
    await enqueue(database.db, items)
    const [a, b] = [recordingMail(), recordingMail()]
    await Promise.all([start(a.sender).drain(), start(b.sender).drain()])
    const sent = [...a.sent, ...b.sent].map((m) => m.to).sort()
    expect(sent).toEqual(items.map((item) => item.payload.to).sort())
  })

  it('finishes the sends in flight before it stops', async () => {
    const mail = recordingMail()
    let open!: () => void
    mail.state.gate = new Promise((resolve) => (open = resolve))
    const box = startOutbox({
      db: database.db,
      mail: mail.sender,
      push,
      log: quiet,
      sealKey: mailSealKey({ sessionSecret: 'test' }),
      pollMs: 3_600_000,
    })
    const ids = await enqueue(database.db, [{ kind: 'mail', payload: message(4) }])
    const sending = box.send(ids)
    let stopped = false
    const stopping = box.stop().then(() => (stopped = true))
    // The send is waiting on its SMTP server: stopping waits for it.
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(stopped).toBe(false)
    open()
    await Promise.all([sending, stopping])
    expect(mail.sent.map((m) => m.to)).toEqual(['r4@haven.test'])
    expect(await database.db.select().from(outbox)).toEqual([])
  })
})
