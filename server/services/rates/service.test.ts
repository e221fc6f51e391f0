import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { loadConfig } from '../../config.ts'
import {
  STAND_IN_KEY,
  type StandIn,
  type StandInBehaviour,
  startRatesStandIn,
} from '../../test/stand-ins/rates.ts'
import { BUILT_IN_RATES } from './built-in.ts'
import type { RatesFailure } from './providers.ts'
import { createRatesService, type RatesLogger, ratesServiceFromConfig } from './service.ts'

let standIn: StandIn
beforeAll(async () => {
  standIn = await startRatesStandIn()
})
afterAll(() => standIn.close())
beforeEach(() => {
  standIn.behave('exchangerate-api', 'ok')
  standIn.behave('frankfurter', 'ok')
  standIn.calls.length = 0
})

interface Logged {
  level: 'warn' | 'info'
  details: Record<string, unknown>
  message: string
}

function recorder(): { log: RatesLogger; lines: Logged[] } {
  const lines: Logged[] = []
  return {
    lines,
    log: {
      warn: (details, message) => lines.push({ level: 'warn', details, message }),
      info: (details, message) => lines.push({ level: 'info', details, message }),
    },
  }
}

/** A service on the stand-in, through the same configuration path the server uses. */
function service(
  providers: string,
  {
    cache = 'true',
    seconds = '3600',
    timeoutMs = '300',
    now,
  }: { cache?: string; seconds?: string; timeoutMs?: string; now?: () => number } = {},
) {
  const config = loadConfig({
    RATES_PROVIDERS: providers,
    EXCHANGERATE_API_URL: standIn.url,
    EXCHANGERATE_API_KEY: STAND_IN_KEY,
    FRANKFURTER_URL: standIn.frankfurterUrl,
    RATES_TIMEOUT_MS: timeoutMs,
    RATES_CACHE: cache,
    RATES_CACHE_SECONDS: seconds,
  })
  const { log, lines } = recorder()
  return { rates: ratesServiceFromConfig(config.rates, { log, now }), lines }
}

