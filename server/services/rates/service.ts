// Exchange rates for GET /api/rates: the configured providers asked in order, each failure logged and the
// next one tried; a good answer kept for the cache duration (RATES_CACHE_SECONDS, docs/product.md §10's 3600
// by default); and with no provider answering, the last good answer if there is one, else the dated built-in
// table.
import { BASE_CURRENCY } from '../../../src/domain/constants.ts'
import {
  CURRENCY_MESSAGES,
  type ExchangeRates,
  pickAppRates,
  type RateCacheOptions,
  validateRateCache,
} from '../../../src/domain/currency.ts'
import { CURRENCIES } from '../../../src/domain/enums.ts'
import type { RatesConfig } from '../../config.ts'
import { BUILT_IN_RATES } from './built-in.ts'
import { type RatesProvider, RatesProviderError, providersFromConfig } from './providers.ts'

/** What the service logs through: Fastify's (pino's) logger fits. */
export interface RatesLogger {
  warn(details: Record<string, unknown>, message: string): void
  info(details: Record<string, unknown>, message: string): void
}

/** A cache shared by servers (shared-cache.ts): the answer every server quotes while it is fresh. */
export interface SharedRates {
  read(): Promise<{ rates: ExchangeRates; until: number } | undefined>
  /** Offers a provider's answer; answers the one kept (another server's, when it was first). */
  offer(rates: ExchangeRates, until: number): Promise<{ rates: ExchangeRates; until: number }>
}

export interface RatesServiceOptions {
  providers: RatesProvider[]
  cache: RateCacheOptions
  timeoutMs: number
  log?: RatesLogger
  /** Milliseconds since the epoch; tests move time forward. */
  now?: () => number
  /** Servers on one PostgreSQL: the cache they share. */
  shared?: SharedRates
}

export interface RatesService {
  getRates(): Promise<ExchangeRates>
  /** Aborts calls in flight (server shutdown). */
  close(): void
}

/** After every provider failed, wait this long (at most the cache duration) before asking them again. */
export const RETRY_AFTER_FAILURE_SECONDS = 60

const silent: RatesLogger = { warn: () => undefined, info: () => undefined }

export function createRatesService({
  providers,
  cache: cacheOptions,
  timeoutMs,
  log = silent,
  now = Date.now,
  shared,
}: RatesServiceOptions): RatesService {
  const cache = validateRateCache(cacheOptions)
  const closing = new AbortController()
  /** The last good answer from a provider, and until when it is fresh. */
  let good: { rates: ExchangeRates; until: number } | undefined
  /** After a round where every provider failed: no new round before this time. */
  let quietUntil = 0
  let inFlight: Promise<ExchangeRates> | undefined

  async function ask(provider: RatesProvider): Promise<ExchangeRates> {
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)])
    const table = await provider.fetchRates(signal)
    if (Object.keys(table.rates).length === 0) throw new RatesProviderError('no_data')
    if (table.base.toUpperCase() !== BASE_CURRENCY) throw new RatesProviderError('bad_body')
    const rates = pickAppRates({ base: BASE_CURRENCY, rates: table.rates })
    if (!rates) throw new RatesProviderError('no_rate')
    return { base: BASE_CURRENCY, rates, date: table.date, source: provider.name }
  }

  async function round(): Promise<ExchangeRates> {
    for (const provider of providers) {
      try {
        const rates = await ask(provider)
        if (!cache.enabled) good = { rates, until: 0 }
        else if (shared) good = await shared.offer(rates, now() + cache.seconds * 1000)
        else good = { rates, until: now() + cache.seconds * 1000 }
        return good.rates
      } catch (error) {
        const failure = error instanceof RatesProviderError ? error.failure : 'bad_body'
        const status = error instanceof RatesProviderError ? error.status : undefined
        // The provider's name and the kind of failure only: never a URL (the key is in one) or a body.
        log.warn(
          { provider: provider.name, failure, ...(status === undefined ? {} : { status }) },
          failure === 'no_data' ? CURRENCY_MESSAGES.noData : 'exchange-rate provider failed',
        )
      }
    }
    // Another server's answer, even stale, is a provider's and newer than the built-in table.
    if (!good && shared) good = await shared.read().catch(() => undefined)
    if (providers.length > 0) {
      quietUntil = now() + Math.min(RETRY_AFTER_FAILURE_SECONDS, cache.seconds) * 1000
      log.warn(
        { fallback: good ? good.rates.source : BUILT_IN_RATES.source },
        'no exchange-rate provider answered',
      )
    }
    return good?.rates ?? BUILT_IN_RATES
  }

  /** The shared answer while it is fresh (another server asked the provider), else a round of our own. */
  async function fromShared(): Promise<ExchangeRates> {
    const kept = await shared!.read().catch(() => undefined)
    if (kept && now() < kept.until) {
      good = kept
      return kept.rates
    }
    return round()
  }

  return {
    getRates() {
      if (providers.length === 0) return Promise.resolve(BUILT_IN_RATES)
      const time = now()
      if (cache.enabled && good && time < good.until) return Promise.resolve(good.rates)
      if (time < quietUntil) return Promise.resolve(good?.rates ?? BUILT_IN_RATES)
      // Requests arriving during a round share it: one provider call, not one per visitor.
      inFlight ??= (cache.enabled && shared ? fromShared() : round()).finally(() => {
        inFlight = undefined
      })
      return inFlight
    },
    close() {
      closing.abort()
    },
  }
}

export function ratesServiceFromConfig(
  config: RatesConfig,
  options: Pick<RatesServiceOptions, 'log' | 'now' | 'shared'> = {},
): RatesService {
  const symbols = CURRENCIES.filter((code) => code !== BASE_CURRENCY)
  return createRatesService({
    providers: providersFromConfig(config, symbols),
    cache: config.cache,
    timeoutMs: config.timeoutMs,
    ...options,
  })
}
