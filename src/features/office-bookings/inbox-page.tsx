import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRouter, useSearch } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'

import { BOOKING_STATUS_NAMES } from '@/domain/booking-status'
import { BOOKING_STATUSES } from '@/domain/enums'
import { formatMoney } from '@/domain/money'
import { STATUS_COLORS } from '@/entities/staff/status-colors'
import { useLanguage } from '@/i18n/language'
import { formatStayDates } from '@/lib/day'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { inboxQueryOptions } from './api'
import { inboxHref, type InboxParams, validateInboxParams } from './search-params'
import { timeLeft } from './time-left'

/** The filters' form: what it sends goes to the URL, and the list follows the URL. */
function Filters({ params }: { params: InboxParams }) {
  const { t } = useLingui()
  const language = useLanguage()
  const router = useRouter()
  const [renter, setRenter] = useState(params.renter ?? '')
  const [from, setFrom] = useState(params.from ?? '')
  const [to, setTo] = useState(params.to ?? '')
  const go = (next: InboxParams) => void router.navigate({ href: inboxHref(next) })
  // A new filter starts again from the first page.
  const { cursor: _page, ...filters } = params
  const submit = (event: FormEvent) => {
    event.preventDefault()
    go({ ...filters, renter: renter.trim() || undefined, from: from || undefined, to: to || undefined })
  }
  return (
    <form onSubmit={submit} aria-label={t`Filters`}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t`Status`}
          w={{ base: '100%', xs: 170 }}
          clearable
          value={params.status ?? null}
          data={BOOKING_STATUSES.filter((status) => status !== 'VOID').map((status) => ({
            value: status,
            label: BOOKING_STATUS_NAMES[status][language],
          }))}
          placeholder={t`Any`}
          onChange={(value) =>
            go({ ...filters, status: (value as InboxParams['status'] | null) ?? undefined })
          }
        />
        <TextInput
          label={t`Renter`}
          w={{ base: '100%', xs: 200 }}
          value={renter}
          onChange={(event) => setRenter(event.currentTarget.value)}
          placeholder={t`Name or e-mail`}
        />
        <TextInput
          type="date"
          label={t`Stay from`}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t`Stay until`}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Button type="submit">
          <Trans>Filter</Trans>
        </Button>
        {Object.keys(filters).length > 0 ? (
          <Button variant="subtle" component={HrefLink} href="/admin">
            <Trans>Clear the filters</Trans>
          </Button>
        ) : null}
      </Group>
    </form>
  )
}

/** The bookings of the agency's properties (all of them for an administrator), newest first, a page at a time. */
export function InboxPage() {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const params = validateInboxParams(useSearch({ strict: false }) as Record<string, unknown>)
  const inbox = useQuery(inboxQueryOptions(params))
  const [now] = useState(() => Date.now())
  const { cursor, ...filters } = params

  let body
  if (inbox.isPending) body = <Loader aria-label={t`Loading`} />
  else if (inbox.isError)
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Trans>The bookings could not be read.</Trans>
          <Button size="compact-sm" onClick={() => void inbox.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    )
  else if (inbox.data.items.length === 0)
    body = (
      <Text c="dimmed">
        <Trans>No booking matches these filters.</Trans>
      </Text>
    )
  else {
    const { items, total, totalCapped, nextCursor } = inbox.data
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {totalCapped ? <Trans>More than {total} bookings</Trans> : <Trans>{total} bookings</Trans>}
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Renter</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Property</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Stay</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Price</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => {
                const left = row.status === 'PENDING' && row.answerBy ? timeLeft(row.answerBy, now) : null
                return (
                  <Table.Tr key={row._id}>
                    <Table.Td>
                      <Anchor component={HrefLink} href={`/admin/bookings/${row._id}`} fw={600}>
                        {row.renter.fullName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {row.renter.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={HrefLink}
                        href={inboxHref({ ...filters, propertyId: row.property._id })}
                        size="sm"
                        aria-label={t`Only the bookings of ${row.property.name}`}
                      >
                        {row.property.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatStayDates(row.from, row.to, language)}</Table.Td>
                    <Table.Td>{formatMoney(row.price, row.currency, language)}</Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Badge color={STATUS_COLORS[row.status]}>
                          {BOOKING_STATUS_NAMES[row.status][language]}
                        </Badge>
                        {row.cancelRequest ? (
                          <Badge color="red.9" variant="outline">
                            <Trans>Cancellation asked</Trans>
                          </Badge>
                        ) : null}
                        {left ? (
                          <Text size="xs" c={left.urgent ? 'red.9' : 'dimmed'} fw={left.urgent ? 700 : 400}>
                            {i18n._(left.message)}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          {cursor ? (
            <Button variant="default" component={HrefLink} href={inboxHref(filters)}>
              <Trans>First page</Trans>
            </Button>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Button
              variant="default"
              component={HrefLink}
              href={inboxHref({ ...filters, cursor: nextCursor })}
            >
              <Trans>Next page</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    )
  }

  return (
    <Screen
      title={<Trans>Bookings</Trans>}
      lead={<Trans>Newest first. Answer each request before its deadline.</Trans>}
    >
      <Stack gap="lg">
        <Filters key={JSON.stringify(filters)} params={params} />
        {params.propertyId ? (
          <Group gap="xs">
            <Badge variant="light">
              <Trans>One property</Trans>
            </Badge>
            <Anchor component={HrefLink} href={inboxHref({ ...filters, propertyId: undefined })} size="sm">
              <Trans>Every property</Trans>
            </Anchor>
          </Group>
        ) : null}
        {body}
      </Stack>
    </Screen>
  )
}