describe('rates service', () => {
  it('answers from the dated built-in table when no provider is configured, without any call', async () => {
    const { rates } = service('')
    await expect(rates.getRates()).resolves.toEqual(BUILT_IN_RATES)
    expect(BUILT_IN_RATES).toMatchObject({ base: 'USD', source: 'built-in', date: '2025-06-30' })
    expect(standIn.calls).toEqual([])
  })

  it('reads exchangerate-api: the USD table, the day it was updated, only the app currencies', async () => {
    const { rates } = service('exchangerate-api')
    await expect(rates.getRates()).resolves.toEqual({
      base: 'USD',
      rates: { USD: 1, EUR: 0.9, GBP: 0.8, AUD: 1.6 },
      date: '2026-11-20',
      source: 'exchangerate-api',
    })
    expect(standIn.calls).toEqual([{ provider: 'exchangerate-api', path: `/v6/${STAND_IN_KEY}/latest/USD` }])
  })

  it('reads Frankfurter, asking only for the currencies it needs', async () => {
    const { rates } = service('frankfurter')
    await expect(rates.getRates()).resolves.toEqual({
      base: 'USD',
      rates: { USD: 1, EUR: 0.91, GBP: 0.81, AUD: 1.61 },
      date: '2026-11-21',
      source: 'frankfurter',
    })
    expect(standIn.calls).toEqual([
      { provider: 'frankfurter', path: '/frankfurter/latest?base=USD&symbols=EUR%2CGBP%2CAUD' },
    ])
  })

  it('dates an answer today when the provider’s date is no real day', async () => {
    const today = new Date().toISOString().slice(0, 10)
    for (const provider of ['exchangerate-api', 'frankfurter'] as const) {
      standIn.behave(provider, 'bad-date')
      const answer = await service(provider).rates.getRates()
      expect(answer.source).toBe(provider)
      expect(answer.date).toBe(today)
      standIn.behave(provider, 'ok')
    }
  })

  const failures: [StandInBehaviour, RatesFailure][] = [
    ['invalid-key', 'invalid_key'],
    ['malformed-request', 'malformed_request'],
    ['unsupported-code', 'currency_not_found'],
    ['plan-upgrade-required', 'plan_required'],
    ['empty', 'no_data'],
    ['missing-currency', 'no_rate'],
    ['hang', 'timeout'],
    ['reset', 'network'],
    ['status-500', 'bad_status'],
    ['garbage', 'bad_body'],
  ]

  it.each(failures)(
    'falls back to the next provider when exchangerate-api answers %s',
    async (behaviour, failure) => {
      standIn.behave('exchangerate-api', behaviour)
      const { rates, lines } = service('exchangerate-api,frankfurter')
      await expect(rates.getRates()).resolves.toMatchObject({ source: 'frankfurter', rates: { EUR: 0.91 } })
      expect(standIn.calls.map((call) => call.provider)).toEqual(['exchangerate-api', 'frankfurter'])
      expect(lines).toEqual([
        expect.objectContaining({
          level: 'warn',
          details: expect.objectContaining({ provider: 'exchangerate-api', failure }),
        }),
      ])
      if (behaviour === 'empty') expect(lines[0]!.message).toBe('No data returned for rate fetch.')
    },
  )

  const frankfurterFailures: [StandInBehaviour, RatesFailure][] = [
    ['unsupported-code', 'currency_not_found'],
    ['malformed-request', 'malformed_request'],
    ['empty', 'no_data'],
    ['hang', 'timeout'],
    ['reset', 'network'],
    ['status-500', 'bad_status'],
    ['garbage', 'bad_body'],
  ]

  it.each(frankfurterFailures)(
    'falls back from Frankfurter to exchangerate-api when Frankfurter answers %s',
    async (behaviour, failure) => {
      standIn.behave('frankfurter', behaviour)
      const { rates, lines } = service('frankfurter,exchangerate-api')
      await expect(rates.getRates()).resolves.toMatchObject({ source: 'exchangerate-api' })
      expect(standIn.calls.map((call) => call.provider)).toEqual(['frankfurter', 'exchangerate-api'])
      expect(lines[0]!.details).toMatchObject({ provider: 'frankfurter', failure })
    },
  )

  it('falls back to a provider that is not running at all (connection refused)', async () => {
    const config = loadConfig({
      RATES_PROVIDERS: 'frankfurter,exchangerate-api',
      FRANKFURTER_URL: 'http://127.0.0.1:9/none',
      EXCHANGERATE_API_URL: standIn.url,
      EXCHANGERATE_API_KEY: STAND_IN_KEY,
    })
    const { log, lines } = recorder()
    await expect(ratesServiceFromConfig(config.rates, { log }).getRates()).resolves.toMatchObject({
      source: 'exchangerate-api',
    })
    expect(lines[0]!.details).toMatchObject({ provider: 'frankfurter', failure: 'network' })
  })

  it('answers from the built-in table when every provider fails, then leaves them alone for a minute', async () => {
    standIn.behave('exchangerate-api', 'status-500')
    standIn.behave('frankfurter', 'reset')
    let time = 1_000_000
    const { rates, lines } = service('exchangerate-api,frankfurter', { now: () => time })
    await expect(rates.getRates()).resolves.toEqual(BUILT_IN_RATES)
    expect(lines.at(-1)).toMatchObject({
      message: 'no exchange-rate provider answered',
      details: { fallback: 'built-in' },
    })
    expect(standIn.calls).toHaveLength(2)
    time += 59_000
    await expect(rates.getRates()).resolves.toEqual(BUILT_IN_RATES)
    expect(standIn.calls).toHaveLength(2)
    time += 2_000
    standIn.behave('frankfurter', 'ok')
    await expect(rates.getRates()).resolves.toMatchObject({ source: 'frankfurter' })
    expect(standIn.calls).toHaveLength(4)
  })

  it('keeps a good answer for the cache duration: no second provider call within it', async () => {
    let time = 1_000_000
    const { rates } = service('exchangerate-api,frankfurter', { seconds: '3600', now: () => time })
    const first = await rates.getRates()
    time += 3_599_000
    await expect(rates.getRates()).resolves.toBe(first)
    expect(standIn.calls).toHaveLength(1)
    time += 2_000
    await rates.getRates()
    expect(standIn.calls).toHaveLength(2)
  })

  it('shares one round between requests that arrive together', async () => {
    const { rates } = service('frankfurter')
    const answers = await Promise.all([rates.getRates(), rates.getRates(), rates.getRates()])
    expect(new Set(answers).size).toBe(1)
    expect(standIn.calls).toHaveLength(1)
  })

  it('asks every time when caching is off', async () => {
    const { rates } = service('frankfurter', { cache: 'false' })
    await rates.getRates()
    await rates.getRates()
    expect(standIn.calls).toHaveLength(2)
  })

  it('prefers the last good answer to the built-in table once the cache expired and providers fail', async () => {
    let time = 1_000_000
    const { rates } = service('frankfurter', { seconds: '60', now: () => time })
    const good = await rates.getRates()
    time += 61_000
    standIn.behave('frankfurter', 'status-500')
    await expect(rates.getRates()).resolves.toEqual(good)
    expect(standIn.calls).toHaveLength(2)
  })

  it('gives up a call in flight when closed (abort), and answers from the built-in table', async () => {
    standIn.behave('frankfurter', 'hang')
    const { rates, lines } = service('frankfurter', { timeoutMs: '10000' })
    const pending = rates.getRates()
    await new Promise((resolve) => setTimeout(resolve, 50))
    rates.close()
    await expect(pending).resolves.toEqual(BUILT_IN_RATES)
    expect(lines[0]!.details).toMatchObject({ provider: 'frankfurter', failure: 'aborted' })
  })

  it('never lets the key out: not in answers, not in logs, whatever fails', async () => {
    let time = 1_000_000
    const { rates, lines } = service('exchangerate-api', { cache: 'false', now: () => time })
    const answers: unknown[] = []
    const behaviours = [
      'ok',
      'invalid-key',
      'hang',
      'reset',
      'status-500',
      'garbage',
      'unsupported-code',
    ] as const
    for (const behaviour of behaviours) {
      standIn.behave('exchangerate-api', behaviour)
      answers.push(await rates.getRates())
      time += 61_000 // past the pause after a failed round
    }
    expect(standIn.calls).toHaveLength(behaviours.length)
    expect(lines.filter((line) => line.details.provider === 'exchangerate-api')).toHaveLength(
      behaviours.length - 1,
    )
    expect(JSON.stringify(answers)).not.toContain(STAND_IN_KEY)
    expect(lines.length).toBeGreaterThan(0)
    expect(JSON.stringify(lines)).not.toContain(STAND_IN_KEY)
    expect(JSON.stringify(lines)).not.toContain('127.0.0.1')
  })

  it('needs a boolean caching flag and a positive duration (docs/product.md §8)', () => {
    const base = { providers: [], timeoutMs: 1000 }
    expect(() => createRatesService({ ...base, cache: { enabled: true, seconds: 0 } })).toThrow(
      'rates cache duration should be a positive number of seconds',
    )
    expect(() =>
      createRatesService({ ...base, cache: { enabled: 'yes' as unknown as boolean, seconds: 60 } }),
    ).toThrow('rates caching should be a boolean')
  })
})
