// The one rental price formula (docs/product.md §11). The server computes every price with it; the client
// shows the same result but the server never trusts a price it receives.
import { DAY_MS } from './constants.ts'
import { roundToCents } from './currency.ts'
import type { RentalTerm } from './enums.ts'

export type DateInput = Date | string

/** 'YYYY-MM-DD' is read as a calendar date in UTC so that the result does not depend on the time zone. */
function toDate(value: DateInput): Date {
  if (value instanceof Date) return value
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${value}`)
  return date
}

/** Days between two dates, rounded up; 0 when the end is not after the start. */
export function rentalDays(from: DateInput, to: DateInput): number {
  const diff = toDate(to).getTime() - toDate(from).getTime()
  return diff > 0 ? Math.ceil(diff / DAY_MS) : 0
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** Days in the month (UTC) of the given date. */
export function daysInMonth(date: DateInput): number {
  const d = toDate(date)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
}

export interface PricedProperty {
  price: number
  rentalTerm: RentalTerm
  /** −1: cancellation unavailable; 0: included; > 0: an extra fee. Absent (a search card): the stay alone. */
  cancellation?: number
}

export interface PricedBooking {
  from: DateInput
  to: DateInput
  /** Whether the renter chose the cancellation option. */
  cancellation?: boolean
}

/** Rental price over the booking's period, with the cancellation fee when chosen and above 0. */
export function rentalPrice(property: PricedProperty, booking: PricedBooking): number {
  const days = rentalDays(booking.from, booking.to)
  const start = toDate(booking.from)
  let price: number
  switch (property.rentalTerm) {
    case 'MONTHLY':
      price = (property.price * days) / daysInMonth(start)
      break
    case 'WEEKLY':
      price = (property.price * days) / 7
      break
    case 'DAILY':
      price = property.price * days
      break
    case 'YEARLY':
      price = (property.price * days) / (isLeapYear(start.getUTCFullYear()) ? 366 : 365)
      break
  }
  if (booking.cancellation && property.cancellation && property.cancellation > 0)
    price += property.cancellation
  return roundToCents(price)
}

export type OptionPolicy = 'unavailable' | 'included' | 'fee'

/**
 * How cancellation and amendment values read (docs/product.md §6): −1 unavailable, 0 included, positive a
 * fee.
 */
export function optionPolicy(value: number): OptionPolicy {
  if (value < 0) return 'unavailable'
  return value === 0 ? 'included' : 'fee'
}
