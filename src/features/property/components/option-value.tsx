// What a property asks for an option (docs/product.md §6: −1 unavailable, 0 included, a positive value is an
// extra fee), shown beside the option's name. In French the word agrees with that name: "Annulation : Non
// proposée", "Modifications : Non proposées".
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'

import { optionPolicy } from '@/domain/price'
import { useMoney } from '@/entities/currency/money'

export type OptionName = 'cancellation' | 'amendments'

const UNAVAILABLE: Record<OptionName, MessageDescriptor> = {
  cancellation: msg({ context: 'cancellation', message: 'Unavailable' }),
  amendments: msg({ context: 'amendments', message: 'Unavailable' }),
}

export function OptionValue({ option, value }: { option: OptionName; value: number }) {
  const { i18n } = useLingui()
  const money = useMoney()
  const policy = optionPolicy(value)
  if (policy === 'unavailable') return <>{i18n._(UNAVAILABLE[option])}</>
  if (policy === 'included') return <Trans>Included</Trans>
  const fee = money(value)
  return <Trans>{fee} extra</Trans>
}
