// The stay's options (cancellation, amendments) as the property offers them: not offered, included, or a
// checkbox with its fee; and the refund terms when the cancellation option applies.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Checkbox, Group, Stack, Text, Title } from '@mantine/core'

import type { BookingPrice } from '@/contract/bookings'
import { FREE_CANCELLATION_HOURS } from '@/domain/constants'
import { useMoney } from '@/entities/currency/money'

export type OptionName = 'cancellation' | 'amendments'

// Each option's words of its own: in French what is said of an option agrees with its name ("Annulation :
// incluse", "Modifications : incluses").
const OPTION_MESSAGES: Record<OptionName, Record<'label' | 'included' | 'notOffered', MessageDescriptor>> = {
  cancellation: {
    label: msg`Cancellation`,
    included: msg`Cancellation: included`,
    notOffered: msg({ context: 'cancellation', message: 'Not offered' }),
  },
  amendments: {
    label: msg`Amendments`,
    included: msg`Amendments: included`,
    notOffered: msg({ context: 'amendments', message: 'Not offered' }),
  },
}

function OptionChoice({
  option,
  policy,
  fee,
  checked,
  onChange,
}: {
  option: OptionName
  policy: BookingPrice['options'][OptionName]
  fee: number
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const { i18n } = useLingui()
  const money = useMoney()
  const messages = OPTION_MESSAGES[option]
  const label = i18n._(messages.label)
  if (policy === 'unavailable') {
    return (
      <Group gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" c="dimmed">
          {i18n._(messages.notOffered)}
        </Text>
      </Group>
    )
  }
  if (policy === 'included') {
    return <Checkbox checked disabled label={i18n._(messages.included)} />
  }
  const extra = money(fee)
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <Trans>
          {label}: {extra} extra
        </Trans>
      }
    />
  )
}

export function StayOptions({
  quote,
  chosen,
  onChoose,
}: {
  quote: BookingPrice
  /** What the renter ticked; the quote, asked again with it, says what applies. */
  chosen: Record<OptionName, boolean>
  onChoose: (option: OptionName, checked: boolean) => void
}) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        <Trans>Options</Trans>
      </Title>
      <OptionChoice
        option="cancellation"
        policy={quote.options.cancellation}
        fee={quote.option.cancellation}
        checked={chosen.cancellation}
        onChange={(checked) => onChoose('cancellation', checked)}
      />
      <OptionChoice
        option="amendments"
        policy={quote.options.amendments}
        fee={quote.option.amendments}
        checked={chosen.amendments}
        onChange={(checked) => onChoose('amendments', checked)}
      />
      {/* Only with the cancellation option (taken, or included): without it there is nothing to refund. */}
      {quote.cancellation ? (
        <Text size="xs" c="dimmed" data-testid="refund-terms">
          <Trans>
            A full refund may apply if cancelled {FREE_CANCELLATION_HOURS} hours before the rental date.
          </Trans>
        </Text>
      ) : null}
    </Stack>
  )
}
