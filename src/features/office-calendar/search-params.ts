// The calendar's month, property and status, kept in the URL's query (a link or a reload shows the same
// month), and the days a month spans.
import { BOOKING_STATUSES, type BookingStatus } from '@/domain/enums'
import { optionalId } from '@/lib/search-params'

export const CALENDAR_PATH = '/admin/calendar'

export interface CalendarParams {
  /** `YYYY-MM`; absent, this month. */
  month?: string
  /** Absent: every property. */
  propertyId?: string
  /** Absent: the bookings that hold their nights (not the cancelled ones). */
  status?: BookingStatus
}

/** The statuses whose bookings hold their nights: what the calendar shows unless asked for one status. */
export const HOLDING_STATUSES: readonly BookingStatus[] = ['PENDING', 'DEPOSIT', 'PAID', 'RESERVED']

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

export function validateCalendarParams(raw: Record<string, unknown>): CalendarParams {
  const params: CalendarParams = {
    month: typeof raw.month === 'string' && MONTH.test(raw.month) ? raw.month : undefined,
    propertyId: optionalId(raw.propertyId),
    status:
      typeof raw.status === 'string' && (BOOKING_STATUSES as readonly string[]).includes(raw.status)
        ? (raw.status as BookingStatus)
        : undefined,
  }
  return Object.fromEntries(Object.entries(params).filter((entry) => entry[1] !== undefined))
}

export function calendarHref(params: CalendarParams): string {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString()
  return query ? `${CALENDAR_PATH}?${query}` : CALENDAR_PATH
}

/** A day `count` days after `day` (both `YYYY-MM-DD`, on the UTC clock). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + count)
  return date.toISOString().slice(0, 10)
}

/** The month after (`1`) or before (`-1`) `month`. */
export function shiftMonth(month: string, by: 1 | -1): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, number - 1 + by, 1))
  return date.toISOString().slice(0, 7)
}

/**
 * The weeks the month's grid shows, Monday first: each day of each week, or null before the first and after
 * the last of the month.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1)
  // getUTCDay: Sunday 0; Monday first, so Monday 0 … Sunday 6.
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7
  const days: (string | null)[] = Array.from({ length: lead }, () => null)
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day)
  while (days.length % 7 !== 0) days.push(null)
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7))
}
