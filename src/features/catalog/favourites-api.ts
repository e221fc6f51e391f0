// Saved places (docs/product.md §15): the key factory, the fetcher and the queryOptions the hearts and the
// /favourites screen share. Under the 'favourites' root, kept on the device for offline reading and dropped
// at sign-out with the user's other data (src/offline/persister.ts). Types only from the domain.
import { queryOptions } from '@tanstack/react-query'

import type { Property, PropertySummary } from '@/domain/catalog'
import type { Language } from '@/domain/enums'
import type { Favourites } from '@/domain/favourites'
import { apiFetch } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { KEY_ROOTS } from '@/lib/query-keys'

export const favouriteKeys = {
  all: () => [KEY_ROOTS.favourites] as const,
  /** The user the list belongs to: another user's cached list is never shown. */
  user: (userId: string) => [...favouriteKeys.all(), userId] as const,
  list: (userId: string, language: Language) => [...favouriteKeys.user(userId), language] as const,
}

export const fetchFavourites = (userId: string, language: Language, signal?: AbortSignal) =>
  apiFetch<Favourites>(`/api/favourites/${encodeURIComponent(userId)}/${encodeURIComponent(language)}`, {
    signal,
  })

export const favouritesQueryOptions = (userId: string, language: Language) =>
  queryOptions({
    queryKey: favouriteKeys.list(userId, language),
    queryFn: ({ signal }) => fetchFavourites(userId, language, signal),
    staleTime: STALE_TIME.personal,
  })

/** What a saved place keeps of a property: its card's fields (the property page has many more). */
export function summaryOf(property: PropertySummary | Property): PropertySummary {
  const {
    _id,
    name,
    type,
    rentalTerm,
    price,
    bedrooms,
    bathrooms,
    size,
    available,
    soldOut,
    image,
    agency,
    location,
    latitude,
    longitude,
  } = property
  return {
    _id,
    name,
    type,
    rentalTerm,
    price,
    bedrooms,
    bathrooms,
    size,
    available,
    soldOut,
    image,
    agency,
    location,
    latitude,
    longitude,
  }
}
