// A month of held nights: one property's, or every property's the user manages. On a laptop, a month's grid
// whose days open the bookings that hold them; on a phone (and under the grid on a laptop), the month's
// stays and closings one under another. Nights are closed and opened again here (an owner's stay, works).
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter, useSearch } from '@tanstack/react-router'

import { blockNightsRequestSchema, type Calendar } from '@/contract/back-office'
import { BOOKING_STATUS_NAMES } from '@/domain/booking-status'
import { BOOKING_STATUSES, type Language } from '@/domain/enums'
import { CLOSED_COLOR, STATUS_COLORS } from '@/entities/staff/status-colors'
import { useLanguage } from '@/i18n/language'
import { formatStayDates, today } from '@/lib/day'
import { errorMessage } from '@/ui/account-messages'
import { FormAlert, useFormSubmit, useSchemaForm } from '@/ui/form'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import {
  calendarKeys,
  calendarPropertiesQueryOptions,
  calendarQueryOptions,
  closeNights,
  openNights,
} from './api'
import {
  addDays,
  calendarHref,
  type CalendarParams,
  HOLDING_STATUSES,
  monthWeeks,
  shiftMonth,
  validateCalendarParams,
} from './search-params'

/** What holds one night: a booking or a closing. */
type Hold =
  | { kind: 'booking'; booking: Calendar['bookings'][number] }
  | { kind: 'blocked'; blocked: Calendar['blocked'][number] }

function monthTitle(month: string, language: Language) {
  const options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' }
  const words = new Intl.DateTimeFormat(language, options).format(
    new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)),
  )
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Monday to Sunday, short, in the interface language (2024-01-01 was a Monday). */
const weekdays = (language: Language) =>
  Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 1 + index)),
    ),
  )

/** What holds `day`'s night: the stays that cover it ([from, to)). */
const holdsOf = (calendar: Calendar, day: string): Hold[] => [
  ...calendar.bookings
    .filter((booking) => booking.from <= day && day < booking.to)
    .map((booking): Hold => ({ kind: 'booking', booking })),
  ...calendar.blocked
    .filter((blocked) => blocked.from <= day && day < blocked.to)
    .map((blocked): Hold => ({ kind: 'blocked', blocked })),
]

