// Query parameters of the catalog screens, validated by hand: the route tree is in the first bundle, and
// zod there would cost more than the whole home page may weigh. Every search filter lives in the URL, so a
// search can be shared, bookmarked and reloaded; lists are comma-separated (`types=HOUSE,FARM`).
import { MAX_SEARCH_PRICE, PROPERTIES_PAGE_SIZE } from '@/domain/constants'
import {
  AVAILABILITY,
  DEFAULT_PROPERTY_SORT,
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  RENTAL_TERMS,
  type Availability,
  type Language,
  type PropertySort,
  type PropertyType,
  type RentalTerm,
} from '@/domain/enums'
import { isoDay, optionalId, optionalString } from '@/lib/search-params'

import type { CatalogSearchFilters } from './api'

export interface SearchScreenParams {
  /** A location; the search includes the locations below it. */
  location?: string
  /** Agency ids, comma-separated in the URL. */
  agency?: string
  types?: string
  terms?: string
  /** AVAILABLE or UNAVAILABLE; absent for both. */
  availability?: Availability
  /** YYYY-MM-DD */
  from?: string
  /** YYYY-MM-DD */
  to?: string
  /** A word of the property's name. */
  q?: string
  /** The lowest and highest price per rental term, whole units of the base currency (USD). */
  minPrice?: number
  maxPrice?: number
  /** The results' order; absent for the default, bookable properties first. */
  sort?: PropertySort
  /** `map` shows the results as pins on a map; absent for the list. */
  view?: 'map'
}

/** Keeps the known values of a comma list, in the vocabulary's order; undefined when none is left. */
function listOf<T extends string>(raw: unknown, vocabulary: readonly T[]): string | undefined {
  const text = optionalString(raw, 500)
  if (!text) return undefined
  const chosen = new Set(text.split(','))
  const kept = vocabulary.filter((value) => chosen.has(value))
  return kept.length ? kept.join(',') : undefined
}

function idList(raw: unknown): string | undefined {
  const text = typeof raw === 'number' ? String(raw) : optionalString(raw, 500)
  if (!text) return undefined
  const ids = [
    ...new Set(
      text
        .split(',')
        .map(optionalId)
        .filter((id): id is string => Boolean(id)),
    ),
  ]
  return ids.length ? ids.slice(0, 50).join(',') : undefined
}

/** A whole, non-negative price; anything else is left out rather than sent to the server to be refused. */
function price(raw: unknown): number | undefined {
  const text = typeof raw === 'number' ? String(raw) : optionalString(raw, 12)
  if (!text || !/^[0-9]+$/.test(text)) return undefined
  const value = Number(text)
  return value <= MAX_SEARCH_PRICE ? value : undefined
}

export function validateSearchScreenParams(raw: Record<string, unknown>): SearchScreenParams {
  const from = isoDay(raw.from)
  const to = isoDay(raw.to)
  const availability = AVAILABILITY.find((value) => value === raw.availability)
  const q = optionalString(raw.q, 100)?.trim()
  const minPrice = price(raw.minPrice)
  const maxPrice = price(raw.maxPrice)
  const sort = PROPERTY_SORTS.find((value) => value === raw.sort && value !== DEFAULT_PROPERTY_SORT)
  return {
    location: optionalId(raw.location),
    agency: idList(raw.agency),
    types: listOf(raw.types, PROPERTY_TYPES),
    terms: listOf(raw.terms, RENTAL_TERMS),
    availability,
    from,
    // An end before the start is dropped rather than sent to the server to be refused.
    to: to && (!from || from < to) ? to : undefined,
    q: q || undefined,
    minPrice,
    // A highest price below the lowest is dropped, like an end date before the start.
    maxPrice:
      maxPrice !== undefined && (minPrice === undefined || minPrice <= maxPrice) ? maxPrice : undefined,
    sort,
    view: raw.view === 'map' ? 'map' : undefined,
  }
}

export const splitTypes = (value: string | undefined) => (value ? (value.split(',') as PropertyType[]) : [])
export const splitTerms = (value: string | undefined) => (value ? (value.split(',') as RentalTerm[]) : [])
export const splitIds = (value: string | undefined) => (value ? value.split(',') : [])

export interface PropertyScreenParams {
  id?: string
  /** The stay being considered, carried from the search to the property and on to checkout. */
  from?: string
  to?: string
}

export function validatePropertyScreenParams(raw: Record<string, unknown>): PropertyScreenParams {
  const from = isoDay(raw.from)
  const to = isoDay(raw.to)
  return { id: optionalId(raw.id), from, to: to && (!from || from < to) ? to : undefined }
}

/** The search the screen's URL describes, as the API takes it (one page of 15, docs/product.md §10). */
export function toFilters(params: SearchScreenParams, language: Language): CatalogSearchFilters {
  const types = splitTypes(params.types)
  const rentalTerms = splitTerms(params.terms)
  const agencies = splitIds(params.agency)
  return {
    size: PROPERTIES_PAGE_SIZE,
    language,
    ...(params.location ? { locations: [params.location] } : {}),
    ...(agencies.length ? { agencies } : {}),
    ...(types.length ? { types } : {}),
    ...(rentalTerms.length ? { rentalTerms } : {}),
    ...(params.availability ? { availability: [params.availability] } : {}),
    ...(params.from && params.to ? { from: params.from, to: params.to } : {}),
    ...(params.q ? { keyword: params.q } : {}),
    ...(params.minPrice !== undefined ? { minPrice: params.minPrice } : {}),
    ...(params.maxPrice !== undefined ? { maxPrice: params.maxPrice } : {}),
    ...(params.sort ? { sort: params.sort } : {}),
  }
}
