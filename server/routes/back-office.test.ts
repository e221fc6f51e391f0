// The back office's decisions on a booking (docs/product.md §12, Decisions), over HTTP on both databases: each
// decision's effect, what the renter is told, one effect when sent twice or by two agents at once, the refund
// of a payment taken online, and who may decide.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bookings, bookingTimeline, notifications, users } from '../db/schema.ts'
import { lapseUnansweredRequests } from '../services/bookings/unpaid-holds.ts'
import { clientOf, readMailFolder, staffSessions } from '../test/accounts.ts'
import {
  bookableProperty,
  bookingById,
  checkoutBody,
  freshRenter,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../test/bookings.ts'
import { databaseKinds } from '../test/harness.ts'

describe.each(databaseKinds())('back-office decisions on %s', (kind) => {
  let world: PaymentsWorld
  const { post } = clientOf(() => world.t.app)
  let adminCookie: string

  beforeAll(async () => {
    world = await startPaymentsWorld(kind, '100')
    adminCookie = await staff.admin()
  })
  afterAll(() => world?.close())

  const staff = staffSessions(
    () => world.t.app,
    () => world.t.database.db,
  )
  const agencyCookie = staff.agency
  const otherAgencyCookie = staff.otherAgency

  /** A fresh renter's pay-later booking (PENDING), with the cancellation option when asked. */
  async function payLaterBooking({ cancellation = false } = {}) {
    const property = await bookableProperty(world.t.database.db, cancellation ? { cancellation: 0 } : {})
    const renter = await freshRenter(world.t)
    const body = checkoutBody(property, { cancellation })
    const response = await post('/api/checkout', body, renter.cookie)
    expect(response.statusCode, response.body).toBe(200)
    const bookingId = response.json().bookingId as string
    expect((await bookingById(world.t.database.db, bookingId)).status).toBe('PENDING')
    return { property, renter, body, bookingId, agency: await agencyCookie(property.agencyId) }
  }

  const decide = (bookingId: string, body: Record<string, unknown>, cookie: string | undefined) =>
    post(`/api/decide-booking/${bookingId}`, body, cookie)

  const renterNotices = (renterId: number) =>
    world.t.database.db.select().from(notifications).where(eq(notifications.userId, renterId))

  const mailsTo = (email: string) =>
    readMailFolder(world.t.config.dataDir).filter((mail) => mail.to.includes(email))

  it('confirms a pay-later booking once, and tells the renter by e-mail and notification', async () => {
    const { renter, bookingId, agency, property } = await payLaterBooking()
    // The decision is told by e-mail whatever the renter's e-mail settings.
    await world.t.database.db
      .update(users)
      .set({ enableEmailNotifications: false })
      .where(eq(users.id, renter.id))
    const before = (await renterNotices(renter.id)).length
    const confirm = { decision: 'confirm', seenStatus: 'PENDING', seenCancelRequest: false }
    const first = await decide(bookingId, confirm, agency)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({
      bookingId: Number(bookingId),
      status: 'RESERVED',
      cancelRequest: false,
      refund: false,
    })
    // Sent again (a double click, a retry): nothing more happens, and the agent is told why.
    const again = await decide(bookingId, confirm, agency)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      error: 'booking_changed',
      message: 'This booking was answered meanwhile: see what was decided.',
    })
    expect((await bookingById(world.t.database.db, bookingId)).status).toBe('RESERVED')
    const notices = (await renterNotices(renter.id)).slice(before)
    expect(notices.map((notice) => notice.messageEn)).toEqual([
      expect.stringMatching(new RegExp(`^Your booking of .*${escape(property.name)}.* is now: Reserved\\.$`)),
    ])
    const mails = mailsTo(renter.email).filter((mail) => mail.subject.includes('is now: Reserved'))
    expect(mails).toHaveLength(1)
    const timeline = await world.t.database.db
      .select()
      .from(bookingTimeline)
      .where(eq(bookingTimeline.bookingId, Number(bookingId)))
    // The renter's booking, then the agency's decision.
    expect(timeline).toEqual([
      expect.objectContaining({ actorId: renter.id, kind: 'booked', statusAfter: 'PENDING' }),
      expect.objectContaining({
        actorId: property.agencyId,
        kind: 'confirm',
        statusBefore: 'PENDING',
        statusAfter: 'RESERVED',
      }),
    ])
  })

  it('lets no other agency, no renter and no visitor decide, and changes nothing then', async () => {
    const { renter, bookingId, property } = await payLaterBooking()
    const confirm = { decision: 'confirm', seenStatus: 'PENDING', seenCancelRequest: false }
    const other = await decide(bookingId, confirm, await otherAgencyCookie(property.agencyId))
    expect(other.statusCode).toBe(403)
    const ownRenter = await decide(bookingId, confirm, renter.cookie)
    expect(ownRenter.statusCode).toBe(403)
    expect(ownRenter.json()).toEqual({
      error: 'forbidden',
      message: 'Only an agency or an administrator can do this.',
    })
    expect((await decide(bookingId, confirm, undefined)).statusCode).toBe(401)
    expect((await decide('999999999', confirm, adminCookie)).statusCode).toBe(404)
    expect((await bookingById(world.t.database.db, bookingId)).status).toBe('PENDING')
    // An administrator decides on any agency's booking.
    const admin = await decide(bookingId, confirm, adminCookie)
    expect(admin.statusCode, admin.body).toBe(200)
  })

  it('declines a request: its nights are free for the next renter', async () => {
    const { bookingId, agency, body, property } = await payLaterBooking()
    const next = await freshRenter(world.t)
    const sameNights = { ...checkoutBody(property), from: body.from, to: body.to, price: body.price }
    expect((await post('/api/checkout', sameNights, next.cookie)).statusCode).toBe(409)
    const declined = await decide(
      bookingId,
      { decision: 'decline', seenStatus: 'PENDING', seenCancelRequest: false, note: 'Closed for works.' },
      agency,
    )
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json().status).toBe('CANCELLED')
    const retried = await post(
      '/api/checkout',
      { ...sameNights, operationId: crypto.randomUUID() },
      next.cookie,
    )
    expect(retried.statusCode, retried.body).toBe(200)
  })

  it('lets one decision win when two agents decide at once; the other is told', async () => {
    const { bookingId, agency } = await payLaterBooking()
    const seen = { seenStatus: 'PENDING', seenCancelRequest: false }
    const answers = await Promise.all([
      decide(bookingId, { decision: 'confirm', ...seen }, agency),
      decide(bookingId, { decision: 'decline', ...seen }, adminCookie),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const winner = answers.find((answer) => answer.statusCode === 200)!.json()
    expect((await bookingById(world.t.database.db, bookingId)).status).toBe(winner.status)
    const timeline = await world.t.database.db
      .select()
      .from(bookingTimeline)
      .where(eq(bookingTimeline.bookingId, Number(bookingId)))
    // The renter's booking and one decision.
    expect(timeline.map((entry) => entry.kind)).toEqual([
      'booked',
      winner.status === 'RESERVED' ? 'confirm' : 'decline',
    ])
  })

  it('refuses what the rules do not allow, in words', async () => {
    const { bookingId, agency } = await payLaterBooking()
    const wrong = await decide(
      bookingId,
      { decision: 'acceptCancellation', seenStatus: 'PENDING', seenCancelRequest: false },
      agency,
    )
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json()).toEqual({
      error: 'no_cancel_request',
      message: 'The renter has not asked to cancel this booking.',
    })
    const deposit = await decide(
      bookingId,
      { decision: 'recordDeposit', seenStatus: 'PENDING', seenCancelRequest: false, amount: 0 },
      agency,
    )
    expect(deposit.statusCode).toBe(400)
    expect(deposit.json().error).toBe('amount_invalid')
    const malformed = await decide(bookingId, { decision: 'approve', seenStatus: 'PENDING' }, agency)
    expect(malformed.statusCode).toBe(400)
    expect((await bookingById(world.t.database.db, bookingId)).status).toBe('PENDING')
  })

  it('refuses a cancellation request with a reason the renter reads; the booking stands', async () => {
    const { renter, bookingId, agency } = await payLaterBooking({ cancellation: true })
    expect((await post(`/api/cancel-booking/${bookingId}`, {}, renter.cookie)).statusCode).toBe(200)
    const seen = { decision: 'refuseCancellation', seenStatus: 'PENDING', seenCancelRequest: true }
    const bare = await decide(bookingId, { ...seen, note: '  ' }, agency)
    expect(bare.statusCode).toBe(400)
    expect(bare.json().error).toBe('reason_required')
    const refused = await decide(bookingId, { ...seen, note: 'The stay starts tomorrow.' }, agency)
    expect(refused.statusCode, refused.body).toBe(200)
    expect(refused.json()).toMatchObject({ status: 'PENDING', cancelRequest: false })
    const notices = await renterNotices(renter.id)
    expect(notices.at(-1)!.messageEn).toMatch(
      /^The agency refused to cancel your booking of .*: “The stay starts tomorrow\.”\.$/,
    )
    expect(notices.at(-1)!.messageFr).toMatch(
      /^L’agence a refusé d’annuler votre réservation .*\u00a0: «\u00a0The stay starts tomorrow\.\u00a0»\.$/,
    )
    expect(
      mailsTo(renter.email).filter((mail) => mail.subject.startsWith('Cancellation refused')),
    ).toHaveLength(1)
  })

  it('accepts a cancellation of a card payment: cancelled, refunded once through Stripe', async () => {
    const property = await bookableProperty(
      world.t.database.db,
      { price: 120, rentalTerm: 'DAILY', cancellation: 0 },
      { payLater: false },
    )
    const renter = await freshRenter(world.t)
    const checkout = await post(
      '/api/checkout',
      checkoutBody(property, { payment: 'stripe', cancellation: true }),
      renter.cookie,
    )
    expect(checkout.statusCode, checkout.body).toBe(200)
    const { bookingId, payment } = checkout.json()
    world.stripe.pay(payment.sessionId)
    const paid = await post(`/api/check-checkout-session/${payment.sessionId}`, undefined, renter.cookie)
    expect(paid.json()).toEqual({ bookingId, status: 'PAID' })
    expect((await post(`/api/cancel-booking/${bookingId}`, {}, renter.cookie)).statusCode).toBe(200)
    const refundsBefore = world.stripe.refunds.length
    const accept = { decision: 'acceptCancellation', seenStatus: 'PAID', seenCancelRequest: true }
    const agency = await agencyCookie(property.agencyId)
    const accepted = await decide(bookingId, accept, agency)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({
      bookingId: Number(bookingId),
      status: 'CANCELLED',
      cancelRequest: false,
      refund: true,
    })
    expect((await decide(bookingId, accept, agency)).statusCode).toBe(409)
    expect(world.stripe.refunds.length - refundsBefore).toBe(1)
    expect(await bookingById(world.t.database.db, bookingId)).toMatchObject({
      status: 'CANCELLED',
      cancelRequest: false,
      refundStatus: 'refunded',
    })
    const [row] = await world.t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, Number(bookingId)))
    expect(row!.refundReference).toBe(world.stripe.refunds.at(-1)!.id)
  })

  it('lapses a request not answered within 48 hours: cancelled once, its nights free, the renter told', async () => {
    const { renter, bookingId, agency, property, body } = await payLaterBooking()
    const { db } = world.t.database
    const booking = await bookingById(db, bookingId)
    expect(booking.answerBy!.getTime() - booking.createdAt.getTime()).toBeGreaterThan(48 * 3_600_000 - 5_000)
    expect(booking.answerBy!.getTime() - booking.createdAt.getTime()).toBeLessThan(48 * 3_600_000 + 5_000)
    // Before its deadline the sweep leaves it alone.
    expect(await lapseUnansweredRequests(world.t.app.ctx)).toBe(0)
    await db.update(users).set({ enableEmailNotifications: false }).where(eq(users.id, renter.id))
    // The deadline passed a minute ago, and the sweep has not come yet.
    await db
      .update(bookings)
      .set({ answerBy: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, Number(bookingId)))
    const late = await decide(
      bookingId,
      { decision: 'confirm', seenStatus: 'PENDING', seenCancelRequest: false },
      agency,
    )
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({
      error: 'request_lapsed',
      message: 'This request was not answered in time: it has lapsed and its nights are free again.',
    })
    // Its nights are no longer held: another renter books them.
    const next = await freshRenter(world.t)
    const sameNights = { ...checkoutBody(property), from: body.from, to: body.to, price: body.price }
    const taken = await post('/api/checkout', sameNights, next.cookie)
    expect(taken.statusCode, taken.body).toBe(200)
    // Two servers sweep at once: one cancels it and tells of it.
    const swept = await Promise.all([
      lapseUnansweredRequests(world.t.app.ctx),
      lapseUnansweredRequests(world.t.app.ctx),
    ])
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await lapseUnansweredRequests(world.t.app.ctx)).toBe(0)
    expect((await bookingById(db, bookingId)).status).toBe('CANCELLED')
    const notices = (await renterNotices(renter.id)).filter((notice) => notice.messageEn.includes('lapsed'))
    expect(notices.map((notice) => notice.messageEn)).toEqual([
      expect.stringMatching(
        /^Your booking request for .* lapsed: the agency did not answer it within 48 hours\./,
      ),
    ])
    // Told by e-mail whatever the renter's e-mail settings, once.
    expect(
      mailsTo(renter.email).filter((mail) => mail.subject.startsWith('Booking request lapsed')),
    ).toHaveLength(1)
    const agencyNotices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, property.agencyId), eq(notifications.bookingId, Number(bookingId))))
    expect(agencyNotices.filter((notice) => notice.messageEn.includes('lapsed unanswered'))).toHaveLength(1)
    const timeline = await db
      .select()
      .from(bookingTimeline)
      .where(eq(bookingTimeline.bookingId, Number(bookingId)))
    expect(timeline).toEqual([
      expect.objectContaining({ kind: 'booked', statusAfter: 'PENDING' }),
      expect.objectContaining({
        actorId: null,
        kind: 'unanswered',
        statusBefore: 'PENDING',
        statusAfter: 'CANCELLED',
      }),
    ])
  })
})

/** `text` as a regular expression matching it literally. */
function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