/** The month's grid: a day's bookings each open their page; closed nights say so. */
function MonthGrid({
  calendar,
  month,
  oneProperty,
}: {
  calendar: Calendar
  month: string
  oneProperty: boolean
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const now = today()
  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label={monthTitle(month, language)}>
      <Table.Thead>
        <Table.Tr>
          {weekdays(language).map((name) => (
            <Table.Th key={name} ta="center">
              {name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {monthWeeks(month).map((week, index) => (
          <Table.Tr key={index}>
            {week.map((day, column) =>
              day ? (
                <Table.Td key={day} valign="top" h={96} p={4} bg={day === now ? 'petrol.0' : undefined}>
                  <Text size="xs" fw={700} aria-current={day === now ? 'date' : undefined}>
                    {Number(day.slice(8))}
                  </Text>
                  <Stack gap={2}>
                    {holdsOf(calendar, day).map((hold) =>
                      hold.kind === 'booking' ? (
                        <Badge
                          key={`b${hold.booking._id}`}
                          component={HrefLink}
                          href={`/admin/bookings/${hold.booking._id}`}
                          color={STATUS_COLORS[hold.booking.status]}
                          radius="sm"
                          fullWidth
                          style={{ cursor: 'pointer', textTransform: 'none' }}
                          aria-label={t`${hold.booking.property.name}, ${BOOKING_STATUS_NAMES[hold.booking.status][language]}, ${formatStayDates(hold.booking.from, hold.booking.to, language)}: open the booking`}
                        >
                          {oneProperty
                            ? BOOKING_STATUS_NAMES[hold.booking.status][language]
                            : hold.booking.property.name}
                        </Badge>
                      ) : (
                        <Badge
                          key={`c${hold.blocked._id}`}
                          color={CLOSED_COLOR}
                          variant="outline"
                          radius="sm"
                          fullWidth
                          style={{ textTransform: 'none' }}
                        >
                          {oneProperty ? t`Closed` : t`Closed: ${hold.blocked.property.name}`}
                        </Badge>
                      ),
                    )}
                  </Stack>
                </Table.Td>
              ) : (
                <Table.Td key={`empty${column}`} bg="gray.0" />
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** The month's stays and closings, by start: what a phone shows, and the closings' button to open them again. */
function MonthList({ calendar }: { calendar: Calendar }) {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const queryClient = useQueryClient()
  const reopen = useMutation({
    mutationFn: openNights,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all() }),
  })
  const entries = [
    ...calendar.bookings.map((booking) => ({
      from: booking.from,
      hold: { kind: 'booking', booking } as Hold,
    })),
    ...calendar.blocked.map((blocked) => ({
      from: blocked.from,
      hold: { kind: 'blocked', blocked } as Hold,
    })),
  ].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
  if (entries.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No night is held this month.</Trans>
      </Text>
    )
  return (
    <Stack gap="xs">
      {reopen.isError ? (
        <Alert color="red" role="alert">
          {i18n._(errorMessage(reopen.error, msg`These nights could not be opened again. Please try again.`))}
        </Alert>
      ) : null}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map(({ hold }) =>
          hold.kind === 'booking' ? (
            <Paper component="li" key={`b${hold.booking._id}`} withBorder p="xs" radius="md">
              <Group justify="space-between" gap="xs">
                <Stack gap={0}>
                  <Anchor component={HrefLink} href={`/admin/bookings/${hold.booking._id}`} fw={600}>
                    {formatStayDates(hold.booking.from, hold.booking.to, language)}
                  </Anchor>
                  <Text size="sm">{hold.booking.property.name}</Text>
                </Stack>
                <Badge color={STATUS_COLORS[hold.booking.status]}>
                  {BOOKING_STATUS_NAMES[hold.booking.status][language]}
                </Badge>
              </Group>
            </Paper>
          ) : (
            <Paper component="li" key={`c${hold.blocked._id}`} withBorder p="xs" radius="md">
              <Group justify="space-between" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{formatStayDates(hold.blocked.from, hold.blocked.to, language)}</Text>
                  <Text size="sm">
                    {hold.blocked.property.name}
                    {hold.blocked.note ? ` · ${hold.blocked.note}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Badge color={CLOSED_COLOR} variant="outline">
                    <Trans>Closed</Trans>
                  </Badge>
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={reopen.isPending && reopen.variables === hold.blocked._id}
                    onClick={() => reopen.mutate(hold.blocked._id)}
                    aria-label={t`Open again ${hold.blocked.property.name}, ${formatStayDates(hold.blocked.from, hold.blocked.to, language)}`}
                  >
                    <Trans>Open again</Trans>
                  </Button>
                </Group>
              </Group>
            </Paper>
          ),
        )}
      </Stack>
    </Stack>
  )
}

interface CloseValues extends Record<string, unknown> {
  propertyId: string
  from: string
  to: string
  note: string
}

/** Closes a property's nights: held like booked ones, for search, the renter's calendar and checkout. */
function CloseNightsForm({
  properties,
  propertyId,
  month,
}: {
  properties: { _id: string; name: string }[]
  propertyId?: string
  month: string
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const start = month === today().slice(0, 7) ? today() : `${month}-01`
  const form = useSchemaForm<CloseValues>(blockNightsRequestSchema, {
    propertyId: propertyId ?? '',
    from: start,
    to: addDays(start, 1),
    note: '',
  })
  const { submit, message, sent } = useFormSubmit(
    form,
    async ({ note, ...values }) => {
      await closeNights({ ...values, ...(note.trim() ? { note: note.trim() } : {}) })
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all() })
    },
    { refused: msg`These nights could not be closed. Please try again.` },
  )
  const labels = {
    propertyId: t`Property`,
    from: t`First night`,
    to: t`Open again on`,
    note: t`Why (for your team)`,
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="close-nights">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="close-nights">
            <Trans>Close nights</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>An owner’s stay, works: closed nights cannot be booked.</Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <NativeSelect
              label={labels.propertyId}
              required
              {...form.getInputProps('propertyId')}
              data={[
                { value: '', label: t`Choose a property` },
                ...properties.map((property) => ({ value: property._id, label: property.name })),
              ]}
            />
            <TextInput type="date" label={labels.from} required {...form.getInputProps('from')} />
            <TextInput type="date" label={labels.to} required {...form.getInputProps('to')} />
            <TextInput label={labels.note} maxLength={200} {...form.getInputProps('note')} />
          </SimpleGrid>
          <FormAlert form={form} labels={labels} message={message} />
          {sent ? (
            <Alert color="green" role="status">
              <Trans>These nights are closed.</Trans>
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={form.submitting}>
              <Trans>Close these nights</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

export function CalendarPage() {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const router = useRouter()
  const params = validateCalendarParams(useSearch({ strict: false }) as Record<string, unknown>)
  const month = params.month ?? today().slice(0, 7)
  const from = `${month}-01`
  const to = `${shiftMonth(month, 1)}-01`
  const statuses = params.status ? [params.status] : HOLDING_STATUSES
  const calendar = useQuery(calendarQueryOptions({ propertyId: params.propertyId, from, to, statuses }))
  const properties = useQuery(calendarPropertiesQueryOptions())
  const go = (next: CalendarParams) => void router.navigate({ href: calendarHref(next) })
  const oneProperty = params.propertyId !== undefined

  let body
  if (calendar.isPending) body = <Loader aria-label={t`Loading`} />
  else if (calendar.isError)
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Trans>The calendar could not be read.</Trans>
          <Button size="compact-sm" onClick={() => void calendar.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    )
  else
    body = (
      <Stack gap="md">
        <Box visibleFrom="sm">
          <MonthGrid calendar={calendar.data} month={month} oneProperty={oneProperty} />
        </Box>
        <Title order={2} size="h4">
          <Trans>This month’s stays and closings</Trans>
        </Title>
        <MonthList calendar={calendar.data} />
      </Stack>
    )

  return (
    <Screen title={<Trans>Calendar</Trans>} lead={<Trans>The nights your bookings and closings hold.</Trans>}>
      <Stack gap="lg">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t`Property`}
            w={{ base: '100%', xs: 260 }}
            value={params.propertyId ?? ''}
            onChange={(event) => go({ ...params, propertyId: event.currentTarget.value || undefined })}
            data={[
              { value: '', label: t`Every property` },
              ...(properties.data?.items ?? []).map((property) => ({
                value: property._id,
                label: property.name,
              })),
            ]}
          />
          <NativeSelect
            label={t`Bookings`}
            w={{ base: '100%', xs: 200 }}
            value={params.status ?? ''}
            onChange={(event) =>
              go({ ...params, status: (event.currentTarget.value || undefined) as CalendarParams['status'] })
            }
            data={[
              { value: '', label: t`Those holding their nights` },
              ...BOOKING_STATUSES.filter((status) => status !== 'VOID').map((status) => ({
                value: status,
                label: BOOKING_STATUS_NAMES[status][language],
              })),
            ]}
          />
        </Group>
        {/* A phone shows the month above its two buttons, which keep their words whole. */}
        <Title order={2} size="h3" ta="center" hiddenFrom="sm">
          {monthTitle(month, language)}
        </Title>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            variant="default"
            component={HrefLink}
            href={calendarHref({ ...params, month: shiftMonth(month, -1) })}
          >
            <Trans>Previous month</Trans>
          </Button>
          <Title order={2} size="h3" ta="center" aria-live="polite" visibleFrom="sm">
            {monthTitle(month, language)}
          </Title>
          <Button
            variant="default"
            component={HrefLink}
            href={calendarHref({ ...params, month: shiftMonth(month, 1) })}
          >
            <Trans>Next month</Trans>
          </Button>
        </Group>
        <Group gap="xs" aria-label={t`Legend`} role="group">
          {HOLDING_STATUSES.map((status) => (
            <Badge key={status} color={STATUS_COLORS[status]}>
              {BOOKING_STATUS_NAMES[status][language]}
            </Badge>
          ))}
          <Badge color={CLOSED_COLOR} variant="outline">
            {i18n._(msg`Closed`)}
          </Badge>
        </Group>
        {body}
        <CloseNightsForm
          key={`${params.propertyId ?? ''}${month}`}
          properties={properties.data?.items ?? []}
          propertyId={params.propertyId}
          month={month}
        />
      </Stack>
    </Screen>
  )
}
