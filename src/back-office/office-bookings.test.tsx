// The back office's inbox and booking page in jsdom, the API mocked at `fetch`: the filters in the URL, the
// pages, the time left on a request, and a decision that another agent's came before.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { BackOfficeBooking, InboxRow } from '@/contract/back-office'
import { activateLocale } from '@/i18n/activate'
import { json } from '@/test/api-mock'
import { mockOfficeApi, openAt } from '@/test/office-harness'

const NOW = Date.parse('2027-03-01T10:00:00Z')
const ROW: InboxRow = {
  _id: '41',
  property: { _id: '3', name: 'Harbour Loft' },
  renter: { _id: '9', fullName: 'Ada Lovelace', email: 'ada@example.test' },
  from: '2027-04-02',
  to: '2027-04-05',
  status: 'PENDING',
  price: 360,
  currency: 'USD',
  cancelRequest: false,
  createdAt: '2027-02-28T09:00:00Z',
  answerBy: '2027-03-02T12:30:00Z',
}
const BOOKING: BackOfficeBooking = {
  ...ROW,
  renter: { ...ROW.renter, phone: '+33 6 12 34 56 78', language: 'fr' },
  agency: { _id: '7', name: 'Blue Door Lettings' },
  cancellation: false,
  amendments: false,
  breakdown: { days: 3, rental: 360, cancellationFee: 0, amendmentsFee: 0, total: 360 },
  payment: { method: 'payLater', amount: null, verifiedAt: null, refund: null },
  decisions: ['confirm', 'recordDeposit', 'recordPayment', 'decline', 'cancel'],
  timeline: [],
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  await activateLocale('en')
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the inbox', () => {
  it('asks for the filters in its URL, says the time left to answer, and pages on with the cursor', async () => {
    const calls = mockOfficeApi({
      'GET /api/back-office/bookings*': (url) =>
        json(200, {
          items: [url.includes('cursor=') ? { ...ROW, _id: '40', answerBy: null } : ROW],
          total: 21,
          totalCapped: false,
          nextCursor: url.includes('cursor=') ? null : '41',
        }),
    })
    const router = await openAt('/admin?status=PENDING&renter=ada&from=2027-04-01&to=2027-03-01')
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
    // A range ending before it starts is not sent.
    expect(calls.find((call) => call.url.startsWith('/api/back-office/bookings'))?.url).toBe(
      '/api/back-office/bookings?status=PENDING&renter=ada',
    )
    expect(screen.getByText('1 d 2 h left')).toBeInTheDocument()
    expect(screen.getByText('21 bookings')).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('link', { name: 'Next page' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ status: 'PENDING', cursor: '41' }),
    )
    await waitFor(() => expect(screen.queryByText('1 d 2 h left')).toBeNull())
    expect(calls.at(-1)?.url).toBe('/api/back-office/bookings?status=PENDING&renter=ada&cursor=41')
    expect(screen.getByRole('link', { name: 'First page' })).toHaveAttribute(
      'href',
      '/admin?status=PENDING&renter=ada',
    )
  })
})

