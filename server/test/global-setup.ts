// Starts one throwaway PostgreSQL for the server suite (when its binaries exist) and hands its URL to the tests,
// with a folder of the run's own where the seeded databases are kept to be copied (test/seeded.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { TestProject } from 'vitest/node'

import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null
    seedCache: string
  }
}

let postgres: ThrowawayPostgres | null = null
let seedCache: string | null = null

export async function setup(project: TestProject) {
  if (process.env.SKIP_POSTGRES === '1') {
    console.log('[server tests] PostgreSQL skipped: SKIP_POSTGRES=1.')
  } else {
    postgres = await startThrowawayPostgres()
    if (!postgres) {
      console.log(
        '[server tests] PostgreSQL skipped: no PostgreSQL binaries here (apt-get install postgresql).',
      )
    }
  }
  project.provide('postgresUrl', postgres?.url ?? null)
  seedCache = mkdtempSync(join(tmpdir(), 'haven-seeded-'))
  project.provide('seedCache', seedCache)
}

export function teardown() {
  postgres?.stop()
  if (seedCache) rmSync(seedCache, { recursive: true, force: true })
}
