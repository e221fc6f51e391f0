// Which stays can be booked (docs/product.md §12, Bounds), one rule for the server (checkout and price) and
// every date picker: it starts today or later and within the horizon, ends after it starts, and lasts at
// most MAX_STAY_NIGHTS nights. No zod here: the home page's date fields use it on their first paint.
import type { BOOKING_FIELD_ERRORS } from './booking-messages.ts'
import { BOOKING_HORIZON_DAYS, DAY_MS, MAX_STAY_NIGHTS } from './constants.ts'
import { rentalDays } from './price.ts'

export type StayProblem =
  | { field: 'from'; code: typeof BOOKING_FIELD_ERRORS.startInPast | typeof BOOKING_FIELD_ERRORS.startTooFar }
  | { field: 'to'; code: typeof BOOKING_FIELD_ERRORS.datesInvalid | typeof BOOKING_FIELD_ERRORS.stayTooLong }

/** The day `days` after `day` (both `YYYY-MM-DD`, in UTC). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** The last day a stay may start, `today` being the first. */
export const latestStart = (today: string) => addDays(today, BOOKING_HORIZON_DAYS)

/** What is wrong with the stay [from, to) when `today` is the first day one may start; null when nothing. */
export function stayProblem(from: string, to: string, today: string): StayProblem | null {
  // The codes of BOOKING_FIELD_ERRORS, written out: that module's English texts stay off the first page.
  if (from < today) return { field: 'from', code: 'start_in_past' }
  if (from > latestStart(today)) return { field: 'from', code: 'start_too_far' }
  if (to <= from) return { field: 'to', code: 'dates_invalid' }
  if (rentalDays(from, to) > MAX_STAY_NIGHTS) return { field: 'to', code: 'stay_too_long' }
  return null
}
