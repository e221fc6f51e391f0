// Catalog reads: one key factory, one fetcher and one queryOptions per resource; route loaders and components
// share the same options. Each calls its route of the contract (src/contract/catalog.ts) by key, typed by its
// schemas but not parsed with them: zod stays off the first load of every catalog screen.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'

import type { PropertyPage, PropertySearch } from '@/contract/catalog'
import {
  allAgencies,
  countriesWithLocations,
  searchProperties as searchPropertiesRoute,
} from '@/contract/routes'
import type { Language } from '@/domain/enums'
import { call } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { CATALOG_SEARCHES_KEY, KEY_ROOTS } from '@/lib/query-keys'

/** The catalog's search filters, without the cursor: pages of one search share a key. */
export type CatalogSearchFilters = Omit<PropertySearch, 'cursor'>

export const catalogKeys = {
  all: () => [KEY_ROOTS.catalog] as const,
  agencies: () => [...catalogKeys.all(), 'agencies'] as const,
  countries: (language: Language) => [...catalogKeys.all(), 'countries', language] as const,
  searches: () => CATALOG_SEARCHES_KEY,
  search: (filters: CatalogSearchFilters) => [...catalogKeys.searches(), filters] as const,
  /** Every page of a search, under its first page's key (invalidating the search reaches both). */
  searchPages: (filters: CatalogSearchFilters) => [...catalogKeys.search(filters), 'pages'] as const,
}

export const fetchAgencies = (signal?: AbortSignal) => call(allAgencies, { signal })

export const fetchCountriesWithLocations = (language: Language, signal?: AbortSignal) =>
  call(countriesWithLocations, { params: { language }, signal })

/** How many properties a search finds, from its first page: `capped` when more than `total` (the cap) match. */
export interface MatchCount {
  total: number
  capped: boolean
}

export const searchProperties = (search: PropertySearch, signal?: AbortSignal) =>
  call(searchPropertiesRoute, { body: search, signal })

export const agenciesQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.agencies(),
    queryFn: ({ signal }) => fetchAgencies(signal),
    staleTime: STALE_TIME.reference,
  })

export const countriesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: catalogKeys.countries(language),
    queryFn: ({ signal }) => fetchCountriesWithLocations(language, signal),
    staleTime: STALE_TIME.reference,
  })

/** One page (the first) of a search; the search screen pages with an infinite query on the same root. */
export const propertySearchQueryOptions = (filters: CatalogSearchFilters) =>
  queryOptions({
    queryKey: catalogKeys.search(filters),
    queryFn: ({ signal }) => searchProperties(filters, signal),
    staleTime: STALE_TIME.listings,
  })

/** Every page of a search, 15 at a time (docs/product.md §10), following the server's keyset cursor. */
export const propertySearchInfiniteQueryOptions = (filters: CatalogSearchFilters) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.searchPages(filters),
    queryFn: ({ signal, pageParam }) => searchProperties({ ...filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: PropertyPage) => page.nextCursor,
    staleTime: STALE_TIME.listings,
  })

/** How many properties the home page features. */
export const FEATURED_COUNT = 6

export const featuredPropertiesQueryOptions = (language: Language) =>
  propertySearchQueryOptions({ size: FEATURED_COUNT, language, availability: ['AVAILABLE'] })
