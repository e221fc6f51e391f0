// The back office's listings (src/contract/listings.ts): the list's pages, one property for its form, its
// creation and changes, its flags, its deletion and the upload of an image.
import { queryOptions, type QueryClient } from '@tanstack/react-query'

import type { ListingFields } from '@/contract/listings'
import {
  createListing,
  deleteListing,
  getListing,
  listListings,
  setListingFlags,
  updateListing,
  uploadListingImage,
} from '@/contract/routes'
import type { Language } from '@/domain/enums'
import { staffKeys } from '@/entities/staff/staff-session'
import { call } from '@/lib/api-client'

import type { ListingsParams } from './search-params'

export const officeListingKeys = {
  all: () => [...staffKeys.all(), 'listings'] as const,
  list: (params: ListingsParams, language: Language) =>
    [...officeListingKeys.all(), 'list', params, language] as const,
  listing: (id: string) => [...officeListingKeys.all(), 'listing', id] as const,
}

/** A page of the list (the spec's page size). Read again on each visit: another agent may have changed it. */
export const listingsQueryOptions = (params: ListingsParams, language: Language) =>
  queryOptions({
    queryKey: officeListingKeys.list(params, language),
    queryFn: ({ signal }) =>
      call(listListings, {
        query: {
          ...(params.keyword ? { keyword: params.keyword } : {}),
          ...(params.sort ? { sort: params.sort } : {}),
          ...(params.page ? { page: Number(params.page) } : {}),
          language,
        },
        signal,
      }),
    staleTime: 0,
  })

export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: officeListingKeys.listing(id),
    queryFn: ({ signal }) => call(getListing, { params: { id }, signal }),
    staleTime: 0,
  })

/** Creates the property, or changes property `id`. */
export const saveListing = (id: string | undefined, body: ListingFields) =>
  id ? call(updateListing, { params: { id }, body }) : call(createListing, { body })

export const setFlags = (id: string, body: { hidden?: boolean; soldOut?: boolean; available?: boolean }) =>
  call(setListingFlags, { params: { id }, body })

export const removeListing = (id: string) => call(deleteListing, { params: { id } })

/** One image, checked and resized by the server: its file name for the form, and its small picture. */
export function uploadImage(file: Blob, name = 'image') {
  const body = new FormData()
  body.append('file', file, name)
  return call(uploadListingImage, { body })
}

/** After a change: the list and the property's form read it again. */
export const refreshListings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: officeListingKeys.all() })
