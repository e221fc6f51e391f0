// The property screen's query parameters, validated as its route reads them (TanStack Router's validateSearch).
import { isoDay, optionalId } from '@/lib/search-params'

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
