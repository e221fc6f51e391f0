// A booking status's colour in the back office, and closed nights' (its inbox, a booking's page, the calendar), dark enough for
// white text on a badge and for a day's mark on the calendar.
import type { BookingStatus } from '@/domain/enums'

export const STATUS_COLORS: Record<BookingStatus, string> = {
  VOID: 'gray.7',
  PENDING: 'grape.8',
  DEPOSIT: 'blue.8',
  PAID: 'teal.9',
  RESERVED: 'indigo.8',
  CANCELLED: 'red.9',
}

/** Nights an agency closed, on the calendar: outlined, apart from the bookings' colours. */
export const CLOSED_COLOR = 'dark.6'
