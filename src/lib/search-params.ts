// Small readers for query parameters. The router hands every value over as a string (src/lib/url-search.ts);
// a search object the app builds itself (a link's `search: { id: 42 }`) may still carry a number, so ids
// accept both.

import { isCalendarDate } from '@/domain/input-rules'

const ID = /^[1-9][0-9]{0,17}$/

export function optionalId(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  return typeof text === 'string' && ID.test(text) ? text : undefined
}

/** A calendar day, `YYYY-MM-DD`; anything else (2027-02-30 included: Date would roll it over) is undefined. */
export function isoDay(value: unknown): string | undefined {
  return typeof value === 'string' && isCalendarDate(value) ? value : undefined
}

export function optionalString(value: unknown, maxLength = 200): string | undefined {
  if (typeof value === 'number') value = String(value)
  return typeof value === 'string' && value.length > 0 && value.length <= maxLength ? value : undefined
}
