// The hourly sweep removes what can never be used again, and nothing that still can.
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { operations, sessions, userTokens } from '../db/schema.ts'
import { DEMO_RENTER } from '../db/seed/seed.ts'
import { clientOf, signInCookie } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { OPERATION_RECORDS_KEPT_MS, QUEUED_CHANGE_MAX_AGE_MS } from '../../src/domain/constants.ts'
import { sweepStaleRecords } from './housekeeping.ts'

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
    expect(swept).toEqual({ sessions: 1, links: 1, operations: 1 })

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
    expect(await sweepStaleRecords(db, now)).toEqual({ sessions: 0, links: 0, operations: 0 })
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
