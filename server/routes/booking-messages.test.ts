// One timeline per booking (docs/product.md §12), over HTTP on both databases: the renter's and the agency's
// messages, what each tells the other side (notification, its push's link, e-mail when wanted), one line when
// sent twice with the same operation id, the renter's own changes beside the agency's decisions, and who may
// write: another renter, another agency, a renter's session at the back office's call and none.
import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { notifications, users } from '../db/schema.ts'
import { clientOf, readMailFolder, staffSessions } from '../test/accounts.ts'
import {
  bookableProperty,
  checkoutBody,
  freshRenter,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../test/bookings.ts'
import { databaseKinds } from '../test/harness.ts'

describe.each(databaseKinds())('booking messages on %s', (kind) => {
  let world: PaymentsWorld
  const { post, get } = clientOf(() => world.t.app)
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

  /** A fresh renter's pay-later booking (with the cancellation option), and its agency's session. */
  async function payLaterBooking() {
    const property = await bookableProperty(world.t.database.db, { cancellation: 0 })
    const renter = await freshRenter(world.t)
    const response = await post(
      '/api/checkout',
      checkoutBody(property, { cancellation: true }),
      renter.cookie,
    )
    expect(response.statusCode, response.body).toBe(200)
    const bookingId = response.json().bookingId as string
    return { property, renter, bookingId, agency: await staff.agency(property.agencyId) }
  }

  const renterWrites = (bookingId: string, body: Record<string, unknown>, cookie: string | undefined) =>
    post(`/api/booking-message/${bookingId}`, body, cookie)
  const agencyWrites = (bookingId: string, body: Record<string, unknown>, cookie: string | undefined) =>
    post(`/api/back-office/bookings/${bookingId}/messages`, body, cookie)
  const noticesOf = (userId: number) =>
    world.t.database.db.select().from(notifications).where(eq(notifications.userId, userId))
  const mailsTo = (email: string) =>
    readMailFolder(world.t.config.dataDir).filter((mail) => mail.to.includes(email))

  it("writes the renter's message in the timeline both sides read, and tells the agency once", async () => {
    const { property, renter, bookingId, agency } = await payLaterBooking()
    const [agencyUser] = await world.t.database.db.select().from(users).where(eq(users.id, property.agencyId))
    const noticesBefore = (await noticesOf(property.agencyId)).length
    const mailsBefore = mailsTo(agencyUser!.email).length
    const message = { text: '  Could we arrive at 10 pm?  ', operationId: randomUUID() }

    const first = await renterWrites(bookingId, message, renter.cookie)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      kind: 'message',
      note: 'Could we arrive at 10 pm?',
      actor: { _id: String(renter.id), type: 'USER' },
      statusBefore: 'PENDING',
      statusAfter: 'PENDING',
    })
    // Sent again by the renter's queue after a lost answer: the same line, nobody told twice.
    const again = await renterWrites(bookingId, message, renter.cookie)
    expect(again.statusCode).toBe(200)
    expect(again.json()._id).toBe(first.json()._id)

    const notices = await noticesOf(property.agencyId)
    expect(notices.length).toBe(noticesBefore + 1)
    expect(notices.at(-1)!.messageEn).toContain('wrote about their booking')
    expect(notices.at(-1)!.messageEn).toContain('Could we arrive at 10 pm?')
    expect(notices.at(-1)!.messageFr).toContain('a écrit au sujet de sa réservation')
    // The agency's e-mail opens the back office's page of the booking.
    const mails = mailsTo(agencyUser!.email)
    expect(mails.length).toBe(mailsBefore + (agencyUser!.enableEmailNotifications ? 1 : 0))
    if (agencyUser!.enableEmailNotifications)
      expect(mails.at(-1)!.text).toContain(`/admin/bookings/${bookingId}`)

    // Both sides read one timeline: the renter's booking, then the message.
    const renterView = await get(`/api/booking/${bookingId}/en`, renter.cookie)
    expect(renterView.statusCode, renterView.body).toBe(200)
    const officeView = await get(`/api/back-office/bookings/${bookingId}`, agency)
    expect(officeView.statusCode, officeView.body).toBe(200)
    const kinds = (view: { json(): { timeline: { kind: string; note: string | null }[] } }) =>
      view.json().timeline.map((entry) => [entry.kind, entry.note])
    expect(kinds(renterView)).toEqual([
      ['booked', null],
      ['message', 'Could we arrive at 10 pm?'],
    ])
    expect(kinds(officeView)).toEqual(kinds(renterView))
  })

  it("tells the renter the agency's answer by notification", async () => {
    const { renter, bookingId, agency } = await payLaterBooking()
    const before = (await noticesOf(renter.id)).length
    const answer = await agencyWrites(bookingId, { text: 'Yes, the key is in the box.' }, agency)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ kind: 'message', actor: { type: 'AGENCY' } })
    const notices = await noticesOf(renter.id)
    expect(notices.length).toBe(before + 1)
    expect(notices.at(-1)!.messageEn).toContain('Yes, the key is in the box.')

    // The administrator writes on any booking.
    const admin = await agencyWrites(bookingId, { text: 'Haven support here.' }, adminCookie)
    expect(admin.statusCode, admin.body).toBe(200)
    expect(admin.json()).toMatchObject({ actor: { type: 'ADMIN' } })
  })

  it("puts the renter's own changes in the timeline beside the agency's decisions", async () => {
    const { renter, bookingId, agency } = await payLaterBooking()
    expect((await post(`/api/cancel-booking/${bookingId}`, {}, renter.cookie)).statusCode).toBe(200)
    expect((await post(`/api/withdraw-cancellation/${bookingId}`, {}, renter.cookie)).statusCode).toBe(200)
    const confirm = { decision: 'confirm', seenStatus: 'PENDING', seenCancelRequest: false }
    expect((await post(`/api/decide-booking/${bookingId}`, confirm, agency)).statusCode).toBe(200)
    const view = await get(`/api/booking/${bookingId}/fr`, renter.cookie)
    expect(view.statusCode, view.body).toBe(200)
    const timeline = view.json().timeline as {
      kind: string
      actor: { type: string } | null
      statusAfter: string
    }[]
    expect(timeline.map((entry) => [entry.kind, entry.actor?.type, entry.statusAfter])).toEqual([
      ['booked', 'USER', 'PENDING'],
      ['cancelRequest', 'USER', 'PENDING'],
      ['cancelWithdrawal', 'USER', 'PENDING'],
      ['confirm', 'AGENCY', 'RESERVED'],
    ])
  })

  it('refuses an empty or too long message with its field, and keeps nothing', async () => {
    const { renter, bookingId, agency } = await payLaterBooking()
    const empty = await renterWrites(bookingId, { text: '   ' }, renter.cookie)
    expect(empty.statusCode).toBe(400)
    expect(JSON.stringify(empty.json())).toContain('message_empty')
    const long = await agencyWrites(bookingId, { text: 'x'.repeat(2001) }, agency)
    expect(long.statusCode).toBe(400)
    expect(JSON.stringify(long.json())).toContain('message_too_long')
    const malformed = await renterWrites(bookingId, { text: 42 }, renter.cookie)
    expect(malformed.statusCode).toBe(400)
    const view = await get(`/api/booking/${bookingId}/en`, renter.cookie)
    expect(view.json().timeline.filter((entry: { kind: string }) => entry.kind === 'message')).toEqual([])
  })

  it("lets nobody write on another's booking", async () => {
    const { property, bookingId, renter } = await payLaterBooking()
    const stranger = await freshRenter(world.t)
    const text = { text: 'Hello?' }
    expect((await renterWrites(bookingId, text, stranger.cookie)).statusCode).toBe(403)
    expect((await renterWrites('999999999', text, renter.cookie)).statusCode).toBe(404)
    expect((await renterWrites(bookingId, text, undefined)).statusCode).toBe(401)
    const other = await staff.otherAgency(property.agencyId)
    expect((await agencyWrites(bookingId, text, other)).statusCode).toBe(403)
    // A renter's session reaches no back-office call, and a back-office session writes as no renter.
    expect((await agencyWrites(bookingId, text, renter.cookie)).statusCode).toBe(403)
    expect((await agencyWrites(bookingId, text, undefined)).statusCode).toBe(401)
    const agency = await staff.agency(property.agencyId)
    expect([401, 403]).toContain((await renterWrites(bookingId, text, agency)).statusCode)
    const view = await get(`/api/booking/${bookingId}/en`, renter.cookie)
    expect(view.json().timeline.filter((entry: { kind: string }) => entry.kind === 'message')).toEqual([])
  })
})
