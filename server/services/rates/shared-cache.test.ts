// Servers on one PostgreSQL database quote one exchange-rate answer: whoever asked a provider first.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { loadConfig } from '../../config.ts'
import { type Database, openDatabase } from '../../db/open.ts'
import { createPostgresDatabase } from '../../test/harness.ts'
import { STAND_IN_KEY, type StandIn, startRatesStandIn } from '../../test/stand-ins/rates.ts'
import { ratesServiceFromConfig } from './service.ts'
import { postgresRatesCache } from './shared-cache.ts'

describe.skipIf(!inject('postgresUrl'))('the exchange-rate cache shared on PostgreSQL', () => {
  let standIn: StandIn
  const databases: Database[] = []

  beforeAll(async () => {
    standIn = await startRatesStandIn()
  })
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.close()))
    await standIn.close()
  })

  /** A server's rates service, asking `provider` (the two stand-in providers quote different EUR rates). */
  async function server(url: string, provider: 'exchangerate-api' | 'frankfurter') {
    const database = await openDatabase({ url })
    databases.push(database)
    const config = loadConfig({
      RATES_PROVIDERS: provider,
      EXCHANGERATE_API_URL: standIn.url,
      EXCHANGERATE_API_KEY: STAND_IN_KEY,
      FRANKFURTER_URL: standIn.frankfurterUrl,
      RATES_CACHE_SECONDS: '3600',
    })
    return ratesServiceFromConfig(config.rates, { shared: postgresRatesCache(database.db) })
  }

  it('quotes the first server’s answer on every server while it is fresh, without asking again', async () => {
    const url = await createPostgresDatabase()
    const [first, second] = [await server(url, 'exchangerate-api'), await server(url, 'frankfurter')]
    const quoted = await first.getRates()
    expect(quoted.rates.EUR).toBe(0.9)
    const calls = standIn.calls.length
    expect(await second.getRates()).toEqual(quoted)
    expect(standIn.calls.length).toBe(calls)
    first.close()
    second.close()
  })

  it('agrees on one answer when both ask their providers at the same moment', async () => {
    const url = await createPostgresDatabase()
    const [first, second] = [await server(url, 'exchangerate-api'), await server(url, 'frankfurter')]
    const [a, b] = await Promise.all([first.getRates(), second.getRates()])
    expect(a).toEqual(b)
    expect(await first.getRates()).toEqual(a)
    expect(await second.getRates()).toEqual(a)
    first.close()
    second.close()
  })
})
