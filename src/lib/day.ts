// Calendar days (a stay's `from` and `to`) in the interface language. They are dates without a time: read
// and shown on the UTC clock, so no time zone moves them by a day.
import { dayOfMonthInWords } from '@/domain/day-in-words'
import type { Language } from '@/domain/enums'

/**
 * A date in words in the interface language. Before a month in words, the day is written by the rule the
 * server's e-mails share (src/domain/day-in-words.ts: "1er août", "mardi 1er août 2028"), which Intl lacks.
 */
function formatDate(date: Date, language: Language, options: Intl.DateTimeFormatOptions): string {
  const parts = new Intl.DateTimeFormat(language, options).formatToParts(date)
  const monthInWords = parts.some((part) => part.type === 'month' && !/^\d+$/.test(part.value))
  return parts
    .map((part) =>
      monthInWords && part.type === 'day' ? dayOfMonthInWords(Number(part.value), language) : part.value,
    )
    .join('')
}

export function formatDay(day: string, language: Language): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day)
  if (Number.isNaN(date.getTime())) return day
  return formatDate(date, language, { dateStyle: 'medium', timeZone: 'UTC' })
}

/**
 * A stay's two days as one short range, the year said only when it is not this one: "Dec 18 – 23",
 * "18–23 déc.", "28 déc. 2026 – 2 janv. 2027".
 */
export function formatStayDates(from: string, to: string, language: Language): string {
  const start = new Date(`${from}T00:00:00Z`)
  const end = new Date(`${to}T00:00:00Z`)
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${from} – ${to}`
  const year = today().slice(0, 4)
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' }
  if (from.slice(0, 4) !== year || to.slice(0, 4) !== year) options.year = 'numeric'
  return (
    new Intl.DateTimeFormat(language, options)
      .formatRangeToParts(start, end)
      // Node's ICU puts thin spaces around the dash where Chromium's puts plain ones: one spacing, so that a
      // page the server rendered hydrates.
      .map((part) =>
        part.type === 'day'
          ? dayOfMonthInWords(Number(part.value), language)
          : part.value.replace(/\u2009/g, ' '),
      )
      .join('')
  )
}

/** A calendar day with its weekday, in full: "Thursday, May 4, 2028", "jeudi 4 mai 2028". */
export function formatFullDay(day: string, language: Language): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day)
  if (Number.isNaN(date.getTime())) return day
  return formatDate(date, language, { dateStyle: 'full', timeZone: 'UTC' })
}

/** A moment (an ISO string or milliseconds) as a date and a time on the device's clock, in the interface language. */
export function formatMoment(moment: string | number, language: Language): string {
  const date = new Date(moment)
  if (Number.isNaN(date.getTime())) return String(moment)
  return formatDate(date, language, { dateStyle: 'medium', timeStyle: 'short' })
}

/** A moment's time of day on the device's clock, in the interface language ("14:35", "2:35 PM"). */
export function formatTime(moment: string, language: Language): string {
  const date = new Date(moment)
  if (Number.isNaN(date.getTime())) return moment
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date)
}

/** The order a typed day is read in: month first in English (US), day first in French. */
const DAY_FIRST: Record<Language, boolean> = { en: false, fr: true }

/** Whether a day is typed before its month in this language. */
export const dayComesFirst = (language: Language): boolean => DAY_FIRST[language]

const pad = (value: number) => String(value).padStart(2, '0')

/** A calendar day as it is typed in the interface language: 09/20/2027 in English, 20/09/2027 in French. */
export function formatDayInput(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return ''
  const [, year, month, date] = match
  return DAY_FIRST[language] ? `${date}/${month}/${year}` : `${month}/${date}/${year}`
}

/**
 * What a typed day means, as YYYY-MM-DD: '' for an empty field, undefined for text that is no day (yet).
 * Takes the interface language's order with `/`, `.` or `-`, and the ISO form too (pasted or autofilled).
 */
export function parseDayInput(text: string, language: Language): string | undefined {
  const value = text.trim()
  if (value === '') return ''
  let parts: [number, number, number] | undefined
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value)
  const typed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value)
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else if (typed) {
    const [first, second, year] = [Number(typed[1]), Number(typed[2]), Number(typed[3])]
    parts = DAY_FIRST[language] ? [year, second, first] : [year, first, second]
  }
  if (!parts) return undefined
  const [year, month, date] = parts
  const moment = new Date(Date.UTC(year, month - 1, date))
  const real =
    moment.getUTCFullYear() === year && moment.getUTCMonth() === month - 1 && moment.getUTCDate() === date
  return real ? `${year}-${pad(month)}-${pad(date)}` : undefined
}

/** Today as YYYY-MM-DD in the visitor's time zone: the earliest day a stay can start. */
export function today(): string {
  const now = new Date()
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 10)
}
