// When PostgreSQL goes away and comes back: the API answers 503 in the error shape while it is gone (not a
// 500, and never a 401 that would sign people out), but for the first search pages it keeps a few seconds,
// and serves again once it is back, without a restart.
// On a PostgreSQL of its own (server/test/postgres.ts), since it stops it; skipped with SKIP_POSTGRES=1 or
// without PostgreSQL's binaries.
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { type Database, openDatabase } from './db/open.ts'
import { DEMO_RENTER, seedDemo } from './db/seed/seed.ts'
import { freshIp, signInCookie } from './test/accounts.ts'
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from './test/postgres.ts'

const unavailable = { error: 'unavailable', message: 'The database is not answering. Try again in a moment.' }

const skip = process.env.SKIP_POSTGRES === '1' || !findPostgresBin()

describe.skipIf(skip)('the database going away and coming back', () => {
  let postgres: ThrowawayPostgres
  let database: Database
  let app: FastifyInstance
  let cookie: string
  let renterId: number
  const dataDir = `.tmp/resilience-${process.pid}`

  beforeAll(async () => {
    postgres = (await startThrowawayPostgres())!
    database = await openDatabase({ url: postgres.url })
    renterId = (await seedDemo(database.db, { properties: 5 })).renterId
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: postgres.url })
    app = await buildApp({ config, database })
    await app.ready()
    cookie = await signInCookie(app, DEMO_RENTER.email, DEMO_RENTER.password)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    postgres?.stop()
    const { rmSync } = await import('node:fs')
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** A first search page, which the server keeps for a few seconds (server/services/catalog/first-pages.ts). */
  const keptSearch: InjectOptions = { method: 'POST', url: '/api/properties/search', payload: { size: 5 } }
  /**
   * A read, a search (not asked before, so not kept), a signed-in call, the session check and a sign-in: each
   * needs the database.
   */
  const calls: InjectOptions[] = [
    { method: 'GET', url: '/api/health' },
    { method: 'GET', url: '/api/all-agencies' },
    { method: 'POST', url: '/api/properties/search', payload: { size: 4 } },
    { method: 'GET', url: '/api/user/:me' },
    { method: 'POST', url: '/api/validate-access-token' },
    {
      method: 'POST',
      url: '/api/sign-in/frontend',
      payload: { email: DEMO_RENTER.email, password: DEMO_RENTER.password },
    },
  ]
  const send = (call: InjectOptions) =>
    app.inject({
      ...call,
      url: String(call.url).replace(':me', String(renterId)),
      headers: { cookie },
      remoteAddress: freshIp(),
    })

  it('answers 503 while PostgreSQL is stopped (but for a first search page kept a moment ago), then serves again once it is back', async () => {
    // Several connections open and idle in the pool, as on a busy server: stopping PostgreSQL ends them.
    const warm = await Promise.all(
      Array.from({ length: 6 }, (_, n) => send({ ...keptSearch, payload: { size: 5 + n } })),
    )
    expect(warm.map((response) => response.statusCode)).toEqual(Array(6).fill(200))
    const kept = await send(keptSearch)

    postgres.pause()
    try {
      // What the server kept a moment ago is still answered: the database is not asked for it.
      const fromMemory = await send(keptSearch)
      expect(fromMemory.statusCode).toBe(200)
      expect(fromMemory.json()).toEqual(kept.json())
      for (const call of calls) {
        const response = await send(call)
        const label = `${call.method} ${call.url}`
        expect(response.statusCode, `${label}: ${response.body}`).toBe(503)
        expect(response.json(), label).toEqual(unavailable)
        expect(response.headers['retry-after'], label).toBeDefined()
        expect(response.headers['set-cookie'], label).toBeUndefined()
        // Nothing of the driver's words, the query or where the database lives.
        expect(response.body, label).not.toMatch(/ECONN|127\.0\.0\.1|postgres|select|terminat/i)
      }
    } finally {
      postgres.resume()
    }

    // Back: the same app, with no restart, answers again, and the session survived the outage.
    const deadline = Date.now() + 15_000
    let health = await send(calls[0]!)
    while (health.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      health = await send(calls[0]!)
    }
    expect(health.statusCode).toBe(200)
    for (const call of calls) {
      const response = await send(call)
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(200)
    }
  })
})
