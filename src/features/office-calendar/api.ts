// The calendar's reads and writes (src/contract/back-office.ts): a month's bookings and closed nights, the
// properties to choose from, closing nights and opening them again.
import { queryOptions } from '@tanstack/react-query'

import type { BlockNightsRequest } from '@/contract/back-office'
import { backOfficeCalendar, blockNights, listListings, unblockNights } from '@/contract/routes'
import type { BookingStatus } from '@/domain/enums'
import { staffKeys } from '@/entities/staff/staff-session'
import { call } from '@/lib/api-client'

interface CalendarRange {
  propertyId?: string
  from: string
  to: string
  statuses: readonly BookingStatus[]
}

export const calendarKeys = {
  all: () => [...staffKeys.all(), 'calendar'] as const,
  range: (range: CalendarRange) => [...calendarKeys.all(), range] as const,
  properties: () => [...calendarKeys.all(), 'properties'] as const,
}

/** Another agent's booking or closing may come at any time: read again on each visit. */
export const calendarQueryOptions = (range: CalendarRange) =>
  queryOptions({
    queryKey: calendarKeys.range(range),
    queryFn: ({ signal }) =>
      call(backOfficeCalendar, {
        query: {
          ...(range.propertyId ? { propertyId: range.propertyId } : {}),
          from: range.from,
          to: range.to,
          status: range.statuses.join(','),
        },
        signal,
      }),
    staleTime: 0,
  })

/** The properties the user manages, by name, to choose one: an agency's hundred first. */
export const calendarPropertiesQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.properties(),
    queryFn: ({ signal }) => call(listListings, { query: { sort: 'name', size: 100 }, signal }),
    staleTime: 60_000,
  })

export const closeNights = (body: BlockNightsRequest) => call(blockNights, { body })

export const openNights = (id: string) => call(unblockNights, { params: { id } })
