// Query parameters of the catalog screens, validated by hand: the route tree is in the first bundle, and
// zod there would cost more than the whole home page may weigh. Every search filter lives in the URL, so a
// search can be shared, bookmarked and reloaded; lists are comma-separated (`types=HOUSE,FARM`). A value
// that breaks a rule of the search (src/domain/search-rules.ts: a start in the past, a highest price below
// the lowest) stays in the URL as the user typed it, is said beside its field, and is left out of the search.
import { MAX_SEARCH_PRICE, PROPERTIES_PAGE_SIZE } from '@/domain/constants'
import {
  AVAILABILITY,
  DEFAULT_PROPERTY_SORT,
  isStayTotalSort,
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  RENTAL_TERMS,
  type Availability,
  type Language,
  type PropertySort,
  type PropertyType,
  type RentalTerm,
} from '@/domain/enums'
import {
  hasSearchableStay,
  type SearchProblems,
  searchProblems,
  searchedAvailability,
} from '@/domain/search-rules'
import type { CatalogSearchFilters } from '@/entities/property/catalog-api'
import { today } from '@/lib/day'
import { isoDay, optionalId, optionalString } from '@/lib/search-params'

export interface SearchScreenParams {
  /** A location; the search includes the locations below it. */
  location?: string
  /** Agency ids, comma-separated in the URL. */
  agency?: string
  types?: string
  terms?: string
  /**
   * AVAILABLE, UNAVAILABLE or both (`AVAILABLE,UNAVAILABLE`); absent for the default, which depends on the
   * dates (`searchedAvailability`).
   */
  availability?: string
  /** YYYY-MM-DD */
  from?: string
  /** YYYY-MM-DD */
  to?: string
  /** A word of the property's name. */
  q?: string
  /** The lowest and highest price per rental term, whole units of the base currency (USD). */
  minPrice?: number
  maxPrice?: number
  /** The lowest and highest price of the stay from `from` to `to`, whole units of the base currency. */
  minTotal?: number
  maxTotal?: number
  /** At least this many bedrooms. */
  bedrooms?: number
  /** Only furnished properties (`furnished=true`); absent for any. */
  furnished?: true
  /** Only properties that allow pets (`pets=true`); absent for any. */
  pets?: true
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

/** The most bedrooms a search asks for: the filter offers 1 to 5 and more. */
export const MAX_BEDROOMS_FILTER = 5

function bedrooms(raw: unknown): number | undefined {
  const text = typeof raw === 'number' ? String(raw) : optionalString(raw, 2)
  if (!text || !/^[1-9]$/.test(text)) return undefined
  return Math.min(Number(text), MAX_BEDROOMS_FILTER)
}

/** A switch on in the URL is `true`; anything else is off. */
const isOn = (raw: unknown): true | undefined => (raw === 'true' || raw === true ? true : undefined)

export function validateSearchScreenParams(raw: Record<string, unknown>): SearchScreenParams {
  const q = optionalString(raw.q, 100)?.trim()
  const sort = PROPERTY_SORTS.find((value) => value === raw.sort && value !== DEFAULT_PROPERTY_SORT)
  return {
    location: optionalId(raw.location),
    agency: idList(raw.agency),
    types: listOf(raw.types, PROPERTY_TYPES),
    terms: listOf(raw.terms, RENTAL_TERMS),
    availability: listOf(raw.availability, AVAILABILITY),
    from: isoDay(raw.from),
    to: isoDay(raw.to),
    q: q || undefined,
    minPrice: price(raw.minPrice),
    maxPrice: price(raw.maxPrice),
    minTotal: price(raw.minTotal),
    maxTotal: price(raw.maxTotal),
    bedrooms: bedrooms(raw.bedrooms),
    furnished: isOn(raw.furnished),
    pets: isOn(raw.pets),
    sort,
    view: raw.view === 'map' ? 'map' : undefined,
  }
}

/** What is wrong with the screen's filters, by field (src/domain/search-rules.ts); empty when nothing. */
export const problemsOf = (params: SearchScreenParams, first = today()): SearchProblems =>
  searchProblems(params, first)

/** The stay the screen searches for and its cards price: both dates, when nothing is wrong with them. */
export function searchedStay(
  params: SearchScreenParams,
  first = today(),
): { from: string; to: string } | undefined {
  return params.from && params.to && hasSearchableStay(params, problemsOf(params, first))
    ? { from: params.from, to: params.to }
    : undefined
}

export const splitTypes = (value: string | undefined) => (value ? (value.split(',') as PropertyType[]) : [])
export const splitTerms = (value: string | undefined) => (value ? (value.split(',') as RentalTerm[]) : [])
export const splitIds = (value: string | undefined) => (value ? value.split(',') : [])
export const splitAvailability = (value: string | undefined) =>
  value ? (value.split(',') as Availability[]) : []

/**
 * The availability the screen searches for, as its filter shows it: what the URL asks, else what the search
 * keeps without asking (every property without a stay, what can be booked with one).
 */
export const shownAvailability = (params: SearchScreenParams, first = today()) =>
  searchedAvailability(splitAvailability(params.availability), Boolean(searchedStay(params, first)))

/**
 * The search the screen's URL describes, as the API takes it (one page of 15, docs/product.md §10), without
 * what breaks a rule: the server would refuse it, and the field says what is wrong instead. A stay's price
 * and its order need a stay that can be searched for.
 */
export function toFilters(
  params: SearchScreenParams,
  language: Language,
  first = today(),
): CatalogSearchFilters {
  const types = splitTypes(params.types)
  const rentalTerms = splitTerms(params.terms)
  const agencies = splitIds(params.agency)
  const availability = splitAvailability(params.availability)
  const problems = problemsOf(params, first)
  const stay = searchedStay(params, first)
  const sort = params.sort && (!isStayTotalSort(params.sort) || stay) ? params.sort : undefined
  return {
    size: PROPERTIES_PAGE_SIZE,
    language,
    ...(params.location ? { locations: [params.location] } : {}),
    ...(agencies.length ? { agencies } : {}),
    ...(types.length ? { types } : {}),
    ...(rentalTerms.length ? { rentalTerms } : {}),
    ...(availability.length ? { availability } : {}),
    ...(stay ?? {}),
    ...(params.q ? { keyword: params.q } : {}),
    ...(params.minPrice !== undefined ? { minPrice: params.minPrice } : {}),
    ...(params.maxPrice !== undefined && !problems.maxPrice ? { maxPrice: params.maxPrice } : {}),
    ...(stay && params.minTotal !== undefined ? { minTotal: params.minTotal } : {}),
    ...(stay && params.maxTotal !== undefined && !problems.maxTotal ? { maxTotal: params.maxTotal } : {}),
    ...(params.bedrooms !== undefined ? { minBedrooms: params.bedrooms } : {}),
    ...(params.furnished ? { furnished: true } : {}),
    ...(params.pets ? { petsAllowed: true } : {}),
    ...(sort ? { sort } : {}),
  }
}
