// What an agency or an administrator may decide about a booking (docs/product.md §12, Decisions), written once:
// the server refuses any other change of status, and the back office offers only the decisions this allows.
// Pure: the booking as far as the rules read it in, the outcome out.
import type { BookingStatus } from './enums.ts'

export const BOOKING_DECISIONS = [
  'confirm',
  'recordDeposit',
  'recordPayment',
  'decline',
  'acceptCancellation',
  'refuseCancellation',
  'cancel',
] as const
export type BookingDecision = (typeof BOOKING_DECISIONS)[number]

/** Decisions the server takes only with a reason for the renter (`reason_required`). */
export const REASON_REQUIRED: readonly BookingDecision[] = ['refuseCancellation']

/** What the rules read of a booking. */
export interface DecidedBooking {
  status: BookingStatus
  /** The renter asked to cancel and the request is open. */
  cancelRequest: boolean
  /** Paid through a provider (Stripe, PayPal) and verified: a cancellation gives the payment back. */
  paidOnline: boolean
  /** The stay's last night is over (the day it ends has begun, in the property's days). */
  stayOver: boolean
  /**
   * A pending request whose time is over (its account's window, or the agency's time to answer): its nights
   * are no longer held, and the sweep is about to cancel it (docs/product.md §12, Requests with a deadline).
   */
  requestLapsed?: boolean
}

/** Why a decision is refused: the API's error code, and the English message (translated by the clients). */
export const DECISION_REFUSALS = {
  not_decidable: 'This booking can no longer be changed.',
  not_pending: 'Only a booking waiting for an answer can be confirmed or declined.',
  already_paid: 'This booking is already paid.',
  no_cancel_request: 'The renter has not asked to cancel this booking.',
  stay_over: 'This stay is over: it can no longer be changed.',
  /** Another agent decided first: the answer carries the booking as it now is. */
  booking_changed: 'This booking was answered meanwhile: see what was decided.',
  reason_required: 'Please say why the cancellation is refused.',
  amount_invalid: 'Please enter an amount above 0 and up to the booking’s price.',
  request_lapsed: 'This request was not answered in time: it has lapsed and its nights are free again.',
} as const
export type DecisionRefusal = keyof typeof DECISION_REFUSALS

export interface DecisionOutcome {
  status: BookingStatus
  /** The open cancellation request is closed (accepted or refused). */
  closesCancelRequest: boolean
  /** The payment taken online is given back through its provider, once. */
  refund: boolean
}

/** The statuses a decision starts from; VOID (an unpaid checkout) and CANCELLED take none. */
const FROM: Record<BookingDecision, readonly BookingStatus[]> = {
  confirm: ['PENDING'],
  recordDeposit: ['PENDING', 'RESERVED'],
  recordPayment: ['PENDING', 'RESERVED', 'DEPOSIT'],
  decline: ['PENDING'],
  acceptCancellation: ['PENDING', 'DEPOSIT', 'PAID', 'RESERVED'],
  refuseCancellation: ['PENDING', 'DEPOSIT', 'PAID', 'RESERVED'],
  cancel: ['PENDING', 'DEPOSIT', 'PAID', 'RESERVED'],
}

const ABOUT_MONEY_OR_REQUEST: readonly BookingDecision[] = [
  'recordDeposit',
  'recordPayment',
  'refuseCancellation',
]

/** The decision's outcome, or why it is refused. */
export function decide(
  booking: DecidedBooking,
  decision: BookingDecision,
): { outcome: DecisionOutcome } | { refused: DecisionRefusal } {
  if (booking.status === 'VOID' || booking.status === 'CANCELLED') return { refused: 'not_decidable' }
  if (booking.status === 'PENDING' && booking.requestLapsed) return { refused: 'request_lapsed' }
  // Money received after the stay can still be recorded, and a request closed; the stay itself is done.
  if (booking.stayOver && !ABOUT_MONEY_OR_REQUEST.includes(decision)) return { refused: 'stay_over' }
  if (!FROM[decision].includes(booking.status)) {
    if (decision === 'confirm' || decision === 'decline') return { refused: 'not_pending' }
    if (booking.status === 'PAID') return { refused: 'already_paid' }
    return { refused: 'not_decidable' }
  }
  const cancelling = decision === 'acceptCancellation' || decision === 'cancel' || decision === 'decline'
  if ((decision === 'acceptCancellation' || decision === 'refuseCancellation') && !booking.cancelRequest)
    return { refused: 'no_cancel_request' }
  const status: BookingStatus = cancelling
    ? 'CANCELLED'
    : decision === 'confirm'
      ? 'RESERVED'
      : decision === 'recordDeposit'
        ? 'DEPOSIT'
        : decision === 'recordPayment'
          ? 'PAID'
          : booking.status
  return {
    outcome: {
      status,
      closesCancelRequest: booking.cancelRequest && (cancelling || decision === 'refuseCancellation'),
      refund: cancelling && booking.paidOnline,
    },
  }
}

/** The decisions a booking can take now, in the order the back office offers them. */
export function availableDecisions(booking: DecidedBooking): BookingDecision[] {
  return BOOKING_DECISIONS.filter((decision) => 'outcome' in decide(booking, decision))
}
