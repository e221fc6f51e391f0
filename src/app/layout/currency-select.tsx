import { NativeSelect } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'

import { CURRENCIES, isCurrency } from '@/domain/enums'
import { storeCurrency, useCurrency } from '@/lib/currency'

export function CurrencySelect() {
  const { t } = useLingui()
  const currency = useCurrency()
  return (
    <NativeSelect
      size="xs"
      radius="xl"
      w={84}
      aria-label={t`Currency`}
      value={currency}
      onChange={(event) => {
        const value = event.currentTarget.value
        if (isCurrency(value)) storeCurrency(value)
      }}
      data={[...CURRENCIES]}
    />
  )
}
