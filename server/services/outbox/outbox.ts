// The outbox: e-mails and pushes that a change tells of are rows of `outbox`, written in the change's own
// transaction, so that a change that committed is told of even if its server dies a moment later. Whichever
// server claims a row sends it; a send that fails is tried again later, with a growing delay, by any server.
// A row is one e-mail, or one push to one device (a subscription): a device whose push service failed is
// tried again alone, and the devices that had it do not get it twice.
//
// Claiming: a row is taken with `FOR UPDATE SKIP LOCKED` (two servers never take the same one) and stamped
// `claimed_until`; a server that dies mid-send leaves the stamp to expire, and another takes the row then. So
// a message is sent at least once: a server killed between the send and the row's deletion sends it twice,
// never zero times. The server that wrote rows sends them at once (the request that made the change waits for
// its e-mails as before; pushes go in the background); every server also polls for rows left behind, and
// stopping waits for the sends in flight.
//
// A mail that carries a live link is kept sealed (./seal.ts) and opened only to be sent; a row given up for
// good keeps its address and subject for an operator, never its body.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'

import type { PushPayload } from '../../../src/domain/notifications.ts'
import type { Db } from '../../db/open.ts'
import { outbox } from '../../db/schema.ts'
import type { Logger } from '../../logger.ts'
import type { MailMessage, MailSender } from '../mail/mail.ts'
import { liveSubscriptionIds, type PushSender } from '../notifications/push.ts'
import type { Tx } from '../operations/once.ts'
import { openMail, type SealedMail } from './seal.ts'

/**
 * A push to one device. A row without `subscriptionId` (queued for the user by an earlier version) goes to
 * each of the user's devices once, a failure left to the next notification.
 */
export interface DevicePush {
  userId: number
  subscriptionId?: number
  push: PushPayload
}

export type OutboxItem =
  { kind: 'mail'; payload: MailMessage | SealedMail } | { kind: 'push'; payload: DevicePush }

/** How long a claim holds: longer than any send takes (SMTP and push calls time out well within it). */
export const CLAIM_MS = 60_000
/** Rows left behind (a failure's retry, a dead server's claim) are looked for this often. */
export const POLL_MS = 2_000
/** Attempts before a row is given up (kept with `failed_at`, a mail without its body, for an operator): about three hours of retries. */
export const MAX_ATTEMPTS = 12
const BATCH = 20

/** The wait after the `attempts`-th failure: 5 s doubling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1))

/** Writes `items` in the caller's transaction; answers their ids, for `Outbox.send`. */
export async function enqueue(tx: Db | Tx, items: OutboxItem[]): Promise<number[]> {
  if (items.length === 0) return []
  const rows = await tx
    .insert(outbox)
    .values(items.map((item) => ({ kind: item.kind, payload: item.payload })))
    .returning({ id: outbox.id })
  return rows.map((row) => row.id)
}

/**
 * Deletes `ids` (one message's rows) that no server is sending, in `tx`: true when all of them were, so none
 * will be sent. A caller that answers with its send's failure withdraws the message with it.
 */
