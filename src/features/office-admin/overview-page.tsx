// The platform at a glance, an administrator's first screen: bookings by status this week and month, payments
// and refunds (a failed refund needs a hand), the outbox's backlog, sign-ups and activations. The server reads
// each figure from the database, so every instance shows the same.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'

import type { PlatformOverview } from '@/contract/admin'
import { BOOKING_STATUS_NAMES } from '@/domain/booking-status'
import { BASE_CURRENCY } from '@/domain/constants'
import { BOOKING_STATUSES } from '@/domain/enums'
import { formatMoney } from '@/domain/money'
import { useLanguage } from '@/i18n/language'
import { formatMoment } from '@/lib/day'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { overviewQueryOptions } from './api'

function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  )
}

function BookingsByStatus({ bookings }: { bookings: PlatformOverview['bookings'] }) {
  const language = useLanguage()
  return (
    <Table verticalSpacing={4} data-testid="bookings-by-status">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Status</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>This week</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>This month</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {BOOKING_STATUSES.filter((status) => status !== 'VOID').map((status) => (
          <Table.Tr key={status}>
            <Table.Th scope="row" fw={400}>
              {BOOKING_STATUS_NAMES[status][language]}
            </Table.Th>
            <Table.Td ta="right">{bookings.week[status] ?? 0}</Table.Td>
            <Table.Td ta="right">{bookings.month[status] ?? 0}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function Figure({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={700}>
        {value}
      </Text>
    </Group>
  )
}

function Overview({ data }: { data: PlatformOverview }) {
  const language = useLanguage()
  const money = (amount: number) => formatMoney(amount, BASE_CURRENCY, language)
  const { payments, refunds, outbox, accounts } = data
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Panel title={<Trans>Bookings made</Trans>}>
        <BookingsByStatus bookings={data.bookings} />
      </Panel>
      <Panel title={<Trans>Payments and refunds</Trans>}>
        <Figure
          label={<Trans>Payments taken this week</Trans>}
          value={`${money(payments.week.taken)} (${payments.week.count})`}
        />
        <Figure
          label={<Trans>Payments taken this month</Trans>}
          value={`${money(payments.month.taken)} (${payments.month.count})`}
        />
        <Figure label={<Trans>Refunds made</Trans>} value={refunds.refunded} />
        <Figure label={<Trans>Refunds pending</Trans>} value={refunds.pending} />
        {refunds.failed.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No refund has failed.</Trans>
          </Text>
        ) : (
          <Alert color="red" variant="light" title={<Trans>Refunds that failed need a hand</Trans>}>
            <Stack gap={4}>
              {refunds.failed.map((refund) => (
                <Text size="sm" key={refund.bookingId}>
                  <Anchor component={HrefLink} href={`/admin/bookings/${refund.bookingId}`}>
                    <Trans>Booking {refund.bookingId}</Trans>
                  </Anchor>{' '}
                  · {money(refund.amount)} · <Trans>{refund.attempts} attempts</Trans>
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
      </Panel>
      <Panel title={<Trans>Outgoing messages</Trans>}>
        <Figure label={<Trans>Waiting to be sent</Trans>} value={outbox.backlog} />
        <Figure label={<Trans>Given up</Trans>} value={outbox.failed} />
        <Figure
          label={<Trans>Oldest undelivered</Trans>}
          value={outbox.oldestUndeliveredAt ? formatMoment(outbox.oldestUndeliveredAt, language) : '—'}
        />
      </Panel>
      <Panel title={<Trans>Accounts</Trans>}>
        <Figure label={<Trans>Sign-ups this week</Trans>} value={accounts.signUps.week} />
        <Figure label={<Trans>Sign-ups this month</Trans>} value={accounts.signUps.month} />
        <Figure label={<Trans>Activations this week</Trans>} value={accounts.activations.week} />
        <Figure label={<Trans>Activations this month</Trans>} value={accounts.activations.month} />
        <Figure label={<Trans>Accounts not activated</Trans>} value={accounts.notActivated} />
      </Panel>
    </SimpleGrid>
  )
}

export function OverviewPage() {
  const { t } = useLingui()
  const overview = useQuery(overviewQueryOptions())
  let body
  if (overview.isPending) body = <Loader aria-label={t`Loading`} />
  else if (overview.isError)
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Trans>The figures could not be read.</Trans>
          <Button size="compact-sm" onClick={() => void overview.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    )
  else body = <Overview data={overview.data} />
  return (
    <Screen
      title={<Trans>The platform at a glance</Trans>}
      lead={<Trans>This week is from Monday, UTC. Every figure is read from the database.</Trans>}
    >
      {body}
    </Screen>
  )
}
