// A button of a staff push (./push-answers.ts): the decision the screen would send, and what the worker does
// with the server's answer.
import { describe, expect, it } from 'vitest'

import type { PushRequest } from '../src/domain/notifications.ts'
import { answerFromNotification, type NotificationData, readNotificationData } from './push-answers.ts'

const request = (kind: 'booking' | 'cancellation'): PushRequest => ({
  bookingId: 42,
  seenStatus: kind === 'booking' ? 'PENDING' : 'RESERVED',
  seenCancelRequest: kind === 'cancellation',
  actions:
    kind === 'booking'
      ? [
          { action: 'accept', title: 'Accept', decision: 'confirm', done: 'Booking confirmed.' },
          { action: 'decline', title: 'Decline', decision: 'decline', done: 'Booking request declined.' },
        ]
      : [
          {
            action: 'accept',
            title: 'Accept',
            decision: 'acceptCancellation',
            done: 'Cancellation accepted.',
          },
          {
            action: 'decline',
            title: 'Decline',
            decision: 'refuseCancellation',
            done: 'Cancellation refused.',
          },
        ],
  refusals: { booking_changed: 'Answered meanwhile.' },
  failed: 'Not sent: open the booking.',
})

const page = 'https://haven.test/admin/bookings/42'
const data = (kind: 'booking' | 'cancellation'): NotificationData => ({ url: page, request: request(kind) })

/** A fetch that records what it was asked and answers `status` with `body`, or fails as offline. */
function server(status: number | 'offline', body: unknown = {}) {
  const sent: { path: string; init: RequestInit }[] = []
  const send = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ path: String(input), init: init ?? {} })
    if (status === 'offline') throw new TypeError('Failed to fetch')
    return Response.json(body, { status })
  }
  return { sent, send: send as typeof fetch }
}

describe("a staff push's buttons", () => {
  it('sends Accept of a pay-later request as the screen sends a confirmation, with the session, and says it is done', async () => {
    const { sent, send } = server(200, { bookingId: 42, status: 'RESERVED' })
    expect(await answerFromNotification('accept', data('booking'), send)).toEqual({
      tell: 'Booking confirmed.',
    })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.path).toBe('/api/decide-booking/42')
    expect(sent[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin' })
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({
      decision: 'confirm',
      seenStatus: 'PENDING',
      seenCancelRequest: false,
    })
  })

  it('sends Decline of a pay-later request as a decline', async () => {
    const { sent, send } = server(200)
    expect(await answerFromNotification('decline', data('booking'), send)).toEqual({
      tell: 'Booking request declined.',
    })
    expect(JSON.parse(String(sent[0]!.init.body))).toMatchObject({ decision: 'decline' })
  })

  it('accepts a cancellation request from the notification, with the request the push saw', async () => {
    const { sent, send } = server(200)
    expect(await answerFromNotification('accept', data('cancellation'), send)).toEqual({
      tell: 'Cancellation accepted.',
    })
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({
      decision: 'acceptCancellation',
      seenStatus: 'RESERVED',
      seenCancelRequest: true,
    })
  })

  it('never refuses a cancellation without a reason: Decline opens the booking at the refusal', async () => {
    const { sent, send } = server(200)
    expect(await answerFromNotification('decline', data('cancellation'), send)).toEqual({
      open: `${page}?decide=refuseCancellation`,
    })
    expect(sent).toEqual([])
  })

  it("tells the server's refusal in the agent's words: another agent answered first", async () => {
    const { send } = server(409, {
      error: 'booking_changed',
      message: 'This booking was answered meanwhile.',
    })
    expect(await answerFromNotification('accept', data('booking'), send)).toEqual({
      tell: 'Answered meanwhile.',
    })
  })

  it('says the answer was not sent when the server cannot be reached or refuses for a reason the push has no words for', async () => {
    expect(await answerFromNotification('accept', data('booking'), server('offline').send)).toEqual({
      tell: 'Not sent: open the booking.',
    })
    expect(
      await answerFromNotification('accept', data('booking'), server(403, { error: 'forbidden' }).send),
    ).toEqual({
      tell: 'Not sent: open the booking.',
    })
    expect(await answerFromNotification('accept', data('booking'), server(500, 'oops').send)).toEqual({
      tell: 'Not sent: open the booking.',
    })
  })

  it('opens the booking when the session has ended (its sign-in comes back to it)', async () => {
    expect(await answerFromNotification('accept', data('booking'), server(401).send)).toEqual({ open: page })
  })

  it('opens the page of a notification without a request, and sends nothing', async () => {
    const { sent, send } = server(200)
    expect(await answerFromNotification('accept', { url: page }, send)).toEqual({ open: page })
    expect(sent).toEqual([])
  })
})

describe("a notification's stored data", () => {
  it('keeps a well-formed request and drops a malformed one', () => {
    expect(readNotificationData(data('booking'), 'https://haven.test')).toEqual(data('booking'))
    expect(readNotificationData({ url: page, request: { bookingId: 'x' } }, 'https://haven.test')).toEqual({
      url: page,
    })
    expect(readNotificationData(null, 'https://haven.test')).toEqual({ url: 'https://haven.test/' })
  })
})
