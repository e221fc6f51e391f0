// Housekeeping: the rows nobody deletes on their own, removed on a timer by the running server
// (docs/operations.md). Unpaid temporary bookings lapse as soon as their payment window closes, and refunds a
// provider could not make yet are asked for again at the same turn; expired sessions and e-mailed links, old
// records of replayed operations and property images uploaded but left unused for a day, once an hour. On the embedded PGlite, which has no autovacuum, the
// database is vacuumed and its statistics renewed once a day.
//
// Several servers on one PostgreSQL share the work: each job's turn takes a transaction-scoped advisory lock
// without waiting (the server that does not get it skips its turn: another one is running the job) and runs
// the job only when no server ran it within its interval (housekeeping_runs says when it last ran). Advisory
// locks rather than a job queue (pg-boss, graphile-worker): the jobs are idempotent periodic sweeps, not work
// items that must each be done once, so they need no queue tables, workers or retries of their own, and the
// same code runs on PGlite, where the one process holding the database runs every turn.
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'

import { OPERATION_RECORDS_KEPT_MS } from '../../src/domain/constants.ts'
import { lockKey } from '../db/advisory-lock.ts'
import type { Database, Db } from '../db/open.ts'
import { housekeepingRuns, operations, sessions, userTokens } from '../db/schema.ts'
import { sweepRateLimitHits } from './auth/rate-limit-store.ts'
import { lapseUnverifiedHolds } from './bookings/unpaid-holds.ts'
import { sweepUnusedUploads } from './listings/images.ts'
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
  /** Request counts (servers on PostgreSQL) whose window has ended. */
  rateLimits: number
}

/** Deletes sessions and e-mailed links past their expiry, operation records older than 90 days, ended request counts. */
export async function sweepStaleRecords(db: Db, now = new Date()): Promise<SweepResult> {
  const [ended, links, replayed, limits] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(userTokens).where(lt(userTokens.expiresAt, now)).returning({ id: userTokens.id }),
    db
      .delete(operations)
      .where(lt(operations.createdAt, new Date(now.getTime() - OPERATION_RECORDS_KEPT_MS)))
      .returning({ userId: operations.userId }),
    sweepRateLimitHits(db, now),
  ])
  return { sessions: ended.length, links: links.length, operations: replayed.length, rateLimits: limits }
}

export interface HousekeepingJob {
  name: string
  /** Its interval: on PostgreSQL, run by one server at most once in it. */
  everyMs: number
  run(): Promise<unknown>
}

/**
 * A job's turn on this server; whether it ran here. PGlite: always. PostgreSQL: when no other server is
 * running it and none ran it within its interval, by the database's clock (the servers' own may differ). The
 * lock is held, and the run recorded, in one transaction that stays open while the job runs on other
 * connections: a failed run records nothing, and the next turn, on any server, tries again.
 */
export async function takeTurn(
  database: Pick<Database, 'db' | 'kind'>,
  job: HousekeepingJob,
): Promise<boolean> {
  if (database.kind === 'pglite') {
    await job.run()
    return true
  }
  return database.db.transaction(async (tx) => {
    const key = lockKey(`housekeeping:${job.name}`)
    const { rows } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`,
    )) as unknown as { rows: { locked: boolean }[] }
    if (!rows[0]?.locked) return false
    const recent = await tx
      .select({ job: housekeepingRuns.job })
      .from(housekeepingRuns)
      .where(
        and(
          eq(housekeepingRuns.job, job.name),
          gt(housekeepingRuns.ranAt, sql`clock_timestamp() - make_interval(secs => ${job.everyMs / 1000})`),
        ),
      )
    if (recent.length > 0) return false
    await job.run()
    await tx
      .insert(housekeepingRuns)
      .values({ job: job.name, ranAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({ target: housekeepingRuns.job, set: { ranAt: sql`clock_timestamp()` } })
    return true
  })
}

/**
 * Runs the jobs while the server is up: a turn as it starts (a server restarted more often than hourly still
 * sweeps), then each again its interval after the last turn ended, so that a slow run never overlaps the next
 * (on PostgreSQL a turn may find the job taken by another server: takeTurn).
 * A failed run is logged (without details) and tried again at its next turn.
 */
export const housekeepingPlugin: FastifyPluginAsync<{ db: Db; embedded: boolean }> = async (
  app,
  { db, embedded },
) => {
  const timers = new Map<string, NodeJS.Timeout>()
  const database = { db, kind: embedded ? 'pglite' : 'postgres' } as const
  let closed = false
  const every = (ms: number, job: string, run: () => Promise<unknown>) => {
    const turn = () => {
      takeTurn(database, { name: job, everyMs: ms, run })
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
    every(RELEASE_EVERY_MS, 'lapse unverified holds', () => lapseUnverifiedHolds(app.ctx))
    every(SWEEP_EVERY_MS, 'sweep stale records', () => sweepStaleRecords(db))
    every(SWEEP_EVERY_MS, 'sweep unused property images', () =>
      sweepUnusedUploads(app.ctx, app.ctx.clock.now()),
    )
    if (embedded) every(VACUUM_EVERY_MS, 'vacuum', () => db.execute(sql`vacuum analyze`))
  })
  app.addHook('onClose', async () => {
    closed = true
    for (const timer of timers.values()) clearTimeout(timer)
  })
}
