// Prices in the visitor's currency (docs/product.md §11: base USD; USD, EUR, GBP, AUD), formatted by its
// rules in the interface language. Every displayed price goes through useMoney or <Price>. Until rates are
// known (first visit offline, or the request still on its way) prices show in the base currency, which is
// never wrong.
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'

import { BASE_CURRENCY } from '@/domain/constants'
import { applyRate } from '@/domain/currency'
import type { Currency, Language } from '@/domain/enums'
import { formatMoney } from '@/domain/money'
import { useLanguage } from '@/i18n/language'
import { useCurrency } from '@/lib/currency'
import { ratesQueryOptions } from '@/lib/rates'

/** An amount in the base currency, converted with `rate` when there is one, formatted. */
export function formatPrice(
  amount: number,
  currency: Currency,
  rate: number | undefined,
  language: Language,
): string {
  if (currency === BASE_CURRENCY || typeof rate !== 'number' || !(rate > 0)) {
    return formatMoney(amount, BASE_CURRENCY, language)
  }
  return formatMoney(applyRate(amount, rate), currency, language)
}

/** The rate of the chosen currency against the base, once known. Rates are only fetched when needed. */
function useRate(currency: Currency): number | undefined {
  const converting = currency !== BASE_CURRENCY
  const { data } = useQuery({ ...ratesQueryOptions(), enabled: converting })
  return converting ? data?.rates[currency] : undefined
}

/** `money(amountInUsd)` → the amount in the visitor's currency and language, e.g. "1 234,50 €". */
export function useMoney(): (amount: number) => string {
  const currency = useCurrency()
  const language = useLanguage()
  const rate = useRate(currency)
  return useCallback(
    (amount: number) => formatPrice(amount, currency, rate, language),
    [currency, rate, language],
  )
}

/** A price in the base currency, shown in the visitor's currency. */
export function Price({ amount }: { amount: number }) {
  const money = useMoney()
  return <>{money(amount)}</>
}
