// Saved places (docs/product.md §15): the key factory, the fetcher and the queryOptions the hearts and the
// /favourites screen share. Under the 'favourites' root, kept on the device for offline reading and dropped
// at sign-out with the user's other data (src/offline/persister.ts). No schema: the contract's route key only.
import { queryOptions } from '@tanstack/react-query'

import type { Property, PropertySummary } from '@/contract/catalog'
import { listFavourites } from '@/contract/routes'
import type { Language } from '@/domain/enums'
import { call } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { KEY_ROOTS } from '@/lib/query-keys'

export const favouriteKeys = {
  all: () => [KEY_ROOTS.favourites] as const,
  /** The user the list belongs to: another user's cached list is never shown. */
  user: (userId: string) => [...favouriteKeys.all(), userId] as const,
  list: (userId: string, language: Language) => [...favouriteKeys.user(userId), language] as const,
}

export const fetchFavourites = (userId: string, language: Language, signal?: AbortSignal) =>
  call(listFavourites, { params: { userId, language }, signal })

export const favouritesQueryOptions = (userId: string, language: Language) =>
  queryOptions({
    queryKey: favouriteKeys.list(userId, language),
    queryFn: ({ signal }) => fetchFavourites(userId, language, signal),
    staleTime: STALE_TIME.personal,
  })

/**
 * What a saved place keeps of a property: a card's summary as it is; of the property page's property, all but
 * what only that page shows (favourites-api.test.ts holds the two to the domain's schemas).
 */
export function summaryOf(property: PropertySummary | Property): PropertySummary {
  if (!('images' in property)) return property
  const {
    description: _description,
    address: _address,
    minimumAge: _minimumAge,
    kitchens: _kitchens,
    parkingSpaces: _parkingSpaces,
    aircon: _aircon,
    furnished: _furnished,
    petsAllowed: _petsAllowed,
    cancellation: _cancellation,
    amendments: _amendments,
    images: _images,
    ...summary
  } = property
  return summary
}
