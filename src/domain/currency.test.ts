import { describe, expect, it } from 'vitest'

import {
  convert,
  CurrencyError,
  pickAppRates,
  roundToCents,
  validateAmount,
  validateCurrencyCode,
  validateRateCache,
} from './currency.ts'

const table = { base: 'USD', rates: { USD: 1, EUR: 0.8532, GBP: 0.73, AUD: 1.5314, JPY: 144.2 } }

function errorOf(run: () => unknown): CurrencyError {
  try {
    run()
  } catch (error) {
    if (error instanceof CurrencyError) return error
    throw error
  }
  throw new Error('expected a CurrencyError')
}

describe('currency codes', () => {
  it('accepts ISO 4217 codes, in either case', () => {
    expect(validateCurrencyCode('EUR')).toBe('EUR')
    expect(validateCurrencyCode('jpy')).toBe('JPY')
  })
  it("says 'currency code should be a string' for anything else", () => {
    for (const value of [42, null, undefined, {}, ['EUR']]) {
      expect(errorOf(() => validateCurrencyCode(value))).toMatchObject({
        kind: 'code_type',
        message: 'currency code should be a string',
      })
    }
  })
  it("says '{code} is not a valid currency code' for codes outside ISO 4217", () => {
    expect(() => validateCurrencyCode('EURO')).toThrow('EURO is not a valid currency code')
    expect(() => validateCurrencyCode('XXX')).toThrow('XXX is not a valid currency code')
    // Withdrawn: Croatia adopted the euro.
    expect(() => validateCurrencyCode('HRK')).toThrow('HRK is not a valid currency code')
    expect(() => validateCurrencyCode('')).toThrow(' is not a valid currency code')
  })
})

describe('amounts', () => {
  it('accepts positive numbers', () => {
    expect(validateAmount(0.01)).toBe(0.01)
    expect(validateAmount(1500)).toBe(1500)
  })
  it("says 'amount should be a number' for non-numbers, NaN and infinities", () => {
    for (const value of ['12', null, undefined, Number.NaN, Infinity]) {
      expect(() => validateAmount(value)).toThrow('amount should be a number')
    }
  })
  it("says 'amount should be a positive number' for zero and below", () => {
    expect(() => validateAmount(0)).toThrow('amount should be a positive number')
    expect(() => validateAmount(-5)).toThrow('amount should be a positive number')
  })
})

describe('convert', () => {
  it('converts from the base through its rate, rounded to cents', () => {
    expect(convert(1234.5, 'USD', 'EUR', table)).toBe(1053.28) // 1053.2754
    expect(convert(1500, 'USD', 'GBP', table)).toBe(1095)
    expect(convert(100, 'USD', 'AUD', table)).toBe(153.14)
  })
  it('converts between two non-base currencies through the base', () => {
    expect(convert(100, 'EUR', 'GBP', table)).toBe(85.56) // 100 / 0.8532 * 0.73 = 85.5602…
  })
  it('returns the amount itself, in cents, from a currency to the same one', () => {
    expect(convert(10.005, 'EUR', 'EUR', table)).toBe(10.01)
  })
  it("says 'Currency {code} not supported' for a valid code outside the app's currencies", () => {
    expect(errorOf(() => convert(10, 'JPY', 'USD', table))).toMatchObject({
      kind: 'not_supported',
      message: 'Currency JPY not supported',
    })
    expect(() => convert(10, 'USD', 'chf', table)).toThrow('Currency CHF not supported')
  })
  it('validates codes and amount before anything else', () => {
    expect(() => convert(10, 1, 'EUR', table)).toThrow('currency code should be a string')
    expect(() => convert(10, 'USD', 'ABC', table)).toThrow('ABC is not a valid currency code')
    expect(() => convert('10', 'USD', 'EUR', table)).toThrow('amount should be a number')
    expect(() => convert(-1, 'USD', 'EUR', table)).toThrow('amount should be a positive number')
  })
  it("says 'No data returned for rate fetch.' when there are no rates", () => {
    expect(() => convert(10, 'USD', 'EUR', { base: 'USD', rates: {} })).toThrow(
      'No data returned for rate fetch.',
    )
    expect(errorOf(() => convert(10, 'USD', 'EUR', undefined)).kind).toBe('no_data')
  })
  it('fails when the table has no rate for the target (or the source)', () => {
    const partial = { base: 'USD', rates: { USD: 1, EUR: 0.85 } }
    expect(errorOf(() => convert(10, 'USD', 'GBP', partial))).toMatchObject({
      kind: 'no_rate',
      message: 'No exchange rate for GBP.',
    })
    expect(() => convert(10, 'AUD', 'EUR', partial)).toThrow('No exchange rate for AUD.')
    expect(() => convert(10, 'USD', 'EUR', { base: 'USD', rates: { EUR: 0 } })).toThrow(
      'No exchange rate for EUR.',
    )
  })
  it('accepts a custom list of supported currencies', () => {
    expect(convert(10, 'USD', 'JPY', table, ['USD', 'JPY'])).toBe(1442)
  })
})

describe('rounding', () => {
  it('rounds half away from zero on the written decimal value', () => {
    expect(roundToCents(2.675)).toBe(2.68)
    expect(roundToCents(1.005)).toBe(1.01)
    expect(roundToCents(1.004)).toBe(1)
    expect(roundToCents(-2.675)).toBe(-2.68)
    expect(roundToCents(1e21)).toBe(1e21)
    expect(roundToCents(1e-7)).toBe(0)
  })
  it('converts to cents', () => {
    expect(convert(999.99, 'USD', 'EUR', table)).toBe(853.19) // 853.1914…
    expect(convert(0.5, 'USD', 'GBP', table)).toBe(0.37) // 0.365
  })
})

describe('pickAppRates', () => {
  it("keeps the app's currencies from a provider's table", () => {
    expect(pickAppRates(table)).toEqual({ USD: 1, EUR: 0.8532, GBP: 0.73, AUD: 1.5314 })
  })
  it('refuses a table on another base or missing a currency', () => {
    expect(pickAppRates({ base: 'EUR', rates: table.rates })).toBeUndefined()
    expect(pickAppRates({ base: 'USD', rates: { EUR: 0.9, GBP: 0.8 } })).toBeUndefined()
    expect(pickAppRates({ base: 'USD', rates: { EUR: 0.9, GBP: -1, AUD: 1.5 } })).toBeUndefined()
  })
})

describe('rate cache options', () => {
  it('defaults the duration to 3600 seconds', () => {
    expect(validateRateCache({ enabled: true })).toEqual({ enabled: true, seconds: 3600 })
    expect(validateRateCache({ enabled: false, seconds: 60 })).toEqual({ enabled: false, seconds: 60 })
  })
  it('needs a boolean flag', () => {
    expect(() => validateRateCache({ enabled: 'true' })).toThrow('rates caching should be a boolean')
  })
  it('needs a positive duration in seconds', () => {
    for (const seconds of [0, -1, Number.NaN, '60']) {
      expect(() => validateRateCache({ enabled: true, seconds })).toThrow(
        'rates cache duration should be a positive number of seconds',
      )
    }
  })
})
