// The plans behind the bench's slow calls: runs the service code of a few dated searches, their next pages, and
// the busiest agency's inbox and calendar (the same draws as bench/scenarios.ts) on the configured database,
// records every SQL statement they send, then runs each under EXPLAIN (ANALYZE, BUFFERS) and prints its
// execution time (the median of --runs) and, with --plans, its plan. For a database seeded at scale
// (`npm run seed -- --properties 100000 --bookings 500000`):
//   DATABASE_URL=postgres://… node --import tsx bench/explain.ts [--searches N] [--desk N] [--runs N] [--plans]
//     [--sort totalAsc]
// (DATA_DIR=… instead of DATABASE_URL for PGlite). --sort gives every search that order instead of the drawn
// one (the same stays and filters). It changes nothing in the database.
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { PGlite } from '@electric-sql/pglite'
import { eq, type Logger, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'

import { loadConfig } from '../server/config.ts'
import type { AppContext } from '../server/context.ts'
import { type Db, POSTGRES_SESSION_OPTIONS } from '../server/db/open.ts'
import * as schema from '../server/db/schema.ts'
import { users } from '../server/db/schema.ts'
import { DEMO_AGENCY } from '../server/db/seed/seed.ts'
import { listInbox } from '../server/services/bookings/back-office.ts'
import { calendar } from '../server/services/bookings/calendar.ts'
import { searchProperties } from '../server/services/catalog/queries.ts'
import { calendarQuerySchema, inboxQuerySchema } from '../src/contract/back-office.ts'
import { backOfficeRequest, datedSearch, generator } from './scenarios.ts'

const { values } = parseArgs({
  options: {
    searches: { type: 'string', default: '6' },
    desk: { type: 'string', default: '8' },
    runs: { type: 'string', default: '3' },
    plans: { type: 'boolean', default: false },
    sort: { type: 'string' },
  },
})

interface Recorded {
  label: string
  query: string
  params: unknown[]
}
const recorded: Recorded[] = []
let label = ''
const logger: Logger = { logQuery: (query, params) => recorded.push({ label, query, params }) }

const config = loadConfig()
let db: Db
let raw: (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>
let close: () => Promise<void>
if (config.databaseUrl) {
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: 2,
    options: POSTGRES_SESSION_OPTIONS,
  })
  db = drizzlePg(pool, { schema, logger }) as unknown as Db
  raw = async (text, params) => (await pool.query(text, params)).rows as Array<Record<string, unknown>>
  close = () => pool.end()
} else {
  const client = await PGlite.create({ dataDir: join(config.dataDir, 'db') })
  db = drizzlePglite(client, { schema, logger }) as unknown as Db
  raw = async (text, params) => (await client.query(text, params)).rows as Array<Record<string, unknown>>
  close = () => client.close()
}

const ctx = { database: { db }, clock: { now: () => new Date() } } as unknown as AppContext

// Dated searches and their second pages.
const searches = generator(1)
for (let i = 0; i < Number(values.searches); i++) {
  const search = { ...datedSearch(searches), ...(values.sort ? { sort: values.sort } : {}) }
  label = `search ${i + 1}: ${search.from}→${search.to} ${search.sort} ${JSON.stringify(search.types ?? [])} ${JSON.stringify(search.rentalTerms ?? [])}`
  const page = await searchProperties(db, search as never)
  if (page.nextCursor) {
    label = `next page of search ${i + 1}`
    await searchProperties(db, { ...search, cursor: page.nextCursor } as never)
  }
}

// The busiest agency's desk (the demo agency's, as the bench signs in).
label = 'the demo agency'
const [agency] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_AGENCY.email))
const user = { id: agency!.id, type: 'AGENCY' as const }
const desk = generator(5)
for (let i = 0; i < Number(values.desk); i++) {
  const request = backOfficeRequest(desk)
  const url = new URL(request.path, 'http://x')
  const query = Object.fromEntries(url.searchParams)
  label = `desk ${i + 1}: ${url.pathname.split('/').at(-1)}?${url.searchParams}`
  if (url.pathname.endsWith('/calendar')) await calendar(ctx, user, calendarQuerySchema.parse(query))
  else await listInbox(ctx, user, inboxQuerySchema.parse(query))
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
for (const { label: name, query, params } of recorded) {
  const times: number[] = []
  let plan = ''
  for (let run = 0; run < Number(values.runs); run++) {
    const rows = await raw(`explain (analyze, buffers, format text) ${query}`, params)
    const lines = rows.map((row) => String(Object.values(row)[0]))
    plan = lines.join('\n')
    const execution = lines.find((line) => line.startsWith('Execution Time'))
    times.push(Number(/([0-9.]+) ms/.exec(execution ?? '')?.[1] ?? NaN))
  }
  const kind = /^select count\(/.test(query) ? 'count' : 'rows'
  console.log(`\n## ${name} [${kind}]: ${median(times).toFixed(1)} ms (median of ${times.length})`)
  if (values.plans) console.log(`${query}\n-- ${JSON.stringify(params)}\n${plan}`)
}
await db.execute(sql`select 1`)
await close()