describe("a booking's page", () => {
  it('sends the decision with what the agent saw; beaten by another agent, it says so and shows the booking anew', async () => {
    let reads = 0
    const calls = mockOfficeApi({
      'GET /api/back-office/bookings/41': () => {
        reads += 1
        return json(200, reads === 1 ? BOOKING : { ...BOOKING, status: 'RESERVED', decisions: ['cancel'] })
      },
      'POST /api/decide-booking/41': () =>
        json(409, {
          error: 'booking_changed',
          message: 'This booking was answered meanwhile: see what was decided.',
        }),
    })
    await openAt('/admin/bookings/41')
    expect(await screen.findByText('+33 6 12 34 56 78')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await user.click(screen.getByRole('button', { name: 'Send: Confirm' }))
    expect(
      await screen.findByText('This booking was answered meanwhile: see what was decided.'),
    ).toBeInTheDocument()
    expect(calls.find((call) => call.url === '/api/decide-booking/41')?.body).toEqual({
      decision: 'confirm',
      seenStatus: 'PENDING',
      seenCancelRequest: false,
    })
    // Read again: what was decided shows, with the decisions it now takes.
    await waitFor(() => expect(screen.getByText('Reserved')).toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull()
  })

  it('says the decision is recorded when it leaves none to take (a cancellation accepted)', async () => {
    let reads = 0
    const requested: BackOfficeBooking = {
      ...BOOKING,
      status: 'PAID',
      cancelRequest: true,
      decisions: ['acceptCancellation', 'refuseCancellation', 'cancel'],
    }
    mockOfficeApi({
      'GET /api/back-office/bookings/41': () => {
        reads += 1
        return json(
          200,
          reads === 1
            ? requested
            : { ...requested, status: 'CANCELLED', cancelRequest: false, decisions: [] },
        )
      },
      'POST /api/decide-booking/41': () =>
        json(200, { bookingId: 41, status: 'CANCELLED', cancelRequest: false, refund: true }),
    })
    await openAt('/admin/bookings/41')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Accept the cancellation' }))
    await user.click(screen.getByRole('button', { name: 'Send: Accept the cancellation' }))
    expect(await screen.findByText('Decision recorded. The renter is told.')).toBeInTheDocument()
    await waitFor(() => expect(reads).toBe(2))
    expect(screen.getByText('Decision recorded. The renter is told.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept the cancellation' })).toBeNull()
  })

  it("opens at the refusal of a cancellation request when a push's Decline sends it there: its reason is written here", async () => {
    const requested: BackOfficeBooking = {
      ...BOOKING,
      status: 'RESERVED',
      cancelRequest: true,
      decisions: ['recordDeposit', 'recordPayment', 'acceptCancellation', 'refuseCancellation', 'cancel'],
    }
    const calls = mockOfficeApi({
      'GET /api/back-office/bookings/41': () => json(200, requested),
      'POST /api/decide-booking/41': () =>
        json(200, { bookingId: 41, status: 'RESERVED', cancelRequest: false, refund: false }),
    })
    await openAt('/admin/bookings/41?decide=refuseCancellation')
    const reason = await screen.findByRole('textbox', { name: /Reason \(the renter reads it\)/ })
    expect(reason).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Refuse the cancellation' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const user = userEvent.setup()
    await user.type(reason, 'The cleaning is booked.')
    await user.click(screen.getByRole('button', { name: 'Send: Refuse the cancellation' }))
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/decide-booking/41')?.body).toEqual({
        decision: 'refuseCancellation',
        seenStatus: 'RESERVED',
        seenCancelRequest: true,
        note: 'The cleaning is booked.',
      }),
    )
  })

  it('writes to the renter in the timeline: an empty message is refused, a failed send keeps the text', async () => {
    let sends = 0
    const line = {
      _id: '90',
      kind: 'message',
      actor: { _id: '7', type: 'AGENCY', name: 'Blue Door Lettings' },
      at: '2027-03-01T10:00:00Z',
      statusBefore: 'PENDING',
      statusAfter: 'PENDING',
      note: 'The key is in the box.',
      amount: null,
    } as const
    const calls = mockOfficeApi({
      'GET /api/back-office/bookings/41': () =>
        json(200, sends < 2 ? BOOKING : { ...BOOKING, timeline: [line] }),
      'POST /api/back-office/bookings/41/messages': () => {
        sends += 1
        return sends === 1 ? json(503, { error: 'unavailable', message: 'Unavailable' }) : json(200, line)
      },
    })
    await openAt('/admin/bookings/41')
    const box = await screen.findByRole('textbox', { name: 'Message to the renter' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Send the message' }))
    expect(await screen.findByText('Please write a message.')).toBeInTheDocument()
    expect(calls.filter((call) => call.url.endsWith('/messages'))).toEqual([])

    await user.type(box, '  The key is in the box.  ')
    await user.click(screen.getByRole('button', { name: 'Send the message' }))
    expect(await screen.findByText('The message could not be sent. Please try again.')).toBeInTheDocument()
    expect(box).toHaveValue('  The key is in the box.  ')

    await user.click(screen.getByRole('button', { name: 'Send the message' }))
    await waitFor(() => expect(box).toHaveValue(''))
    const sent = calls.filter((call) => call.url.endsWith('/messages')).map((call) => call.body)
    // Sent trimmed, twice with one operation id: the server writes it once.
    expect(sent).toEqual([
      { text: 'The key is in the box.', operationId: expect.any(String) },
      { text: 'The key is in the box.', operationId: (sent[0] as { operationId: string }).operationId },
    ])
    expect(await screen.findByText('The key is in the box.')).toBeInTheDocument()
  })
})
