// Who may ask to cancel a booking (docs/product.md §12): one rule for the server and the booking page. No zod
// here: the booking page reads it.
import { amendableNow } from './amendment.ts'
import type { BookingStatus } from './enums.ts'

/**
 * Whether a booking is still open to a cancellation request: not cancelled, nor a checkout waiting for its
 * payment (VOID), and its stay not started (`today` in UTC, YYYY-MM-DD). The moment its dates stop changing
 * too, hence the amendment's rule.
 */
export const cancellableNow: (booking: { status: BookingStatus; from: string }, today: string) => boolean =
  amendableNow

/** Whether the renter may ask to cancel: the cancellation option was taken, and it is not too late. */
export const mayRequestCancellation = (
  booking: { cancellation: boolean; status: BookingStatus; from: string },
  today: string,
) => booking.cancellation && cancellableNow(booking, today)
