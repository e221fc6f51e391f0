// How a booking status looks on the renter's screens; its name in each language is
// src/domain/booking-status.ts, which the server's e-mails write too. And the state of a payment Haven gives
// back (docs/product.md §12), on the booking page and its receipt.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import type { BookingStatus, RefundStatus } from '@/domain/enums'

/** Filled badges in shades dark enough for white text to pass WCAG AA contrast at badge size. */
export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  VOID: 'gray.7',
  PENDING: 'grape.8',
  DEPOSIT: 'blue.8',
  PAID: 'teal.9',
  RESERVED: 'indigo.8',
  CANCELLED: 'red.9',
}

export const REFUND_STATUS_LABELS: Record<RefundStatus, MessageDescriptor> = {
  pending: msg`Refund pending`,
  refunded: msg`Refunded`,
  failed: msg`Refund failed`,
}
