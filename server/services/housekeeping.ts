// Housekeeping: the rows nobody deletes on their own, removed on a timer by the running server
// (docs/operations.md). Unpaid temporary bookings go as soon as their payment window closes, and refunds a
// provider could not make yet are asked for again at the same turn; expired sessions and e-mailed links, and
// old records of replayed operations, once an hour. On the embedded PGlite, which has no autovacuum, the
// database is vacuumed and its statistics renewed once a day.
import { lt, sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'

import { OPERATION_RECORDS_KEPT_MS } from '../../src/domain/constants.ts'
import type { Db } from '../db/open.ts'
import { operations, sessions, userTokens } from '../db/schema.ts'
import { releaseExpiredBookings } from './payments/confirm.ts'

const MINUTE_MS = 60_000

/** How often temporary bookings whose payment window closed are released. */
const RELEASE_EVERY_MS = MINUTE_MS
/** How often expired sessions and links and old operation records are swept. */
const SWEEP_EVERY_MS = 60 * MINUTE_MS
/**
 * How often the embedded database is vacuumed. PGlite runs PostgreSQL without its background workers, so
 * nothing else reclaims deleted rows or keeps the planner's statistics and visibility map fresh (a count that
 * an index could answer reads the table instead). It holds the database while it runs: about 0.9 s on
 * 100,000 properties, milliseconds on the demo data.
 */
const VACUUM_EVERY_MS = 24 * 60 * MINUTE_MS

export interface SweepResult {
  sessions: number
  links: number
  operations: number
}

/** Deletes sessions and e-mailed links past their expiry, and operation records older than 90 days. */
export async function sweepStaleRecords(db: Db, now = new Date()): Promise<SweepResult> {
  const [ended, links, replayed] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(userTokens).where(lt(userTokens.expiresAt, now)).returning({ id: userTokens.id }),
    db
      .delete(operations)
      .where(lt(operations.createdAt, new Date(now.getTime() - OPERATION_RECORDS_KEPT_MS)))
      .returning({ userId: operations.userId }),
  ])
  return { sessions: ended.length, links: links.length, operations: replayed.length }
}

/**
 * Runs the jobs while the server is up: once as it starts (a server restarted more often than hourly still
 * sweeps), then each again its interval after the last run ended, so that a slow run never overlaps the next.
 * A failed run is logged (without details) and tried again at its next turn.
 */
export const housekeepingPlugin: FastifyPluginAsync<{ db: Db; embedded: boolean }> = async (
  app,
  { db, embedded },
) => {
  const timers = new Map<string, NodeJS.Timeout>()
  let closed = false
  const every = (ms: number, job: string, run: () => Promise<unknown>) => {
    const turn = () => {
      run()
        .catch((error: unknown) => {
          app.log.warn({ job, err: { type: (error as Error).name } }, 'housekeeping job failed')
        })
        .finally(() => {
          if (closed) return
          const timer = setTimeout(turn, ms)
          timer.unref()
          timers.set(job, timer)
        })
    }
    turn()
  }
  app.addHook('onReady', async () => {
    every(RELEASE_EVERY_MS, 'release expired bookings', () => releaseExpiredBookings(app.ctx))
    every(SWEEP_EVERY_MS, 'sweep stale records', () => sweepStaleRecords(db))
    if (embedded) every(VACUUM_EVERY_MS, 'vacuum', () => db.execute(sql`vacuum analyze`))
  })
  app.addHook('onClose', async () => {
    closed = true
    for (const timer of timers.values()) clearTimeout(timer)
  })
}
