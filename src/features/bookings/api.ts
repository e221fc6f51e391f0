// The renter's bookings (docs/product.md §12): one key factory, one fetcher and one queryOptions per read;
// route loaders and screens share them. Both roots ('bookings', 'booking') are persisted for offline reading
// and dropped at sign-out (src/offline/persister.ts). Types only from the contract: no zod on these screens.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'

import type {
  AmendBookingRequest,
  BookingListRequest,
  BookingListWhen,
  BookingPage,
} from '@/contract/bookings'
import {
  amendBooking as amendBookingRoute,
  amendmentPrice,
  getBooking,
  listBookings,
} from '@/contract/routes'
import type { BookingStatus, Language } from '@/domain/enums'
import { call } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { KEY_ROOTS } from '@/lib/query-keys'

export interface BookingListFilters {
  /** The renter the list belongs to: another user's cached pages are never shown. */
  userId: string
  statuses: BookingStatus[]
  /** Upcoming stays or past ones (docs/product.md §12). */
  when: BookingListWhen
  size: number
  language: Language
}

export const bookingKeys = {
  lists: () => [KEY_ROOTS.bookings] as const,
  list: (filters: BookingListFilters) => [...bookingKeys.lists(), filters] as const,
  all: () => [KEY_ROOTS.booking] as const,
  /** Every copy of one booking, one per language read. */
  detail: (id: string) => [...bookingKeys.all(), id] as const,
  one: (id: string, language: Language) => [...bookingKeys.detail(id), language] as const,
  /** A root of its own: a price asked while choosing dates is neither persisted nor a copy of the booking. */
  amendmentPrice: (id: string, from: string, to: string) => [KEY_ROOTS.amendmentPrice, id, from, to] as const,
}

export const fetchBookings = (request: BookingListRequest, signal?: AbortSignal) =>
  call(listBookings, { body: request, signal })

export const fetchBooking = (id: string, language: Language, signal?: AbortSignal) =>
  call(getBooking, { params: { id, language }, signal })

export const fetchAmendmentPrice = (id: string, from: string, to: string, signal?: AbortSignal) =>
  call(amendmentPrice, { params: { id }, body: { from, to }, signal })

/** The booking's dates changed at once (docs/product.md §12, Amendments); online only, never queued. */
export const amendBooking = (id: string, request: AmendBookingRequest) =>
  call(amendBookingRoute, { params: { id }, body: request })

/** Every page of the renter's bookings, newest first, following the server's keyset cursor. */
export const bookingsInfiniteQueryOptions = (filters: BookingListFilters) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.list(filters),
    queryFn: ({ signal, pageParam }) =>
      fetchBookings(
        {
          cursor: pageParam,
          size: filters.size,
          when: filters.when,
          language: filters.language,
          // No filter chosen is every status; the server then leaves out only temporary bookings.
          ...(filters.statuses.length > 0 ? { statuses: filters.statuses } : {}),
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page: BookingPage) => page.nextCursor,
    staleTime: STALE_TIME.personal,
  })

/** The booking's price over other dates, while the renter chooses them: always asked afresh. */
export const amendmentPriceQueryOptions = (id: string, from: string, to: string) =>
  queryOptions({
    queryKey: bookingKeys.amendmentPrice(id, from, to),
    queryFn: ({ signal }) => fetchAmendmentPrice(id, from, to, signal),
    staleTime: 0,
    // A refusal (held nights, a paid booking's other price) is the answer; no answer is said as offline.
    retry: false,
  })

export const bookingQueryOptions = (id: string, language: Language) =>
  queryOptions({
    queryKey: bookingKeys.one(id, language),
    queryFn: ({ signal }) => fetchBooking(id, language, signal),
    staleTime: STALE_TIME.personal,
  })
