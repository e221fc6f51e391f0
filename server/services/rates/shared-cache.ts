// The exchange-rate cache shared by servers on one PostgreSQL database (exchange_rates_cache, one row): the
// first server to get a provider's answer once the row has gone stale keeps it there, and every server quotes
// that answer until it goes stale again, so two servers never quote two rates for one moment. PGlite keeps
// the service's memory cache alone: one process.
import { eq, sql } from 'drizzle-orm'

import type { ExchangeRates } from '../../../src/domain/currency.ts'
import type { Db } from '../../db/open.ts'
import { exchangeRatesCache } from '../../db/schema.ts'
import type { SharedRates } from './service.ts'

const ROW = 1

export function postgresRatesCache(db: Db): SharedRates {
  const read = async () => {
    const [row] = await db.select().from(exchangeRatesCache).where(eq(exchangeRatesCache.id, ROW))
    return row ? { rates: row.rates as ExchangeRates, until: row.freshUntil.getTime() } : undefined
  }
  return {
    read,
    async offer(rates, until) {
      // Replaces only a stale answer: of servers asking a provider at the same time, the first one's stays.
      await db
        .insert(exchangeRatesCache)
        .values({ id: ROW, rates, freshUntil: new Date(until) })
        .onConflictDoUpdate({
          target: exchangeRatesCache.id,
          set: { rates, freshUntil: new Date(until), updatedAt: sql`now()` },
          setWhere: sql`${exchangeRatesCache.freshUntil} <= now()`,
        })
      return (await read()) ?? { rates, until }
    },
  }
}
