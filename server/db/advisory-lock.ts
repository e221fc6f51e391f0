// PostgreSQL advisory locks: how several servers on one database take turns at what only one may do at a
// time (migrating, seeding, a housekeeping job). A lock is a number, held by a session or a transaction, and
// gone when either ends, a crashed server's included: nothing is left to clean up.
import { createHash } from 'node:crypto'

import type pg from 'pg'

/** A lock's number: the first 8 bytes of its name's SHA-256, as PostgreSQL's signed bigint (a string). */
export function lockKey(name: string): string {
  return createHash('sha256').update(`haven:${name}`).digest().readBigInt64BE(0).toString()
}

/**
 * Runs `run` holding the named lock on a connection of its own, which waits for whoever holds it first: the
 * servers starting together go one after the other. The connection is closed rather than given back when
 * the lock could not be let go (PostgreSQL lets it go with the session).
 */
export async function withSessionLock<T>(pool: pg.Pool, name: string, run: () => Promise<T>): Promise<T> {
  const key = lockKey(name)
  const client = await pool.connect()
  // Set when the connection may still hold the lock, or is in doubt: it is then closed, not given back.
  let doubtful: Error | undefined
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]).catch((error: unknown) => {
      doubtful = error as Error
      throw error
    })
    try {
      return await run()
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch((error: unknown) => {
        doubtful = error as Error
      })
    }
  } finally {
    client.release(doubtful)
  }
}
