import { describe, expect, it } from 'vitest'

import { availableDecisions, BOOKING_DECISIONS, decide, type DecidedBooking } from './booking-decisions.ts'
import type { BookingStatus } from './enums.ts'

const booking = (status: BookingStatus, more: Partial<DecidedBooking> = {}): DecidedBooking => ({
  status,
  cancelRequest: false,
  paidOnline: false,
  stayOver: false,
  ...more,
})

describe('booking decisions', () => {
  it('confirms or declines only a booking waiting for an answer', () => {
    expect(decide(booking('PENDING'), 'confirm')).toEqual({
      outcome: { status: 'RESERVED', closesCancelRequest: false, refund: false },
    })
    expect(decide(booking('PENDING'), 'decline')).toEqual({
      outcome: { status: 'CANCELLED', closesCancelRequest: false, refund: false },
    })
    for (const status of ['DEPOSIT', 'PAID', 'RESERVED'] as const) {
      expect(decide(booking(status), 'confirm')).toEqual({ refused: 'not_pending' })
      expect(decide(booking(status), 'decline')).toEqual({ refused: 'not_pending' })
    }
  })

  it('records money received outside Haven, even after the stay, never over a payment', () => {
    expect(decide(booking('RESERVED'), 'recordDeposit')).toMatchObject({ outcome: { status: 'DEPOSIT' } })
    expect(decide(booking('DEPOSIT', { stayOver: true }), 'recordPayment')).toMatchObject({
      outcome: { status: 'PAID', refund: false },
    })
    expect(decide(booking('PAID'), 'recordPayment')).toEqual({ refused: 'already_paid' })
    expect(decide(booking('PAID'), 'recordDeposit')).toEqual({ refused: 'already_paid' })
    expect(decide(booking('DEPOSIT'), 'recordDeposit')).toEqual({ refused: 'not_decidable' })
  })

  it('answers a cancellation request only when one is open, and refunds what was paid online', () => {
    expect(decide(booking('PAID'), 'acceptCancellation')).toEqual({ refused: 'no_cancel_request' })
    expect(decide(booking('PAID'), 'refuseCancellation')).toEqual({ refused: 'no_cancel_request' })
    expect(decide(booking('PAID', { cancelRequest: true, paidOnline: true }), 'acceptCancellation')).toEqual({
      outcome: { status: 'CANCELLED', closesCancelRequest: true, refund: true },
    })
    expect(decide(booking('PAID', { cancelRequest: true, paidOnline: true }), 'refuseCancellation')).toEqual({
      outcome: { status: 'PAID', closesCancelRequest: true, refund: false },
    })
    // Money recorded by hand was not taken by Haven: the agency gives it back itself.
    expect(decide(booking('DEPOSIT', { cancelRequest: true }), 'acceptCancellation')).toMatchObject({
      outcome: { refund: false },
    })
  })

  it("cancels on the agency's side with the same refund rule, and closes an open request", () => {
    expect(decide(booking('PAID', { paidOnline: true, cancelRequest: true }), 'cancel')).toEqual({
      outcome: { status: 'CANCELLED', closesCancelRequest: true, refund: true },
    })
    expect(decide(booking('RESERVED'), 'cancel')).toEqual({
      outcome: { status: 'CANCELLED', closesCancelRequest: false, refund: false },
    })
  })

  it('leaves an unpaid checkout and a cancelled booking alone, and a stay that is over', () => {
    for (const decision of BOOKING_DECISIONS) {
      expect(decide(booking('VOID'), decision)).toEqual({ refused: 'not_decidable' })
      expect(decide(booking('CANCELLED', { cancelRequest: true }), decision)).toEqual({
        refused: 'not_decidable',
      })
    }
    for (const decision of ['confirm', 'decline', 'cancel', 'acceptCancellation'] as const)
      expect(decide(booking('PENDING', { stayOver: true, cancelRequest: true }), decision)).toEqual({
        refused: 'stay_over',
      })
  })

  it('offers the decisions a booking can take now, in order', () => {
    expect(availableDecisions(booking('PENDING'))).toEqual([
      'confirm',
      'recordDeposit',
      'recordPayment',
      'decline',
      'cancel',
    ])
    expect(availableDecisions(booking('PAID', { cancelRequest: true, stayOver: true }))).toEqual([
      'refuseCancellation',
    ])
    expect(availableDecisions(booking('VOID'))).toEqual([])
  })

  it('takes no decision on a request whose time is over: it has lapsed (docs/product.md §12)', () => {
    for (const decision of BOOKING_DECISIONS) {
      expect(decide(booking('PENDING', { requestLapsed: true }), decision)).toEqual({
        refused: 'request_lapsed',
      })
    }
    expect(availableDecisions(booking('PENDING', { requestLapsed: true }))).toEqual([])
    // Only a pending request lapses: a confirmed booking's deadline is past and means nothing.
    expect(decide(booking('RESERVED', { requestLapsed: true }), 'cancel')).toMatchObject({
      outcome: { status: 'CANCELLED' },
    })
  })
})
