// A stay's dates as the booking e-mails and notifications write them, in the reader's language: '1 August 2027'
// and '1er août 2027', never the stored 2027-08-01. Written out here rather than left to Intl: its English
// depends on the region ('August 1, 2027' in en-US) and its French has no '1er', and the server's text must
// not change with the machine's ICU data. Dates are calendar days (YYYY-MM-DD), read without a time zone.
import { dayOfMonthInWords } from '../../../src/domain/day-in-words.ts'
import type { Language } from '../../../src/domain/enums.ts'

const MONTHS: Record<Language, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
}

interface Day {
  year: number
  month: string
  day: string
}

function dayOf(date: string, language: Language): Day {
  const [year = 0, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number)
  return { year, month: MONTHS[language][month - 1] ?? '', day: dayOfMonthInWords(day, language) }
}

/** '1 August 2027' in English, '1er août 2027' in French. */
export function formatStayDate(date: string, language: Language): string {
  const { year, month, day } = dayOf(date, language)
  return `${day} ${month} ${year}`
}

/**
 * The stay as one short range, what tells two bookings of one property apart in a list of notifications or
 * e-mail subjects: '1–8 August 2027', '30 July – 2 August 2027', '30 December 2027 – 2 January 2028' (in
 * French '1er–8 août 2027', and so on).
 */
export function formatStayRange(from: string, to: string, language: Language): string {
  const start = dayOf(from, language)
  const end = dayOf(to, language)
  if (start.year !== end.year) {
    return `${formatStayDate(from, language)} – ${formatStayDate(to, language)}`
  }
  if (start.month !== end.month) {
    return `${start.day} ${start.month} – ${end.day} ${end.month} ${end.year}`
  }
  return `${start.day}–${end.day} ${end.month} ${end.year}`
}
