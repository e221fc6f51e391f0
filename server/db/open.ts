// Opens the database the configuration names and applies the migrations: PGlite (PostgreSQL in WASM, in
// process) by default, PostgreSQL through `pg` when DATABASE_URL is set. Same schema, same migrations.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'

import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite. */
  url?: string | undefined
  /** PGlite's folder; in memory when absent. */
  dir?: string | undefined
}

export async function openDatabase({ url, dir }: OpenOptions): Promise<Database> {
  if (url) {
    // Pool size: enough for 50 concurrent requests on 2 cores without starving PostgreSQL.
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    await migratePg(db as never, { migrationsFolder })
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  // PGlite does not create parent folders.
  if (dir) mkdirSync(dir, { recursive: true })
  const client = await PGlite.create(dir ? { dataDir: dir } : {})
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder })
  return { db, kind: 'pglite', close: () => client.close() }
}
