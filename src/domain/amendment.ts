// Who may change a booking's dates, and on what terms (docs/product.md §12, Amendments): one rule for the server
// and the booking page. No zod here: the booking page reads it.
import type { BookingStatus } from './enums.ts'

/**
 * Whether the booking has the amendment option: taken at checkout, or included by its property now (0,
 * docs/product.md §6). `propertyAmendments` is the property's value, undefined when not known.
 */
export const hasAmendmentOption = (
  booking: { amendments: boolean },
  propertyAmendments: number | undefined,
) => booking.amendments || propertyAmendments === 0

/** Whether its dates can still change: not cancelled nor a checkout waiting for its payment, not started. */
export const amendableNow = (booking: { status: BookingStatus; from: string }, today: string) =>
  booking.status !== 'CANCELLED' && booking.status !== 'VOID' && booking.from.slice(0, 10) > today

/** A booking that holds money (paid in full, or a deposit): its dates change only for the same price. */
export const holdsPayment = (status: BookingStatus) => status === 'PAID' || status === 'DEPOSIT'
