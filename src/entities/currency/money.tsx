// Prices in the visitor's currency (docs/product.md §11: base USD; USD, EUR, GBP, AUD), formatted by its
// rules in the interface language. Every displayed price goes through useMoney or <Price>, and so through
// the checked conversion of src/domain/currency.ts. Until rates are known (first visit offline, or the
// request still on its way) prices show in the base currency, which is never wrong.
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'

import { BASE_CURRENCY } from '@/domain/constants'
import { convert, CurrencyError, type RateTable } from '@/domain/currency'
import type { Currency, Language } from '@/domain/enums'
import { formatMoney } from '@/domain/money'
import { useCurrency } from '@/entities/currency/currency'
import { ratesQueryOptions } from '@/entities/currency/rates'
import { useLanguage } from '@/i18n/language'

/** What a price shows when it is not a number: nothing a renter could take for an amount. */
export const NO_PRICE = '—'

/** The base currency against itself: what converts while the visitor's currency is the base. */
const BASE_ONLY: RateTable = { base: BASE_CURRENCY, rates: { [BASE_CURRENCY]: 1 } }

/**
 * An amount in the base currency, converted with `rates` into `currency` (the base currency itself while
 * they are unknown), formatted. A conversion its checks refuse (docs/product.md §8, §9: a code, an amount
 * not above zero, a currency without a rate) shows the amount as stored and charged, in the base currency;
 * an amount that is not a number shows NO_PRICE.
 */
export function formatPrice(
  amount: number,
  currency: Currency,
  rates: RateTable | undefined,
  language: Language,
): string {
  const target = rates ? currency : BASE_CURRENCY
  try {
    return formatMoney(convert(amount, BASE_CURRENCY, target, rates ?? BASE_ONLY), target, language)
  } catch (error) {
    if (!(error instanceof CurrencyError)) throw error
    return error.kind === 'amount_type' ? NO_PRICE : formatMoney(amount, BASE_CURRENCY, language)
  }
}

/** The rates, once known, when the chosen currency needs them. Rates are only fetched when needed. */
function useRates(currency: Currency): RateTable | undefined {
  const converting = currency !== BASE_CURRENCY
  const { data } = useQuery({ ...ratesQueryOptions(), enabled: converting })
  return converting ? data : BASE_ONLY
}

/** `money(amountInUsd)` → the amount in the visitor's currency and language, e.g. "1 234,50 €". */
export function useMoney(): (amount: number) => string {
  const currency = useCurrency()
  const language = useLanguage()
  const rates = useRates(currency)
  return useCallback(
    (amount: number) => formatPrice(amount, currency, rates, language),
    [currency, rates, language],
  )
}

/** A price in the base currency, shown in the visitor's currency. */
export function Price({ amount }: { amount: number }) {
  const money = useMoney()
  return <>{money(amount)}</>
}
