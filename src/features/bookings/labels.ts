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

export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  VOID: 'gray',
  PENDING: 'yellow',
  DEPOSIT: 'blue',
  PAID: 'green',
  RESERVED: 'teal',
  CANCELLED: 'red',
}
