// Unpaid holds (docs/product.md §12): nobody keeps many stays out of everyone's reach without paying. A renter
// holds at most MAX_UNPAID_HOLDS stays not paid yet, an account whose address is not verified one, and such an
// account's pay-later stay only for UNVERIFIED_HOLD_MS unless it is activated meanwhile; on both databases.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  MAX_UNPAID_HOLDS,
  MAX_UNVERIFIED_UNPAID_HOLDS,
  UNVERIFIED_HOLD_MS,
} from '../../src/domain/constants.ts'
import { bookings, notifications, properties, users } from '../db/schema.ts'
import { formatStayRange } from '../services/bookings/stay-dates.ts'
import { lapseUnverifiedHolds } from '../services/bookings/unpaid-holds.ts'
import { withPreposition } from '../services/french.ts'
import { clientOf, cookieHeader, emlText, linkIn, readMailFolder } from '../test/accounts.ts'
import {
  bookableProperty,
  bookingById,
  checkoutBody,
  dayFromToday,
  freshRenter,
  guest,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../test/bookings.ts'
import { databaseKinds, type TestApp } from '../test/harness.ts'

describe.each(databaseKinds())('unpaid holds on %s', (kind) => {
  let t: TestApp
  let otherCookie: string
  const { post, get } = clientOf(() => t.app)

  let world: PaymentsWorld | undefined
  beforeAll(async () => {
    world = await startPaymentsWorld(kind, '1000')
    ;({ t, otherCookie } = world)
  })
  afterAll(() => world?.close())

  const bookingRow = (id: string) => bookingById(t.database.db, id)

  /** Whether a search for the stay's dates finds the property. */
  const foundFor = async (property: { id: number; name: string }, from: string, to: string) => {
    const word = `Holdable${property.id}`
    await t.database.db
      .update(properties)
      .set({ name: `${word} ${property.name}` })
      .where(eq(properties.id, property.id))
    const response = await post('/api/properties/search', { from, to, keyword: word })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().items.some((item: { _id: string }) => item._id === String(property.id))
  }

  it(`a renter holds at most ${MAX_UNPAID_HOLDS} stays not paid yet, however many are sent at once`, async () => {
    const renter = await freshRenter(t)
    const tries = MAX_UNPAID_HOLDS + 2
    const stays = await Promise.all(
      Array.from({ length: tries }, () =>
        bookableProperty(t.database.db, { price: 40, rentalTerm: 'DAILY' }),
      ),
    )
    const answers = await Promise.all(
      stays.map((property) => post('/api/checkout', checkoutBody(property), renter.cookie)),
    )
    const held = answers.filter((answer) => answer.statusCode === 200)
    const refused = answers.filter((answer) => answer.statusCode === 409)
    expect(held).toHaveLength(MAX_UNPAID_HOLDS)
    expect(refused).toHaveLength(tries - MAX_UNPAID_HOLDS)
    for (const answer of refused) {
      expect(answer.json()).toEqual({
        error: 'unpaid_holds_limit',
        message: `You already have ${MAX_UNPAID_HOLDS} bookings that are not paid yet. Pay for one, or wait for the agency’s answer, before you book another stay.`,
      })
    }

    // Paying online is never refused for it: that hold lasts only its payment window.
    const card = await bookableProperty(t.database.db, { price: 40, rentalTerm: 'DAILY' })
    const online = await post('/api/checkout', checkoutBody(card, { payment: 'stripe' }), renter.cookie)
    expect(online.statusCode, online.body).toBe(200)
    // The same checkout delivered again still answers with its booking.
    const first = held[0]!.json()
    const replayed = await post(
      '/api/checkout',
      { ...checkoutBody(stays[0]!), operationId: (await bookingRow(first.bookingId)).operationId },
      renter.cookie,
    )
    expect(replayed.statusCode).toBe(200)

    // The agency answers one (the back office reserves it), the card checkout's window closes unpaid: one
    // more may be booked to pay later, and no more.
    await t.database.db
      .update(bookings)
      .set({ status: 'RESERVED' })
      .where(eq(bookings.id, Number(first.bookingId)))
    await t.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, Number(online.json().bookingId)))
    const next = await bookableProperty(t.database.db, { price: 40, rentalTerm: 'DAILY' })
    expect((await post('/api/checkout', checkoutBody(next), renter.cookie)).statusCode).toBe(200)
    const more = await bookableProperty(t.database.db, { price: 40, rentalTerm: 'DAILY' })
    expect((await post('/api/checkout', checkoutBody(more), renter.cookie)).statusCode).toBe(409)
  })

  it('a guest who never activates holds one pay-later stay, for a day, then it lapses', async () => {
    const property = await bookableProperty(t.database.db, { price: 55, rentalTerm: 'DAILY' })
    const stay = { from: dayFromToday(300), to: dayFromToday(303) }
    const email = `unverified-${kind}@example.test`
    const before = Date.now()
    const response = await post('/api/checkout', checkoutBody(property, stay, { guest: guest(email) }))
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json()
    const guestCookie = cookieHeader(response)
    expect(answer.status).toBe('PENDING')
    const until = new Date(answer.expiresAt).getTime()
    expect(until).toBeGreaterThanOrEqual(before + UNVERIFIED_HOLD_MS)
    expect(until).toBeLessThanOrEqual(Date.now() + UNVERIFIED_HOLD_MS)
    // The guest sees the booking; it holds its nights, in the calendar and in every dated search.
    const list = await post('/api/bookings', {}, guestCookie)
    expect(list.json().items.map((b: { _id: string }) => b._id)).toEqual([answer.bookingId])
    expect((await get(`/api/booking/${answer.bookingId}/en`, guestCookie)).statusCode).not.toBe(404)
    expect(await foundFor(property, stay.from, stay.to)).toBe(false)
    expect((await post('/api/checkout', checkoutBody(property, stay), otherCookie)).statusCode).toBe(409)

    // Signed in on this browser, the account holds no second stay before it is activated.
    expect(MAX_UNVERIFIED_UNPAID_HOLDS).toBe(1)
    const second = await bookableProperty(t.database.db, { price: 55, rentalTerm: 'DAILY' })
    const refused = await post('/api/checkout', checkoutBody(second), guestCookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: 'unverified_holds_limit',
      message: 'Activate your account with the link we e-mailed you before you book another stay.',
    })

    // The day passes without activation: the nights are free again, and the sweep cancels the booking and
    // tells its renter.
    await t.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, Number(answer.bookingId)))
    expect(await foundFor(property, stay.from, stay.to)).toBe(true)
    const calendar = await t.app.inject({ method: 'GET', url: `/api/property-availability/${property.id}` })
    expect(calendar.json().held).not.toContainEqual(stay)
    // The agency reads English and wants e-mails; the guest reads French.
    await t.database.db
      .update(users)
      .set({ language: 'en', enableEmailNotifications: true })
      .where(eq(users.id, property.agencyId))
    expect(await lapseUnverifiedHolds(t.app.ctx)).toBeGreaterThanOrEqual(1)
    const row = await bookingRow(answer.bookingId)
    expect(row.status).toBe('CANCELLED')
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.bookingId, Number(answer.bookingId)))
    const [{ name }] = (await t.database.db
      .select({ name: properties.name })
      .from(properties)
      .where(eq(properties.id, property.id))) as [{ name: string }]
    const stayFr = formatStayRange(stay.from, stay.to, 'fr')
    const stayEn = formatStayRange(stay.from, stay.to, 'en')
    const toRenter = told.filter((n) => n.userId === row.userId).at(-1)!
    expect(toRenter.messageFr).toBe(
      `Votre demande de réservation ${withPreposition('de', name)}, ${stayFr}, a été annulée\u00a0: le compte n’a pas été activé dans les 24\u00a0heures.`,
    )
    const toAgency = told.filter((n) => n.userId === property.agencyId).at(-1)!
    expect(toAgency.messageEn).toBe(
      `The booking request for ${name}, ${stayEn}, by “Inès Guest” was withdrawn: the guest never activated their account.`,
    )
    const [agency] = await t.database.db.select().from(users).where(eq(users.id, property.agencyId))
    const agencyMail = readMailFolder(t.config.dataDir)
      .filter((mail) => mail.to.includes(agency!.email.toLowerCase()))
      .at(-1)!
    expect(agencyMail.subject).toBe(`Booking request withdrawn: ${name}, ${stayEn}`)
    expect(emlText(agencyMail.eml)).toContain('the guest never activated their account.')
    expect(await lapseUnverifiedHolds(t.app.ctx)).toBe(0)
    expect((await post('/api/checkout', checkoutBody(property, stay), otherCookie)).statusCode).toBe(200)
  })

  it('a guest who activates within the day keeps the stay until the agency answers', async () => {
    const property = await bookableProperty(t.database.db, { price: 65, rentalTerm: 'DAILY' })
    const stay = { from: dayFromToday(320), to: dayFromToday(324) }
    const email = `verified-${kind}@example.test`
    const response = await post('/api/checkout', checkoutBody(property, stay, { guest: guest(email) }))
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json()
    const activation = readMailFolder(t.config.dataDir).find(
      (mail) => mail.to.includes(email) && mail.subject === 'Activez votre compte Haven',
    )!
    const link = linkIn(emlText(activation.eml), '/activate')
    const activated = await post('/api/activate', {
      userId: link.searchParams.get('u'),
      token: link.searchParams.get('t'),
      password: 'guest-secret',
    })
    expect(activated.statusCode, activated.body).toBe(200)
    expect((await bookingRow(answer.bookingId)).expiresAt).toBeNull()
    expect(await lapseUnverifiedHolds(t.app.ctx)).toBe(0)
    expect((await bookingRow(answer.bookingId)).status).toBe('PENDING')
    expect((await post('/api/checkout', checkoutBody(property, stay), otherCookie)).statusCode).toBe(409)
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(account!.activatedAt).not.toBeNull()
  })

  it('the sweep goes on past a lapse whose notice the database refuses, and the next sweep makes it', async () => {
    /** A guest's pay-later stay whose day has passed without activation. */
    const lapsingHold = async (email: string) => {
      const property = await bookableProperty(t.database.db, { price: 45, rentalTerm: 'DAILY' })
      const response = await post('/api/checkout', checkoutBody(property, {}, { guest: guest(email) }))
      expect(response.statusCode, response.body).toBe(200)
      const { bookingId } = response.json<{ bookingId: string }>()
      await t.database.db
        .update(bookings)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(bookings.id, Number(bookingId)))
      return bookingId
    }
    /** Makes the database refuse one booking's notifications, as a failing write would. */
    const refuseNoticesOf = async (bookingId: string) => {
      await t.database.db.execute(sql`create or replace function haven_test_refuse_notice() returns trigger
        language plpgsql as $$ begin
          if new.booking_id = ${sql.raw(String(Number(bookingId)))} then
            raise exception 'the database refuses this notice';
          end if;
          return new;
        end $$`)
      await t.database.db.execute(sql`create trigger haven_test_refuse_notice before insert on notifications
        for each row execute function haven_test_refuse_notice()`)
      return () => t.database.db.execute(sql`drop trigger haven_test_refuse_notice on notifications`)
    }
    const notesOn = (bookingId: string) =>
      t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.bookingId, Number(bookingId)))

    const first = await lapsingHold(`refused-lapse-${kind}@example.test`)
    const second = await lapsingHold(`next-lapse-${kind}@example.test`)
    const [firstNotes, secondNotes] = [(await notesOn(first)).length, (await notesOn(second)).length]
    const allow = await refuseNoticesOf(first)
    try {
      await lapseUnverifiedHolds(t.app.ctx)
    } finally {
      await allow()
    }
    // The second lapsed and its renter was told, though the first came before it and failed.
    expect((await bookingRow(second)).status).toBe('CANCELLED')
    expect((await notesOn(second)).length).toBeGreaterThan(secondNotes)
    // The first did not lapse as far as anyone knows: its change went back with its notice.
    expect((await bookingRow(first)).status).toBe('PENDING')
    expect(await notesOn(first)).toHaveLength(firstNotes)

    // Recording works again: the next sweep lapses it and tells its renter.
    expect(await lapseUnverifiedHolds(t.app.ctx)).toBe(1)
    expect((await bookingRow(first)).status).toBe('CANCELLED')
    expect((await notesOn(first)).length).toBeGreaterThan(firstNotes)
  })
})
