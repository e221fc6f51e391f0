// The list's search, order and page, kept in the URL's query (a link or a reload shows the same list).
import { LISTING_SORTS, type ListingSort } from '@/contract/listings'
import { optionalString } from '@/lib/search-params'

export const LISTINGS_PATH = '/admin/properties'

export interface ListingsParams {
  keyword?: string
  /** Absent: newest first. */
  sort?: Exclude<ListingSort, 'newest'>
  /** Absent: the first. */
  page?: string
}

const isSort = (value: unknown): value is Exclude<ListingSort, 'newest'> =>
  typeof value === 'string' && value !== 'newest' && (LISTING_SORTS as readonly string[]).includes(value)

export function validateListingsParams(raw: Record<string, unknown>): ListingsParams {
  const page = optionalString(raw.page, 6)
  const params: ListingsParams = {
    keyword: optionalString(raw.keyword, 100)?.trim() || undefined,
    sort: isSort(raw.sort) ? raw.sort : undefined,
    page: page && /^[1-9][0-9]*$/.test(page) && page !== '1' ? page : undefined,
  }
  return Object.fromEntries(Object.entries(params).filter((entry) => entry[1] !== undefined))
}

/** The list's address with this search. */
export function listingsHref(params: ListingsParams): string {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString()
  return query ? `${LISTINGS_PATH}?${query}` : LISTINGS_PATH
}
