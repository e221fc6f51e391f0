// Booking statuses in the interface language (docs/product.md §5).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import type { BookingStatus } from '@/domain/enums'

export const BOOKING_STATUS_LABELS: Record<BookingStatus, MessageDescriptor> = {
  VOID: msg`Void`,
  PENDING: msg`Pending`,
  DEPOSIT: msg`Deposit`,
  PAID: msg`Paid`,
  RESERVED: msg`Reserved`,
  CANCELLED: msg`Cancelled`,
}

/** Filled badges in shades dark enough for white text to pass WCAG AA contrast at badge size. */
export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  VOID: 'gray.7',
  PENDING: 'grape.8',
  DEPOSIT: 'blue.8',
  PAID: 'teal.9',
  RESERVED: 'indigo.8',
  CANCELLED: 'red.9',
}
