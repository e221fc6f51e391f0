// How a calendar day is written in words, where the app's dates (src/lib/day.ts, through Intl) and the
// server's e-mails (server/services/bookings/stay-dates.ts, written out) must agree: French writes the first
// of a month as an ordinal ("1er août 2027"), which Intl does not.
import type { Language } from './enums.ts'

/** The day of the month before a month in words: "1er" for the first in French, the number otherwise. */
export const dayOfMonthInWords = (day: number, language: Language): string =>
  language === 'fr' && day === 1 ? '1er' : String(day)
