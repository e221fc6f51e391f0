// Currency conversion (docs/product.md §8, §9, §11): validation of codes and amounts, conversion through a
// table of rates against the base currency, and the rate-cache settings. Shared by the server (rates service)
// and the client (displayed prices). No zod here: the client imports this on the home page (its schema
// is the contract's, src/contract/rates.ts).
import { BASE_CURRENCY, RATE_CACHE_SECONDS } from './constants.ts'
import { type CurrencyCode, ISO_4217_CODES } from './currency-codes.ts'
import { CURRENCIES, type Currency } from './enums.ts'

/** The texts of docs/product.md §8 and §9, word for word. */
export const CURRENCY_MESSAGES = {
  codeNotString: 'currency code should be a string',
  invalidCode: (code: string) => `${code} is not a valid currency code`,
  amountNotNumber: 'amount should be a number',
  amountNotPositive: 'amount should be a positive number',
  notSupported: (code: string) => `Currency ${code} not supported`,
  noData: 'No data returned for rate fetch.',
  // Haven's wording: docs/product.md §9 names this error without one.
  noRate: (code: string) => `No exchange rate for ${code}.`,
  cacheFlag: 'rates caching should be a boolean',
  cacheDuration: 'rates cache duration should be a positive number of seconds',
} as const

export type CurrencyErrorKind =
  | 'code_type'
  | 'invalid_code'
  | 'amount_type'
  | 'amount_not_positive'
  | 'not_supported'
  | 'no_data'
  | 'no_rate'
  | 'cache_options'

export class CurrencyError extends Error {
  override readonly name = 'CurrencyError'
  constructor(
    readonly kind: CurrencyErrorKind,
    message: string,
  ) {
    super(message)
  }
}

let isoCodes: ReadonlySet<string> | undefined
/** Built on first use: a module-level `new Set` would keep the code list in bundles that never validate. */
function iso(): ReadonlySet<string> {
  return (isoCodes ??= new Set(ISO_4217_CODES))
}

/** A valid ISO 4217 code, upper-cased; lower case is accepted as the same code. */
export function validateCurrencyCode(code: unknown): CurrencyCode {
  if (typeof code !== 'string') throw new CurrencyError('code_type', CURRENCY_MESSAGES.codeNotString)
  const upper = code.toUpperCase()
  if (!iso().has(upper)) throw new CurrencyError('invalid_code', CURRENCY_MESSAGES.invalidCode(code))
  return upper as CurrencyCode
}

/** A finite number above zero. NaN and ±Infinity are not numbers to convert. */
export function validateAmount(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new CurrencyError('amount_type', CURRENCY_MESSAGES.amountNotNumber)
  }
  if (amount <= 0) throw new CurrencyError('amount_not_positive', CURRENCY_MESSAGES.amountNotPositive)
  return amount
}

/** Where a table of rates came from: a provider's name, or the table built into Haven. */
export const BUILT_IN_RATES_SOURCE = 'built-in'

/** Units of each currency for one unit of the base currency (`rates[base]` is 1). What GET /api/rates answers. */
export interface ExchangeRates {
  base: Currency
  rates: Record<Currency, number>
  /** The day the rates are for, `YYYY-MM-DD`. */
  date: string
  /** The provider that gave them, or 'built-in'. */
  source: string
}

/** A table as a provider may send it: any codes, possibly empty. */
export interface RateTable {
  base: string
  rates: Readonly<Record<string, number | undefined>>
}

/**
 * Rounds to cents, half away from zero, on the decimal value as written (2.675 → 2.68), not on its binary
 * approximation (2.67499999… → 2.67).
 */
export function roundToCents(amount: number): number {
  const sign = amount < 0 ? -1 : 1
  const written = String(Math.abs(amount))
  // Written with an exponent: beyond 1e21 cents are past a double's precision; below 1e-6 they round to 0.
  if (written.includes('e')) return Math.abs(amount) < 1 ? 0 : amount
  return (sign * Math.round(Number(`${written}e2`))) / 100
}

/**
 * Converts `amount` from one currency to another through a table of rates against its base. Throws a
 * CurrencyError with the product's text for a bad code, a bad amount, a currency outside `supported`
 * ('Currency {code} not supported'), an empty table ('No data returned for rate fetch.') or a missing rate.
 */
export function convert(
  amount: unknown,
  from: unknown,
  to: unknown,
  table: RateTable | null | undefined,
  supported: readonly string[] = CURRENCIES,
): number {
  const source = validateCurrencyCode(from)
  const target = validateCurrencyCode(to)
  const value = validateAmount(amount)
  for (const code of [source, target]) {
    if (!supported.includes(code))
      throw new CurrencyError('not_supported', CURRENCY_MESSAGES.notSupported(code))
  }
  if (!table || Object.keys(table.rates).length === 0) {
    throw new CurrencyError('no_data', CURRENCY_MESSAGES.noData)
  }
  if (source === target) return roundToCents(value)
  const rateOf = (code: string) => (code === table.base ? 1 : table.rates[code])
  const targetRate = rateOf(target)
  if (!isRate(targetRate)) throw new CurrencyError('no_rate', CURRENCY_MESSAGES.noRate(target))
  const sourceRate = rateOf(source)
  if (!isRate(sourceRate)) throw new CurrencyError('no_rate', CURRENCY_MESSAGES.noRate(source))
  return roundToCents((value / sourceRate) * targetRate)
}

function isRate(rate: number | undefined): rate is number {
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0
}

/**
 * The app's currencies (docs/product.md §11) with their rate against `BASE_CURRENCY`, or undefined if one is
 * missing.
 */
export function pickAppRates(table: RateTable): Record<Currency, number> | undefined {
  if (table.base !== BASE_CURRENCY) return undefined
  const picked: Partial<Record<Currency, number>> = {}
  for (const code of CURRENCIES) {
    const rate = code === BASE_CURRENCY ? 1 : table.rates[code]
    if (!isRate(rate)) return undefined
    picked[code] = rate
  }
  return picked as Record<Currency, number>
}

export interface RateCacheOptions {
  /** Keep fetched rates instead of asking a provider on every use. */
  enabled: boolean
  /** How long kept rates stay good, in seconds. */
  seconds: number
}

/**
 * docs/product.md §8: caching needs a boolean flag and a positive duration in seconds (default 3600,
 * docs/product.md §10).
 */
export function validateRateCache(options: { enabled: unknown; seconds?: unknown }): RateCacheOptions {
  if (typeof options.enabled !== 'boolean') {
    throw new CurrencyError('cache_options', CURRENCY_MESSAGES.cacheFlag)
  }
  const seconds = options.seconds ?? RATE_CACHE_SECONDS
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new CurrencyError('cache_options', CURRENCY_MESSAGES.cacheDuration)
  }
  return { enabled: options.enabled, seconds }
}