export async function withdraw(tx: Db | Tx, ids: number[]): Promise<boolean> {
  const free = or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`))
  const deleted = await tx
    .delete(outbox)
    .where(and(inArray(outbox.id, ids), free))
    .returning({ id: outbox.id })
  return deleted.length === ids.length
}

export interface Outbox {
  /**
   * Sends these rows now, if no other server has them; resolves when done with the ids whose send failed here
   * (each waits for its retry).
   */
  send(ids: number[]): Promise<number[]>
  /** Starts sending every due row in the background. */
  nudge(): void
  /**
   * Sends every due row now and resolves when none is left and no send of this outbox is in flight (tests,
   * and stopping): a nudge's send holds rows a drain cannot claim.
   */
  drain(): Promise<void>
  /** Stops polling and waits for the sends in flight. */
  stop(): Promise<void>
}

export interface OutboxDeps {
  db: Db
  mail: MailSender
  push: PushSender
  log: Logger
  /** Opens sealed mails: `mailSealKey` of the server's secrets. */
  sealKey: Buffer
  pollMs?: number
}

interface Claimed {
  id: number
  kind: string
  payload: unknown
  attempts: number
}

export function startOutbox({ db, mail, push, log, sealKey, pollMs = POLL_MS }: OutboxDeps): Outbox {
  const inFlight = new Set<Promise<unknown>>()
  let stopped = false

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work)).catch(() => undefined)
    return work
  }

  /** Takes up to BATCH due rows (only `ids`, when given) that no server holds. */
  async function claim(ids?: number[]): Promise<Claimed[]> {
    const due = and(
      isNull(outbox.failedAt),
      lte(outbox.availableAt, sql`now()`),
      or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`)),
      ids ? inArray(outbox.id, ids) : undefined,
    )
    const picked = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(due)
      .orderBy(asc(outbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    return db
      .update(outbox)
      .set({
        claimedUntil: sql`now() + ${CLAIM_MS} * interval '1 millisecond'`,
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, picked))
      .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts })
  }

  async function deliver(row: Claimed): Promise<void> {
    if (row.kind === 'mail') {
      await mail.send(openMail(sealKey, row.payload))
      return
    }
    const { userId, subscriptionId, push: payload } = row.payload as DevicePush
    if (subscriptionId !== undefined) {
      await push.send(db, subscriptionId, payload, log)
      return
    }
    for (const device of await liveSubscriptionIds(db, userId)) {
      await push.send(db, device, payload, log).catch(() => undefined)
    }
  }

  /** What a mail given up keeps: whom it was for and what it was about, not a link it held. */
  const givenUp = (row: Claimed): { payload?: unknown } => {
    if (row.kind !== 'mail') return {}
    try {
      const { to, subject } = openMail(sealKey, row.payload)
      return { payload: { to, subject } }
    } catch {
      return { payload: { to: (row.payload as { to?: unknown }).to ?? null } }
    }
  }

  /** True once sent and deleted; false when it failed (kept for its retry). */
  async function sendOne(row: Claimed): Promise<boolean> {
    try {
      await deliver(row)
      await db.delete(outbox).where(eq(outbox.id, row.id))
      return true
    } catch (error) {
      const kind = error instanceof Error ? error.name : 'unknown'
      const last = row.attempts >= MAX_ATTEMPTS
      // The error's kind only: a message may hold an address or a provider's answer.
      log.warn(
        { outbox: row.id, kind: row.kind, attempts: row.attempts, err: { type: kind } },
        'outbox send failed',
      )
      await db
        .update(outbox)
        .set({
          claimedUntil: null,
          availableAt: sql`now() + ${retryDelayMs(row.attempts)} * interval '1 millisecond'`,
          lastError: kind,
          ...(last ? { failedAt: sql`now()`, ...givenUp(row) } : {}),
        })
        .where(eq(outbox.id, row.id))
        .catch(() => undefined)
      return false
    }
  }

  /** Sends what it could claim of `ids` (every due row when not given); answers the ids that failed. */
  async function sendClaimed(ids?: number[]): Promise<{ claimed: number; failed: number[] }> {
    const rows = await claim(ids)
    const sent = await Promise.all(rows.map(sendOne))
    return { claimed: rows.length, failed: rows.filter((_, n) => !sent[n]).map((row) => row.id) }
  }

  async function drain(): Promise<void> {
    while ((await sendClaimed()).claimed > 0) {
      // until no due row is left
    }
  }

  let draining: Promise<void> | undefined
  const nudge = () => {
    if (stopped || draining) return
    draining = track(
      drain()
        .catch((error: unknown) => {
          log.warn({ err: { type: (error as Error).name } }, 'outbox not read')
        })
        .finally(() => {
          draining = undefined
        }),
    )
  }

  let timer: NodeJS.Timeout | undefined
  const poll = () => {
    nudge()
    timer = setTimeout(poll, pollMs)
    timer.unref()
  }
  timer = setTimeout(poll, pollMs)
  timer.unref()

  return {
    async send(ids) {
      if (ids.length === 0) return []
      try {
        return (await track(sendClaimed(ids))).failed
      } catch (error) {
        log.warn({ err: { type: (error as Error).name } }, 'outbox not read')
        return ids
      }
    },
    nudge,
    async drain() {
      await track(drain())
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
  }
}
