import { useLingui } from '@lingui/react/macro'
import { NativeSelect } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'

import { CURRENCIES, isCurrency } from '@/domain/enums'
import { storeCurrency, useCurrency } from '@/entities/currency/currency'
import { ratesQueryOptions } from '@/entities/currency/rates'

/** The display currency (docs/product.md §11). Every price on screen follows it through useMoney. */
export function CurrencySelect() {
  const { t } = useLingui()
  const currency = useCurrency()
  const queryClient = useQueryClient()
  // Rates are only fetched once a currency other than USD is shown; asking when the select is approached
  // makes the switch itself instant.
  const prefetchRates = () => void queryClient.prefetchQuery(ratesQueryOptions())
  return (
    <NativeSelect
      size="xs"
      radius="xl"
      w={84}
      aria-label={t`Currency`}
      value={currency}
      onPointerEnter={prefetchRates}
      onFocus={prefetchRates}
      onChange={(event) => {
        const value = event.currentTarget.value
        if (isCurrency(value)) storeCurrency(value)
      }}
      data={[...CURRENCIES]}
    />
  )
}
