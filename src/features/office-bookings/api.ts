// The back office's bookings: the inbox's pages, one booking, and the decisions on it (src/contract/back-office.ts).
import { queryOptions } from '@tanstack/react-query'

import { backOfficeBooking, backOfficeBookings, decideBooking, officeBookingMessage } from '@/contract/routes'
import type { BookingDecision } from '@/domain/booking-decisions'
import type { BookingStatus } from '@/domain/enums'
import { staffKeys } from '@/entities/staff/staff-session'
import { call } from '@/lib/api-client'

import type { InboxParams } from './search-params'

export const officeBookingKeys = {
  all: () => [...staffKeys.all(), 'bookings'] as const,
  inbox: (params: InboxParams) => [...officeBookingKeys.all(), 'inbox', params] as const,
  booking: (id: string) => [...officeBookingKeys.all(), 'booking', id] as const,
}

/** Newest first, a page at a time (the spec's page size). Personal data: read again on each visit. */
export const inboxQueryOptions = (params: InboxParams) =>
  queryOptions({
    queryKey: officeBookingKeys.inbox(params),
    queryFn: ({ signal }) => call(backOfficeBookings, { query: { ...params }, signal }),
    staleTime: 0,
  })

export const officeBookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: officeBookingKeys.booking(id),
    queryFn: ({ signal }) => call(backOfficeBooking, { params: { id }, signal }),
    staleTime: 0,
  })

export interface Decision {
  decision: BookingDecision
  /** What the agent saw: a booking changed since is refused (409 booking_changed), not overwritten. */
  seenStatus: BookingStatus
  seenCancelRequest: boolean
  note?: string
  amount?: number
}

export const decide = (id: string, body: Decision) => call(decideBooking, { params: { id }, body })

/** A message to the renter in the booking's timeline; `operationId` makes a retried send write it once. */
export const writeToRenter = (id: string, text: string, operationId: string) =>
  call(officeBookingMessage, { params: { id }, body: { text, operationId } })
