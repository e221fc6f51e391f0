// Builds the real app on a real, freshly seeded database for a test file: PGlite in memory, and the same on
// PostgreSQL when the global setup started one (SKIP_POSTGRES=1 or no binaries: PGlite only). The seeded
// database is a copy of one seeded once a run (seeded.ts).
import type { lookup as dnsLookup } from 'node:dns'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'

import { buildApp } from '../app.ts'
import { type Config, loadConfig } from '../config.ts'
import type { Database } from '../db/open.ts'
import type { SeedResult } from '../db/seed/seed.ts'
import { seededDatabase } from './seeded.ts'

export type DatabaseKind = 'pglite' | 'postgres'

/** The databases this run can test on; every suite runs once per entry. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite']
}

/** A new, empty database on the run's PostgreSQL; its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresUrl')
  if (!adminUrl) throw new Error('no PostgreSQL for this run')
  const name = `haven_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`create database ${name}`)
  await client.end()
  return adminUrl.replace(/\/[^/]*$/, `/${name}`)
}

export interface TestApp {
  app: FastifyInstance
  database: Database
  config: Config
  seed: SeedResult
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Seed the demo world (500 properties unless `properties` says otherwise). */
  properties?: number
  env?: NodeJS.ProcessEnv
  /** A certificate authority web pushes trust besides the usual ones (a local push service's). */
  pushCertificate?: string
  /** How push endpoints' names are resolved (the system's resolver otherwise). */
  pushLookup?: typeof dnsLookup
}

export async function startTestApp(
  kind: DatabaseKind,
  { properties = 500, env = {}, pushCertificate, pushLookup }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-test-'))
  const { database, url, seed } = await seededDatabase(kind, properties)
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DIST_DIR: join(dataDir, 'dist'),
    // The tests change the catalog in the database, as an operator would, and search it at once.
    SEARCH_CACHE_SECONDS: '0',
    ...env,
  })
  const app = await buildApp({
    config: { ...config, databaseUrl: url },
    database,
    pushCertificate,
    pushLookup,
  })
  await app.ready()
  return {
    app,
    database,
    config,
    seed,
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
