// Starts one throwaway PostgreSQL for the server suite (when its binaries exist) and hands its URL to the tests.
import type { TestProject } from 'vitest/node'

import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null
  }
}

let postgres: ThrowawayPostgres | null = null

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
}

export function teardown() {
  postgres?.stop()
}
