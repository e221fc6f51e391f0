// The dated table Haven answers with when no provider is configured or none answers (docs/operations.md,
// Embedded defaults and production: the exchange-rate default that works offline). Units of each currency for
// one US dollar, rounded to 4 places: approximate mid-market rates at the end of June 2025 (EUR/USD ≈ 1.172,
// GBP/USD ≈ 1.370, AUD/USD ≈ 0.653). The date travels with the rates, so the client can say how old they are.
import { type ExchangeRates, BUILT_IN_RATES_SOURCE } from '../../../src/domain/currency.ts'

export const BUILT_IN_RATES: ExchangeRates = Object.freeze({
  base: 'USD',
  rates: Object.freeze({ USD: 1, EUR: 0.8532, GBP: 0.73, AUD: 1.5314 }),
  date: '2025-06-30',
  source: BUILT_IN_RATES_SOURCE,
})
