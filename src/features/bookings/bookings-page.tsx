// The renter's bookings (/bookings, docs/product.md §12): upcoming stays or past ones, newest first, 20 a page
// (10 below 960 px), more as the end of the list comes near, filtered by status; each with its property,
// dates, price and status. The pages are persisted, so the list reads offline too.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Card, Chip, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'

import type { BookingListWhen, BookingPage, BookingSummary } from '@/contract/bookings'
import { BOOKING_STATUS_NAMES } from '@/domain/booking-status'
import {
  BOOKINGS_MOBILE_PAGE_SIZE,
  BOOKINGS_PAGE_SIZE,
  MOBILE_BREAKPOINT_PX,
  PROPERTY_IMAGE,
} from '@/domain/constants'
import { BOOKING_STATUSES, type BookingStatus } from '@/domain/enums'
import { useMoney } from '@/entities/currency/money'
import { useSessionUserId } from '@/entities/session/session'
import { useLanguage } from '@/i18n/language'
import { formatDay } from '@/lib/day'
import { useAnotherLanguageWhileMissing } from '@/offline/other-language'
import { hasNoItems, QueryState } from '@/offline/query-state'
import { LastUpdated } from '@/offline/read-state'
import { useLoadMoreOnScroll } from '@/ui/infinite-scroll'
import { ListSkeleton } from '@/ui/load-error'
import { Screen } from '@/ui/screen'

import { bookingsInfiniteQueryOptions } from './api'
import { BOOKING_STATUS_COLORS } from './labels'

// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not copy
const PHONE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`

// The statuses a renter's list can hold: a VOID booking is a checkout still waiting for its online payment,
// which the server leaves out of the list until it is paid (then PAID), so its chip would always list nothing.
const LISTED_STATUSES = BOOKING_STATUSES.filter((status) => status !== 'VOID')

export function StatusBadge({ status }: { status: BookingStatus }) {
  const language = useLanguage()
  return (
    <Badge color={BOOKING_STATUS_COLORS[status]} variant="filled" data-testid="booking-status">
      {BOOKING_STATUS_NAMES[status][language]}
    </Badge>
  )
}

function BookingCard({ booking }: { booking: BookingSummary }) {
  const language = useLanguage()
  const money = useMoney()
  const from = formatDay(booking.from, language)
  const to = formatDay(booking.to, language)
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      renderRoot={(props) => <Link to="/booking" search={{ id: booking._id }} {...props} />}
      data-testid="booking-card"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <img
          src={booking.property.image}
          alt=""
          width={PROPERTY_IMAGE.width / 2.5}
          height={PROPERTY_IMAGE.height / 2.5}
          loading="lazy"
          style={{ borderRadius: 10, objectFit: 'cover', flexShrink: 0 }}
        />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            {/* Wrapped, never cut: on a phone the name shares the card with the picture and the status. */}
            <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="booking-property">
              {booking.property.name}
            </Text>
            <StatusBadge status={booking.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {booking.agency.name}
          </Text>
          <Text size="sm">
            <Trans>
              From {from} to {to}
            </Trans>
          </Text>
          <Text fw={700} data-testid="booking-price">
            {money(booking.price)}
          </Text>
        </Stack>
      </Group>
    </Card>
  )
}

function StatusFilter({
  value,
  onChange,
}: {
  value: BookingStatus[]
  onChange: (statuses: BookingStatus[]) => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  return (
    <Group gap="xs" role="group" aria-label={t`Filter by status`}>
      <Chip.Group
        multiple
        value={value}
        // In one order whatever the clicks: the same filter is the same cached list.
        onChange={(next) => onChange(LISTED_STATUSES.filter((status) => next.includes(status)))}
      >
        {LISTED_STATUSES.map((status) => (
          <Chip key={status} value={status} size="sm">
            {BOOKING_STATUS_NAMES[status][language]}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  )
}

interface BookingListProps {
  userId: string
  statuses: BookingStatus[]
  when: BookingListWhen
}

function BookingList({ userId, statuses, when }: BookingListProps) {
  const language = useLanguage()
  // Known on the first render: a first page of 20 and then of 10 would be two requests.
  const phone = useMediaQuery(
    PHONE_QUERY,
    typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches,
    { getInitialValueInEffect: false },
  )
  const size = phone ? BOOKINGS_MOBILE_PAGE_SIZE : BOOKINGS_PAGE_SIZE
  const options = bookingsInfiniteQueryOptions({ userId, statuses, when, size, language })
  const another = useAnotherLanguageWhileMissing<InfiniteData<BookingPage, string | null>>(
    options.queryKey,
    language,
  )
  const query = useInfiniteQuery({ ...options, placeholderData: another.placeholderData })
  const sentinel = useLoadMoreOnScroll(query)

  return (
    <QueryState
      query={query}
      anotherLanguage={another}
      skeleton={<ListSkeleton count={4} height={120} />}
      error={{
        title: <Trans>Your bookings could not be loaded.</Trans>,
        offline: <Trans>You seem to be offline, and these bookings were not saved on this device.</Trans>,
      }}
      isEmpty={hasNoItems}
      empty={
        <Stack align="center" gap="xs" py="xl" ta="center">
          <Text fw={700} fz="lg">
            {statuses.length > 0 ? (
              <Trans>No booking has these statuses.</Trans>
            ) : when === 'upcoming' ? (
              <Trans>You have no upcoming stay.</Trans>
            ) : (
              <Trans>You have no past stay.</Trans>
            )}
          </Text>
          <Button variant="light" renderRoot={(props) => <Link to="/search" {...props} />}>
            <Trans>Search properties</Trans>
          </Button>
        </Stack>
      }
    >
      {(data, saved) => (
        <Stack gap="md">
          <LastUpdated {...saved} />
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.pages
              .flatMap((page) => page.items)
              .map((booking) => (
                <li key={booking._id}>
                  <BookingCard booking={booking} />
                </li>
              ))}
          </Stack>
          <div ref={sentinel} />
          {query.isFetchingNextPage ? <Skeleton height={120} radius="lg" /> : null}
        </Stack>
      )}
    </QueryState>
  )
}

export function BookingsPage() {
  const userId = useSessionUserId()
  const { t } = useLingui()
  const [statuses, setStatuses] = useState<BookingStatus[]>([])
  const [when, setWhen] = useState<BookingListWhen>('upcoming')
  return (
    <Screen
      size="md"
      title={<Trans>My bookings</Trans>}
      lead={<Trans>All your stays in one place, available even offline.</Trans>}
    >
      <SegmentedControl
        aria-label={t`Stays`}
        w="fit-content"
        value={when}
        onChange={(next) => setWhen(next === 'past' ? 'past' : 'upcoming')}
        data={[
          { value: 'upcoming', label: t`Upcoming` },
          { value: 'past', label: t`Past` },
        ]}
      />
      <StatusFilter value={statuses} onChange={setStatuses} />
      {userId ? <BookingList userId={userId} statuses={statuses} when={when} /> : null}
    </Screen>
  )
}
