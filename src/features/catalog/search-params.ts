// Query parameters of the catalog screens, validated by hand: the route tree is in the first bundle, and
// zod there would cost more than the whole home page may weigh.
import { isoDay, optionalId } from '@/lib/search-params'

export interface SearchScreenParams {
  location?: string
  agency?: string
  /** YYYY-MM-DD */
  from?: string
  /** YYYY-MM-DD */
  to?: string
}

export function validateSearchScreenParams(raw: Record<string, unknown>): SearchScreenParams {
  const from = isoDay(raw.from)
  const to = isoDay(raw.to)
  return {
    location: optionalId(raw.location),
    agency: optionalId(raw.agency),
    from,
    // An end before the start is dropped rather than sent to the server to be refused.
    to: to && (!from || from < to) ? to : undefined,
  }
}

export interface PropertyScreenParams {
  id?: string
}

export function validatePropertyScreenParams(raw: Record<string, unknown>): PropertyScreenParams {
  return { id: optionalId(raw.id) }
}
