// The rules a search's filters keep (docs/product.md §4), one set for the search screen, which says what is
// wrong beside the field and leaves that value out of its search, and for the server, which refuses it (a 400
// naming the field's code). No zod: the route tree reads these rules in the first bundle.
import type { BOOKING_FIELD_ERRORS } from './booking-messages.ts'
import { AVAILABILITY, type Availability, isStayTotalSort, type PropertySort } from './enums.ts'
import { isCalendarDate } from './input-rules.ts'
import { stayProblem } from './stay.ts'

/** Codes in `fields` of a 400 from the search, beside the stay's own (BOOKING_FIELD_ERRORS). */
export const SEARCH_FIELD_ERRORS = {
  /** `maxPrice` or `maxTotal`: below the lowest price of the same kind. */
  priceRangeInvalid: 'price_range_invalid',
  /** `minTotal`, `maxTotal`, or a sort by the stay's price, in a search without both dates. */
  datesRequired: 'dates_required',
} as const

/** The English of each search field code, for the server's `message` of a 400. */
export const SEARCH_FIELD_ERROR_TEXTS = {
  price_range_invalid: 'The highest price must not be below the lowest.',
  dates_required: 'Choose the dates of the stay first.',
} as const satisfies Record<(typeof SEARCH_FIELD_ERRORS)[keyof typeof SEARCH_FIELD_ERRORS], string>

type SearchFieldCode = (typeof SEARCH_FIELD_ERRORS)[keyof typeof SEARCH_FIELD_ERRORS]
type StayCode = (typeof BOOKING_FIELD_ERRORS)['startInPast' | 'startTooFar' | 'datesInvalid' | 'stayTooLong']

/** The filters these rules read, as the API takes them. */
export interface CheckedSearch {
  from?: string | undefined
  to?: string | undefined
  minPrice?: number | undefined
  maxPrice?: number | undefined
  minTotal?: number | undefined
  maxTotal?: number | undefined
  sort?: PropertySort | undefined
}

/** What is wrong with a search, by field; empty when nothing is. */
export interface SearchProblems {
  from?: StayCode
  to?: StayCode
  maxPrice?: SearchFieldCode
  minTotal?: SearchFieldCode
  maxTotal?: SearchFieldCode
  sort?: SearchFieldCode
}

/** A price range is in order unless its highest price is below its lowest (either may be absent). */
export const pricesInOrder = (low: number | undefined, high: number | undefined) =>
  low === undefined || high === undefined || low <= high

/**
 * What is wrong with the search's filters. Its stay follows the booking bounds (`stayProblem`): searching
 * is for a stay that can be booked, and a card prices the stay searched for. `today` is the first day a stay
 * may start; `lastToday`, when later, is today somewhere else on Earth, for the server, which cannot know the
 * visitor's time zone: it refuses a start only before the earliest today and beyond the latest horizon.
 */
export function searchProblems(search: CheckedSearch, today: string, lastToday = today): SearchProblems {
  const problems: SearchProblems = {}
  const { from, to } = search
  // Only calendar days are compared: the server's schema runs these rules even on dates it refused as
  // malformed, and the price formula throws on those.
  if (from && to && isCalendarDate(from) && isCalendarDate(to)) {
    const early = stayProblem(from, to, today)
    const problem = early?.code === 'start_too_far' ? stayProblem(from, to, lastToday) : early
    if (problem) problems[problem.field] = problem.code
  }
  if (!pricesInOrder(search.minPrice, search.maxPrice)) {
    problems.maxPrice = SEARCH_FIELD_ERRORS.priceRangeInvalid
  }
  if (!pricesInOrder(search.minTotal, search.maxTotal)) {
    problems.maxTotal = SEARCH_FIELD_ERRORS.priceRangeInvalid
  }
  if (!from || !to) {
    // Without both dates there is no stay to price.
    if (search.minTotal !== undefined) problems.minTotal = SEARCH_FIELD_ERRORS.datesRequired
    if (search.maxTotal !== undefined) problems.maxTotal = SEARCH_FIELD_ERRORS.datesRequired
    if (isStayTotalSort(search.sort)) problems.sort = SEARCH_FIELD_ERRORS.datesRequired
  }
  return problems
}

/** Whether the search has a stay that can be searched for: both dates, and nothing wrong with them. */
export const hasSearchableStay = (search: CheckedSearch, problems: SearchProblems) =>
  Boolean(search.from && search.to && !problems.from && !problems.to)

/** Whether a property can be booked: available and not sold out (docs/product.md §6). */
export const isBookable = (property: { available: boolean; soldOut: boolean }) =>
  property.available && !property.soldOut

/**
 * What a search keeps of the availability vocabulary (docs/product.md §4): what it asks for, or, when it asks
 * nothing, every property without dates and only those that can be booked with them, as a renter who gives
 * dates looks for a stay to book.
 */
export function searchedAvailability(
  asked: readonly Availability[] | undefined,
  hasStay: boolean,
): readonly Availability[] {
  if (asked?.length) return AVAILABILITY.filter((value) => asked.includes(value))
  return hasStay ? ['AVAILABLE'] : AVAILABILITY
}
