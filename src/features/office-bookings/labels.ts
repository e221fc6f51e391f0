// What the back office says of a booking: its status's name (the renter's, src/domain/booking-status.ts), its
// colour, the decisions' buttons, and the server's refusals of a decision, translated.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import type { BookingDecision, DecisionRefusal } from '@/domain/booking-decisions'
import type { BookingStatus } from '@/domain/enums'

export const STATUS_COLORS: Record<BookingStatus, string> = {
  VOID: 'gray.7',
  PENDING: 'grape.8',
  DEPOSIT: 'blue.8',
  PAID: 'teal.9',
  RESERVED: 'indigo.8',
  CANCELLED: 'red.9',
}

export const DECISION_LABELS: Record<BookingDecision, MessageDescriptor> = {
  confirm: msg`Confirm`,
  recordDeposit: msg`Record a deposit`,
  recordPayment: msg`Record a payment`,
  decline: msg`Decline`,
  acceptCancellation: msg`Accept the cancellation`,
  refuseCancellation: msg`Refuse the cancellation`,
  cancel: msg`Cancel the booking`,
}

/** What the timeline calls an entry: a decision's name, the renter's change, `unanswered` or `message`. */
export const TIMELINE_LABELS: Record<string, MessageDescriptor> = {
  booked: msg`Booked by the renter`,
  cancelRequest: msg`The renter asked to cancel`,
  cancelWithdrawal: msg`The renter withdrew the cancellation request`,
  amend: msg`Dates changed by the renter`,
  confirm: msg`Confirmed`,
  recordDeposit: msg`Deposit recorded`,
  recordPayment: msg`Payment recorded`,
  decline: msg`Declined`,
  acceptCancellation: msg`Cancellation accepted`,
  refuseCancellation: msg`Cancellation refused`,
  cancel: msg`Cancelled by the agency`,
  lapsed: msg`Lapsed without an answer`,
  unanswered: msg`Lapsed without an answer`,
  message: msg`Message`,
}

export const REFUSAL_MESSAGES: Record<DecisionRefusal, MessageDescriptor> = {
  not_decidable: msg`This booking can no longer be changed.`,
  not_pending: msg`Only a booking waiting for an answer can be confirmed or declined.`,
  already_paid: msg`This booking is already paid.`,
  no_cancel_request: msg`The renter has not asked to cancel this booking.`,
  stay_over: msg`This stay is over: it can no longer be changed.`,
  booking_changed: msg`This booking was answered meanwhile: see what was decided.`,
  reason_required: msg`Please say why the cancellation is refused.`,
  amount_invalid: msg`Please enter an amount above 0 and up to the booking’s price.`,
  request_lapsed: msg`This request was not answered in time: it has lapsed and its nights are free again.`,
}

export const PAYMENT_LABELS: Record<string, MessageDescriptor> = {
  payLater: msg`Pay later`,
  stripe: msg`Card (Stripe)`,
  payPal: msg`PayPal`,
}

export const REFUND_LABELS: Record<string, MessageDescriptor> = {
  pending: msg`Refund pending`,
  refunded: msg`Refunded`,
  failed: msg`Refund failed`,
}
