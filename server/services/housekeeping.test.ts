// The hourly sweep removes what can never be used again, and nothing that still can.
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { OPERATION_RECORDS_KEPT_MS, QUEUED_CHANGE_MAX_AGE_MS } from '../../src/domain/constants.ts'
import { type Database, openDatabase } from '../db/open.ts'
import { housekeepingRuns, operations, sessions, userTokens } from '../db/schema.ts'
import { DEMO_RENTER } from '../db/seed/seed.ts'
import { clientOf, signInCookie } from '../test/accounts.ts'
import { createPostgresDatabase, databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { type HousekeepingJob, sweepStaleRecords, takeTurn } from './housekeeping.ts'

const HOUR_MS = 60 * 60 * 1000

it('keeps the answer to an operation longer than a device may send the operation again', () => {
  expect(OPERATION_RECORDS_KEPT_MS).toBeGreaterThan(QUEUED_CHANGE_MAX_AGE_MS)
})

describe.each(databaseKinds())('the sweep of stale records on %s', (kind) => {
  let t: TestApp
  const { get } = clientOf(() => t.app)

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 20 })
  })

  afterAll(async () => {
    await t?.close()
  })

  it('deletes expired sessions and links and operation records past 90 days; the rest keeps working', async () => {
    const { db } = t.database
    const userId = t.seed.renterId
    // The sweep under test runs two hours from now: the rows below are stale by then, but not yet for the
    // sweep the server ran as it started (which must not take them first).
    const now = new Date(Date.now() + 2 * HOUR_MS)
    const ago = (ms: number) => new Date(now.getTime() - ms)
    const cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)

    const [ended] = await db
      .insert(sessions)
      .values({ userId, tokenHash: 'ended-session', expiresAt: ago(HOUR_MS) })
      .returning({ id: sessions.id })
    const links = await db
      .insert(userTokens)
      .values([
        { userId, purpose: 'PASSWORD_RESET', tokenHash: 'expired-link', expiresAt: ago(HOUR_MS) },
        {
          userId,
          purpose: 'PASSWORD_RESET',
          tokenHash: 'live-link',
          expiresAt: new Date(now.getTime() + HOUR_MS),
        },
      ])
      .returning({ id: userTokens.id, tokenHash: userTokens.tokenHash })
    await db.insert(operations).values([
      {
        userId,
        operationId: 'user:old',
        response: '{}',
        createdAt: ago(OPERATION_RECORDS_KEPT_MS + HOUR_MS),
      },
      {
        userId,
        operationId: 'user:recent',
        response: '{}',
        createdAt: ago(OPERATION_RECORDS_KEPT_MS - HOUR_MS),
      },
    ])

    const swept = await sweepStaleRecords(db, now)
    expect(swept).toMatchObject({ sessions: 1, links: 1, operations: 1 })

    expect(await db.select().from(sessions).where(eq(sessions.id, ended!.id))).toEqual([])
    const left = await db
      .select({ tokenHash: userTokens.tokenHash })
      .from(userTokens)
      .where(
        inArray(
          userTokens.id,
          links.map((link) => link.id),
        ),
      )
    expect(left).toEqual([{ tokenHash: 'live-link' }])
    const records = await db
      .select({ operationId: operations.operationId })
      .from(operations)
      .where(eq(operations.userId, userId))
    expect(records.map((record) => record.operationId)).toContain('user:recent')
    expect(records.map((record) => record.operationId)).not.toContain('user:old')
    // The session signed in above is untouched: the renter is still signed in.
    expect((await get(`/api/user/${userId}`, cookie)).statusCode).toBe(200)

    // Nothing left to sweep.
    expect(await sweepStaleRecords(db, now)).toEqual({ sessions: 0, links: 0, operations: 0, rateLimits: 0 })
  })
})

describe.each(databaseKinds())('vacuuming on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 20 })
  })
  afterAll(async () => {
    await t?.close()
  })

  // PGlite has no autovacuum: the server does it (as it starts, then daily); PostgreSQL's own workers do it there.
  it(
    kind === 'pglite' ? 'vacuums the embedded database as it starts' : 'leaves vacuuming to PostgreSQL',
    async () => {
      const vacuumed = async () => {
        const { rows } = (await t.database.db.execute(
          sql`select last_vacuum from pg_stat_user_tables where relname = 'properties'`,
        )) as unknown as { rows: { last_vacuum: unknown }[] }
        return rows[0]?.last_vacuum != null
      }
      // The job runs beside the start's other jobs, on a machine that may be busy: more than poll's 1 s.
      if (kind === 'pglite') await expect.poll(vacuumed, { timeout: 15_000 }).toBe(true)
      else expect(await vacuumed()).toBe(false)
    },
  )
})

/** A job that counts its runs; `hold` keeps the first run going until `release` is called. */
function countingJob(name: string, { hold = false } = {}) {
  let release = () => {}
  let started = () => {}
  const job = {
    name,
    everyMs: 60_000,
    runs: 0,
    /** Resolves when a run has begun. */
    started: new Promise<void>((resolve) => (started = resolve)),
    release: () => release(),
    async run() {
      job.runs += 1
      started()
      if (hold && job.runs === 1) await new Promise<void>((resolve) => (release = resolve))
    },
  } satisfies HousekeepingJob & Record<string, unknown>
  return job
}

describe.skipIf(!inject('postgresUrl'))('housekeeping with two servers on one PostgreSQL database', () => {
  let one: Database
  let two: Database
  beforeAll(async () => {
    const url = await createPostgresDatabase()
    ;[one, two] = [await openDatabase({ url }), await openDatabase({ url })]
  })
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()])
  })

  it('runs a job once per interval, whichever server takes the turn', async () => {
    const job = countingJob('count once per interval')
    const turns = () => Promise.all([takeTurn(one, job), takeTurn(two, job)])
    expect((await turns()).sort()).toEqual([false, true])
    expect(job.runs).toBe(1)
    // Within the interval, neither runs it again.
    expect(await turns()).toEqual([false, false])
    expect(job.runs).toBe(1)
    // The interval passes (the last run moved back by one interval): one of them runs it again.
    await one.db
      .update(housekeepingRuns)
      .set({ ranAt: sql`${housekeepingRuns.ranAt} - interval '60 seconds'` })
      .where(eq(housekeepingRuns.job, job.name))
    expect((await turns()).sort()).toEqual([false, true])
    expect(job.runs).toBe(2)
  })

  it('never runs a job on two servers at once, and the other server does not wait', async () => {
    const job = countingJob('count one at a time', { hold: true })
    const first = takeTurn(one, job)
    await job.started
    // The first run has not finished, so nothing says it ran: only the lock keeps the second server out.
    expect(await takeTurn(two, job)).toBe(false)
    job.release()
    expect(await first).toBe(true)
    expect(job.runs).toBe(1)
  })

  it('records nothing for a failed run: the next turn runs it again', async () => {
    const job = countingJob('fail then run')
    const failing = { ...job, run: () => Promise.reject(new Error('down')) }
    await expect(takeTurn(one, failing)).rejects.toThrow('down')
    expect(await takeTurn(two, job)).toBe(true)
  })
})

describe('housekeeping on PGlite', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({})
  })
  afterAll(() => database?.close())

  it('runs every turn: one process holds the database', async () => {
    const job = countingJob('count every turn')
    expect(await takeTurn(database, job)).toBe(true)
    expect(await takeTurn(database, job)).toBe(true)
    expect(job.runs).toBe(2)
  })
})
