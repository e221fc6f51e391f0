// The server's price for the stay and its options, in the renter's currency, with the amount charged in US
// dollars when that differs; marked busy while the price is asked again.
import { Plural, Trans } from '@lingui/react/macro'
import { Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core'

import type { BookingPrice } from '@/contract/bookings'
import { BASE_CURRENCY } from '@/domain/constants'
import { formatMoney } from '@/domain/money'
import { useMoney } from '@/entities/currency/money'
import { useLanguage } from '@/i18n/language'

export function PriceBreakdown({ quote, updating }: { quote: BookingPrice; updating: boolean }) {
  const money = useMoney()
  const language = useLanguage()
  const { breakdown } = quote
  const charged = formatMoney(breakdown.total, BASE_CURRENCY, language)
  const total = money(breakdown.total)
  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" aria-busy={updating}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          <Trans>Price</Trans>
        </Title>
        <Group justify="space-between">
          <Text>
            <Plural value={breakdown.days} one="Rental, # night" other="Rental, # nights" />
          </Text>
          <Text>{money(breakdown.rental)}</Text>
        </Group>
        {breakdown.cancellationFee > 0 ? (
          <Group justify="space-between">
            <Text>
              <Trans>Cancellation</Trans>
            </Text>
            <Text>{money(breakdown.cancellationFee)}</Text>
          </Group>
        ) : null}
        {breakdown.amendmentsFee > 0 ? (
          <Group justify="space-between">
            <Text>
              <Trans>Amendments</Trans>
            </Text>
            <Text>{money(breakdown.amendmentsFee)}</Text>
          </Group>
        ) : null}
        <Divider />
        <Group justify="space-between" aria-live="polite">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={800} fz="xl" c="petrol.8" data-testid="checkout-total">
            {updating ? <Skeleton height={24} width={90} /> : total}
          </Text>
        </Group>
        {total !== charged ? (
          <Text size="xs" c="dimmed">
            <Trans>You are charged {charged}, in US dollars.</Trans>
          </Text>
        ) : null}
      </Stack>
    </Card>
  )
}
