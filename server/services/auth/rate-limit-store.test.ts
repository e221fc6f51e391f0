// Two servers on one PostgreSQL database count a client's requests to a limited route together: the limit is
// the same however the load balancer spreads the requests.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { type Database, openDatabase } from '../../db/open.ts'
import { seedDemoIfEmpty } from '../../db/seed/seed.ts'
import { AUTH_RATE_LIMITS } from '../../routes/rate-limits.ts'
import { createPostgresDatabase } from '../../test/harness.ts'
import { sweepRateLimitHits } from './rate-limit-store.ts'

describe.skipIf(!inject('postgresUrl'))('request limits across servers on one PostgreSQL database', () => {
  const servers: Array<{ app: FastifyInstance; database: Database; dataDir: string }> = []

  beforeAll(async () => {
    const url = await createPostgresDatabase()
    for (let i = 0; i < 2; i += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'haven-limits-'))
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DIST_DIR: join(dataDir, 'dist') })
      const database = await openDatabase({ url })
      await seedDemoIfEmpty(database, { properties: 5 })
      const app = await buildApp({ config: { ...config, databaseUrl: url }, database })
      await app.ready()
      servers.push({ app, database, dataDir })
    }
  })

  afterAll(async () => {
    for (const { app, database, dataDir } of servers) {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  const signIn = (server: number, remoteAddress: string, attempt: number) =>
    servers[server]!.app.inject({
      method: 'POST',
      url: '/api/sign-in/frontend',
      remoteAddress,
      // A new address each time: the per-account count (failed-sign-ins.ts) never comes into play.
      payload: { email: `nobody-${attempt}-${remoteAddress}@haven.test`, password: 'not-the-password' },
    })

  it('refuses the request past the limit, whichever server gets it', async () => {
    const { max } = AUTH_RATE_LIMITS.signIn
    const statuses: number[] = []
    for (let attempt = 0; attempt <= max; attempt += 1) {
      statuses.push((await signIn(attempt % 2, '198.51.100.7', attempt)).statusCode)
    }
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(401))
    expect(statuses[max]).toBe(429)
    // Another client keeps its own budget, on either server.
    expect((await signIn(0, '198.51.100.8', 0)).statusCode).toBe(401)
    expect((await signIn(1, '198.51.100.8', 1)).statusCode).toBe(401)
  })

  it('counts each route apart', async () => {
    const validate = (server: number) =>
      servers[server]!.app.inject({
        method: 'POST',
        url: '/api/validate-email',
        remoteAddress: '198.51.100.9',
        payload: { email: 'someone@haven.test' },
      })
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signIn.max; attempt += 1) {
      expect((await signIn(attempt % 2, '198.51.100.9', attempt)).statusCode).toBe(401)
    }
    expect((await validate(0)).statusCode).toBe(200)
    expect((await validate(1)).statusCode).toBe(200)
  })

  it('sweeps the counts whose window has ended', async () => {
    const { db } = servers[0]!.database
    expect(await sweepRateLimitHits(db, new Date())).toBe(0)
    expect(await sweepRateLimitHits(db, new Date(Date.now() + 24 * 3600_000))).toBeGreaterThan(0)
  })
})
