// Opens the database the configuration names and applies the migrations: PGlite (PostgreSQL in WASM, in
// process) by default, PostgreSQL through `pg` when DATABASE_URL is set. Same schema, same migrations.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

import { preparePrivateDataDir } from '../data-dir.ts'
import { withSessionLock } from './advisory-lock.ts'
import { lockDataDir } from './data-lock.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Runs `run` while no other server on this database runs anything under the same name (migrating, seeding):
   * a PostgreSQL advisory lock, waited for. PGlite has one server by construction (the folder's lock file, or
   * memory): it runs at once.
   */
  withLock<T>(name: string, run: () => Promise<T>): Promise<T>
  /** PGlite in memory only: its data folder as a tarball, which `image` starts another database from. */
  dump?: () => Promise<Blob>
  close(): Promise<void>
}

/**
 * Each PostgreSQL session's settings. No JIT compilation: PostgreSQL compiles a query whose plan it estimates
 * above a cost of 100,000, and the compilation does not pay back on queries that answer in milliseconds
 * (an agency's calendar at 500,000 bookings paid it: docs/performance.md, Query shapes at scale).
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off'

const runAtOnce = <T>(_name: string, run: () => Promise<T>) => run()

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite. */
  url?: string | undefined
  /**
   * DATA_DIR: PGlite keeps its files in its `db/` folder, and the whole folder is held by this process
   * until close (server/db/data-lock.ts). PGlite in memory when absent.
   */
  dataDir?: string | undefined
  /**
   * PGlite in memory: starts from this dumped data folder (`dump()`), not from an empty one. Creating an
   * empty one (initdb, in WASM) costs seconds; loading a dump, under one.
   */
  image?: Blob | undefined
}

export async function openDatabase({ url, dataDir, image }: OpenOptions): Promise<Database> {
  if (url) {
    // Pool size: enough for 50 concurrent requests on 2 cores without starving PostgreSQL. A database that
    // accepts no connection within 5 s counts as down: the request answers 503 rather than hanging.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 5000,
      options: POSTGRES_SESSION_OPTIONS,
    })
    // PostgreSQL ending idle connections (a restart, a failover) is reported here; unheard, the event would
    // end the process. The pool drops those connections and opens new ones once the database is back; the
    // requests that meet the outage answer 503 and are logged by the error handler.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema }) as unknown as Db
    const withLock = <T>(name: string, run: () => Promise<T>) => withSessionLock(pool, name, run)
    // Servers started together on an empty database: one migrates, the others wait, then find nothing to do.
    try {
      await withLock('migrate', () => migratePg(db as never, { migrationsFolder }))
    } catch (error) {
      await pool.end()
      throw error
    }
    return { db, kind: 'postgres', withLock, close: () => pool.end() }
  }
  if (!dataDir) {
    const client = await PGlite.create(image ? { loadDataDir: image } : {})
    const db = drizzlePglite(client, { schema }) as unknown as Db
    await migratePglite(db as never, { migrationsFolder })
    return {
      db,
      kind: 'pglite',
      withLock: runAtOnce,
      dump: () => client.dumpDataDir('none'),
      close: () => client.close(),
    }
  }
  preparePrivateDataDir(dataDir)
  // PGlite does not create parent folders.
  const dir = join(dataDir, 'db')
  mkdirSync(dir, { recursive: true })
  // Before PGlite reads a byte: a second server must not even load the files the first one is changing.
  const lock = lockDataDir(dataDir)
  try {
    const client = await PGlite.create({ dataDir: dir })
    const db = drizzlePglite(client, { schema }) as unknown as Db
    await migratePglite(db as never, { migrationsFolder }).catch(async (error: unknown) => {
      await client.close()
      throw error
    })
    const close = async () => {
      try {
        await client.close()
      } finally {
        lock.release()
      }
    }
    return { db, kind: 'pglite', withLock: runAtOnce, close }
  } catch (error) {
    lock.release()
    throw error
  }
}
