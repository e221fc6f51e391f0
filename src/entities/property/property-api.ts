// One property and its held nights: a key factory, fetchers and queryOptions, as for every resource. Here
// rather than in the catalog, because the checkout and a booking's change of dates read them too. Called by
// their contract keys, typed, not parsed: zod stays off these screens (see api-client.ts).
import { queryOptions } from '@tanstack/react-query'

import type { OwnHolds } from '@/contract/bookings'
import { getProperty, ownHolds, propertyAvailability } from '@/contract/routes'
import type { Language } from '@/domain/enums'
import { call } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { CATALOG_PROPERTIES_KEY, KEY_ROOTS } from '@/lib/query-keys'

export const propertyKeys = {
  /** Under the persisted `catalog` root: every property opened, in each language read. */
  all: () => CATALOG_PROPERTIES_KEY,
  one: (id: string, language: Language) => [...propertyKeys.all(), id, language] as const,
  /** Not under 'catalog': held nights change by the minute, and are not kept on the device. */
  availability: (id: string) => [KEY_ROOTS.availability, id] as const,
  /** The signed-in renter's own holds of the property, under its held nights: read again with them. */
  ownHolds: (id: string, userId: string) => [...propertyKeys.availability(id), 'own', userId] as const,
}

export const fetchProperty = (id: string, language: Language, signal?: AbortSignal) =>
  call(getProperty, { params: { id, language }, signal })

export const propertyQueryOptions = (id: string, language: Language) =>
  queryOptions({
    queryKey: propertyKeys.one(id, language),
    queryFn: ({ signal }) => fetchProperty(id, language, signal),
    staleTime: STALE_TIME.listings,
  })

export const fetchAvailability = (id: string, signal?: AbortSignal) =>
  call(propertyAvailability, { params: { id }, signal })

/** The property's held stays (docs/product.md §12, Holding rule), for its date pickers. */
export const availabilityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: propertyKeys.availability(id),
    queryFn: ({ signal }) => fetchAvailability(id, signal),
    staleTime: 30_000,
  })

export const fetchOwnHolds = (id: string, signal?: AbortSignal) => call(ownHolds, { params: { id }, signal })

/**
 * The signed-in renter's own checkouts of the property waiting for their payment (docs/product.md §12, Own
 * hold): held against everyone else, but theirs to resume, so their calendar does not show them booked.
 */
export const ownHoldsQueryOptions = (id: string, userId: string) =>
  queryOptions({
    queryKey: propertyKeys.ownHolds(id, userId),
    queryFn: ({ signal }) => fetchOwnHolds(id, signal),
    staleTime: 30_000,
  })

/** The held stays less the renter's own holds (at most one held stay has a hold's dates: nights sell once). */
export const heldForRenter = <T extends { from: string; to: string }>(
  held: readonly T[],
  own: OwnHolds['holds'] | undefined,
): readonly T[] =>
  own?.length
    ? held.filter((stay) => !own.some((hold) => hold.from === stay.from && hold.to === stay.to))
    : held
