// Clients of the exchange-rate providers Haven speaks to. Each asks for the rates of one US dollar and either
// returns a table or throws a RatesProviderError saying what went wrong (docs/product.md §9: network errors,
// timeouts, aborts, bad statuses, and the providers' own errors: invalid key, malformed query, currency not
// found, paid plan required). Nothing here logs, and no error carries a URL: the exchangerate-api key is in
// the path.
import { isoDateSchema } from '../../../src/contract/common.ts'
import type { RateTable } from '../../../src/domain/currency.ts'
import type { RatesConfig, RatesProviderName } from '../../config.ts'

export type RatesFailure =
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'bad_status'
  | 'bad_body'
  | 'invalid_key'
  | 'malformed_request'
  | 'currency_not_found'
  | 'plan_required'
  | 'inactive_account'
  | 'quota_reached'
  | 'provider_error'
  | 'no_data'
  | 'no_rate'

export class RatesProviderError extends Error {
  override readonly name = 'RatesProviderError'
  constructor(
    readonly failure: RatesFailure,
    /** The HTTP status, when one came. */
    readonly status?: number,
  ) {
    super(status === undefined ? failure : `${failure} (HTTP ${status})`)
  }
}

export interface ProviderTable extends RateTable {
  /** The day the rates are for, `YYYY-MM-DD`. */
  date: string
}

export interface RatesProvider {
  readonly name: RatesProviderName
  fetchRates(signal: AbortSignal): Promise<ProviderTable>
}

/** A GET that resolves with the status and the parsed JSON body (undefined when the body is not JSON). */
async function getJson(url: string, signal: AbortSignal): Promise<{ status: number; body: unknown }> {
  let response: Response
  let text: string
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'error' })
    text = await response.text()
  } catch (error) {
    if (signal.aborted) {
      const reason: unknown = signal.reason
      const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError'
      throw new RatesProviderError(timedOut ? 'timeout' : 'aborted')
    }
    // Connection refused or reset, DNS, TLS, redirect: the cause's text may name the host, so it is dropped.
    void error
    throw new RatesProviderError('network')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, body }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function numbersOf(value: unknown): Record<string, number> | undefined {
  if (!isRecord(value)) return undefined
  const rates: Record<string, number> = {}
  for (const [code, rate] of Object.entries(value)) if (typeof rate === 'number') rates[code] = rate
  return rates
}

/** The provider's day when it is a real one, else today's: a bad one would fail the answer's schema (500). */
function dayOr(value: unknown): string {
  return isoDateSchema.safeParse(value).success ? (value as string) : new Date().toISOString().slice(0, 10)
}

/** exchangerate-api's `error-type` values and what they mean in docs/product.md §9's words. */
const EXCHANGERATE_API_ERRORS: Record<string, RatesFailure> = {
  'invalid-key': 'invalid_key',
  'malformed-request': 'malformed_request',
  'unsupported-code': 'currency_not_found',
  'plan-upgrade-required': 'plan_required',
  'inactive-account': 'inactive_account',
  'quota-reached': 'quota_reached',
}

/**
 * exchangerate-api v6: `GET {url}/v6/{key}/latest/USD` →
 * `{ result: 'success', base_code, time_last_update_unix, conversion_rates }` or
 * `{ result: 'error', 'error-type': 'invalid-key' | 'malformed-request' | 'unsupported-code' | … }`.
 */
export function exchangeRateApiProvider(url: string, key: string): RatesProvider {
  return {
    name: 'exchangerate-api',
    async fetchRates(signal) {
      const { status, body } = await getJson(`${url}/v6/${encodeURIComponent(key)}/latest/USD`, signal)
      // Its errors come as JSON, with a 4xx or even a 200: read the body before the status.
      if (isRecord(body) && body.result === 'error') {
        const type = body['error-type']
        throw new RatesProviderError(
          (typeof type === 'string' && EXCHANGERATE_API_ERRORS[type]) || 'provider_error',
          status,
        )
      }
      if (status < 200 || status > 299) throw new RatesProviderError('bad_status', status)
      if (!isRecord(body) || body.result !== 'success' || typeof body.base_code !== 'string') {
        throw new RatesProviderError('bad_body', status)
      }
      const rates = numbersOf(body.conversion_rates)
      if (!rates) throw new RatesProviderError('bad_body', status)
      const updated = typeof body.time_last_update_unix === 'number' ? body.time_last_update_unix * 1000 : NaN
      const day = new Date(updated)
      const date = dayOr(Number.isNaN(day.getTime()) ? undefined : day.toISOString().slice(0, 10))
      return { base: body.base_code, rates, date }
    },
  }
}

/**
 * Frankfurter (ECB reference rates): `GET {url}/latest?base=USD&symbols=…` →
 * `{ amount: 1, base: 'USD', date: 'YYYY-MM-DD', rates: { EUR: … } }`; errors are `{ message }` with
 * 404 for an unknown currency and 400/422 for a malformed query.
 */
export function frankfurterProvider(url: string, symbols: readonly string[]): RatesProvider {
  return {
    name: 'frankfurter',
    async fetchRates(signal) {
      const query = new URLSearchParams({ base: 'USD', symbols: symbols.join(',') })
      const { status, body } = await getJson(`${url}/latest?${query}`, signal)
      if (status === 404) throw new RatesProviderError('currency_not_found', status)
      if (status === 400 || status === 422) throw new RatesProviderError('malformed_request', status)
      if (status < 200 || status > 299) throw new RatesProviderError('bad_status', status)
      if (!isRecord(body) || typeof body.base !== 'string') throw new RatesProviderError('bad_body', status)
      const rates = numbersOf(body.rates)
      if (!rates) throw new RatesProviderError('bad_body', status)
      return { base: body.base, rates, date: dayOr(body.date) }
    },
  }
}

/** The configured providers, in the configured order. */
export function providersFromConfig(config: RatesConfig, symbols: readonly string[]): RatesProvider[] {
  return config.providers.flatMap((name): RatesProvider[] => {
    switch (name) {
      case 'exchangerate-api':
        // loadConfig refuses this provider without a key; a hand-built config without one just skips it.
        return config.exchangeRateApi.key
          ? [exchangeRateApiProvider(config.exchangeRateApi.url, config.exchangeRateApi.key)]
          : []
      case 'frankfurter':
        return [frankfurterProvider(config.frankfurter.url, symbols)]
    }
  })
}
