// A store for @fastify/rate-limit in PostgreSQL, used when servers share a database (DATABASE_URL): each
// route's count per client is one row of rate_limit_hits, raised by one upsert, so a client gets the same
// budget however many servers the load balancer spreads it over. The embedded PGlite keeps the plugin's
// memory store: one process, nothing to share.
//
// PostgreSQL rather than Redis or Valkey: the database is already the one shared service every instance
// needs, a limited route is one indexed upsert (only a few routes are limited: sign-in, sign-up, links,
// contact), and an operator runs one service less. Windows are timed by the servers' clocks (kept by NTP),
// as the sign-in failure counts are: a skew of a second moves a window's end by a second.
import { eq, lt, sql } from 'drizzle-orm'

import type { Db } from '../../db/open.ts'
import { rateLimitHits } from '../../db/schema.ts'

/** What @fastify/rate-limit hands a store's callback. */
interface Verdict {
  current: number
  ttl: number
}
type Callback = (error: Error | null, verdict?: Verdict) => void

/**
 * What a child is keyed by: the route (@fastify/rate-limit passes the route's options as `routeInfo`; a limiter
 * made by `createRateLimit` has none, and its key generator names what it counts).
 */
function prefixOf(options: unknown): string {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo
  const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method
  return typeof route?.url === 'string' ? `${String(method)} ${route.url}` : 'limiter'
}

interface Hit {
  hits: number
  ttl: number
}

const msLeft = (end: Date, now: number) => Math.max(0, end.getTime() - now)

/** One upsert: a new window when there is none or it has ended, else one more hit in it. */
async function hit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const now = Date.now()
  const ended = sql`${rateLimitHits.windowEndsAt} <= ${new Date(now).toISOString()}::timestamptz`
  const windowEnd = new Date(now + windowMs)
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEnd.toISOString()}::timestamptz else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, windowEndsAt: rateLimitHits.windowEndsAt })
  return { hits: row!.hits, ttl: msLeft(row!.windowEndsAt, now) }
}

async function read(db: Db, key: string): Promise<Hit> {
  const now = Date.now()
  const [row] = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key))
  return row && row.windowEndsAt.getTime() > now
    ? { hits: row.hits, ttl: msLeft(row.windowEndsAt, now) }
    : { hits: 0, ttl: 0 }
}

/** Deletes the rows whose window ended before `before` (housekeeping). */
export async function sweepRateLimitHits(db: Db, before = new Date()): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowEndsAt, before))
    .returning({ key: rateLimitHits.key })
  return gone.length
}

/**
 * The store class @fastify/rate-limit constructs (`store:` option), bound to `db`. The plugin makes one child
 * per limited route; each child keys its rows by the route, so two routes never share a count.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    readonly #prefix: string

    constructor(options?: unknown) {
      this.#prefix = prefixOf(options)
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(db, `${this.#prefix}\n${key}`, timeWindow).then(
        ({ hits, ttl }) => callback(null, { current: hits, ttl }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    read(key: string, callback: Callback): void {
      read(db, `${this.#prefix}\n${key}`).then(
        ({ hits, ttl }) => callback(null, { current: hits, ttl }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    child(options: unknown): PostgresRateLimitStore {
      return new PostgresRateLimitStore(options)
    }
  }
}
