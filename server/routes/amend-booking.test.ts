// Changing a booking's dates (docs/product.md §12, Amendments), on both databases: only its renter, only with
// the amendment option, within the bounds of a stay, under the holding rule (the booking's own nights do not
// count against it, another's do, whatever arrives at once), priced by the one formula, a paid booking only
// for the same price; once per operation id; the renter and the agency told in their languages.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { pricedBooking, pricingOf } from '../../src/domain/booking.ts'
import { bookings, notifications, users } from '../db/schema.ts'
import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { formatStayRange } from '../services/bookings/stay-dates.ts'
import { withPreposition } from '../services/french.ts'
import { clientOf, lastMailTo, readMailFolder, signInCookie } from '../test/accounts.ts'
import { bookableProperty, checkoutBody, dayFromToday, type PropertyRow } from '../test/bookings.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

describe.each(databaseKinds())('changing a booking’s dates on %s', (kind) => {
  let t: TestApp
  let cookie: string
  let otherCookie: string
  const { post, get } = clientOf(() => t.app)
  const mailCount = () => readMailFolder(t.config.dataDir).length

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 80 })
    cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    otherCookie = await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password)
  })
  afterAll(() => t?.close())

  /** A booking of the demo renter (or `userId`) on a daily property at 100 a night, priced by the formula. */
  async function make(
    overrides: Partial<typeof bookings.$inferInsert> = {},
    propertyValues: Parameters<typeof bookableProperty>[1] = { amendments: 20 },
  ) {
    const property = await bookableProperty(t.database.db, {
      price: 100,
      rentalTerm: 'DAILY',
      ...propertyValues,
    })
    const from = overrides.from ?? dayFromToday(30)
    const to = overrides.to ?? dayFromToday(33)
    const amendments = overrides.amendments ?? true
    const { columns } = pricedBooking(pricingOf(property), { from, to }, { cancellation: false, amendments })
    const [row] = await t.database.db
      .insert(bookings)
      .values({
        userId: t.seed.renterId,
        propertyId: property.id,
        agencyId: property.agencyId,
        status: 'PENDING',
        ...columns,
        ...overrides,
        from,
        to,
        amendments,
      })
      .returning()
    return { id: String(row!.id), property }
  }

  /** What the server prices the booking at over [from, to) (its options kept). */
  const priceOf = (property: PropertyRow, from: string, to: string, amendments = true) =>
    pricedBooking(pricingOf(property), { from, to }, { cancellation: false, amendments }).breakdown.total
  const amend = (id: string, from: string, to: string, price: number, who = cookie, operationId?: string) =>
    post(`/api/amend-booking/${id}`, { from, to, price, ...(operationId ? { operationId } : {}) }, who)
  const row = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, Number(id)))
    )[0]!

  it('moves a pay-later booking at once to the new dates and total, and tells the renter and the agency', async () => {
    const { id, property } = await make()
    const [agency] = await t.database.db
      .update(users)
      .set({ enableEmailNotifications: true, language: 'fr' })
      .where(eq(users.id, property.agencyId))
      .returning()
    const from = dayFromToday(40)
    const to = dayFromToday(45)
    // The price first, as the dialog shows it: five nights and the option, 200 more than the three nights.
    const quote = await post(`/api/amendment-price/${id}`, { from, to }, cookie)
    expect(quote.statusCode, quote.body).toBe(200)
    expect(quote.json()).toEqual({
      currency: 'USD',
      breakdown: { days: 5, rental: 500, cancellationFee: 0, amendmentsFee: 20, total: 520 },
      difference: 200,
    })
    const answer = await amend(id, from, to, 520)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ bookingId: id, from, to, price: 520, status: 'PENDING' })
    expect(await row(id)).toMatchObject({ from, to, price: 520, rentalPrice: 500, amendmentsFee: 20 })
    const detail = (await get(`/api/booking/${id}/en`, cookie)).json()
    expect(detail).toMatchObject({ from, to, price: 520, breakdown: { days: 5, total: 520 } })

    const before = { en: formatStayRange(dayFromToday(30), dayFromToday(33), 'en') }
    const renterMail = lastMailTo(t.config.dataDir, DEMO_RENTER.email)
    expect(renterMail.subject).toBe(
      `Your booking of ${property.name} is changed: ${formatStayRange(from, to, 'en')}`,
    )
    expect(renterMail.text).toContain('Its total is $520 (it was $320).')
    const agencyMail = lastMailTo(t.config.dataDir, agency!.email)
    expect(agencyMail.subject).toBe(
      `Réservation ${withPreposition('de', property.name)} modifiée\u00a0: ${formatStayRange(from, to, 'fr')}`,
    )
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.bookingId, Number(id)))
      .orderBy(notifications.id)
    expect(notes.map((note) => [note.userId, { en: note.messageEn, fr: note.messageFr }])).toEqual([
      [
        t.seed.renterId,
        {
          en: `Your booking of ${property.name} is changed: ${formatStayRange(from, to, 'en')} (instead of ${before.en}).`,
          fr: `Votre réservation ${withPreposition('de', property.name)} est modifiée\u00a0: ${formatStayRange(from, to, 'fr')} (au lieu de ${formatStayRange(dayFromToday(30), dayFromToday(33), 'fr')}).`,
        },
      ],
      [
        property.agencyId,
        {
          en: `“${DEMO_RENTER.fullName}” changed their booking of ${property.name}: ${formatStayRange(from, to, 'en')} (instead of ${before.en}).`,
          fr: `«\u00a0${DEMO_RENTER.fullName}\u00a0» a modifié sa réservation ${withPreposition('de', property.name)}\u00a0: ${formatStayRange(from, to, 'fr')} (au lieu de ${formatStayRange(dayFromToday(30), dayFromToday(33), 'fr')}).`,
        },
      ],
    ])
  })

  it('is its renter’s only: 401 for a visitor, 403 for another renter, 404 unknown, and nothing changes', async () => {
    const { id, property } = await make()
    const from = dayFromToday(50)
    const to = dayFromToday(52)
    const price = priceOf(property, from, to)
    expect((await amend(id, from, to, price, otherCookie)).statusCode).toBe(403)
    expect((await post(`/api/amendment-price/${id}`, { from, to }, otherCookie)).statusCode).toBe(403)
    expect((await post(`/api/amend-booking/${id}`, { from, to, price })).statusCode).toBe(401)
    expect((await amend('999999999', from, to, price)).statusCode).toBe(404)
    expect(await row(id)).toMatchObject({ from: dayFromToday(30), to: dayFromToday(33) })
  })

  it('needs the amendment option, taken or included by the property now', async () => {
    const without = await make({ amendments: false })
    const from = dayFromToday(60)
    const to = dayFromToday(62)
    const refused = await amend(without.id, from, to, priceOf(without.property, from, to, false))
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: 'amendments_not_taken',
      message: 'This booking was made without the amendment option.',
    })
    const quote = await post(`/api/amendment-price/${without.id}`, { from, to }, cookie)
    expect(quote.json().error).toBe('amendments_not_taken')
    const included = await make({ amendments: false }, { amendments: 0 })
    const answer = await amend(included.id, from, to, priceOf(included.property, from, to, false))
    expect(answer.statusCode, answer.body).toBe(200)
  })

  it('counts another booking’s held nights, not its own: overlapping the own stay and ending on the next check-in are fine', async () => {
    const { id, property } = await make()
    // Another renter holds the nights right after: its check-in day may be this stay's check-out day.
    const other = await post(
      '/api/checkout',
      checkoutBody(property, { from: dayFromToday(36), to: dayFromToday(40) }),
      otherCookie,
    )
    expect(other.statusCode, other.body).toBe(200)
    const over = await amend(
      id,
      dayFromToday(34),
      dayFromToday(37),
      priceOf(property, dayFromToday(34), dayFromToday(37)),
    )
    expect(over.statusCode).toBe(409)
    expect(over.json()).toEqual({
      error: 'already_booked',
      message: 'This property is already booked for these dates.',
    })
    expect(await row(id)).toMatchObject({ from: dayFromToday(30), to: dayFromToday(33) })
    const own = await amend(
      id,
      dayFromToday(31),
      dayFromToday(36),
      priceOf(property, dayFromToday(31), dayFromToday(36)),
    )
    expect(own.statusCode, own.body).toBe(200)
    expect(await row(id)).toMatchObject({ from: dayFromToday(31), to: dayFromToday(36) })
  })

  it('refuses a stay out of bounds, a price not the server’s, and a booking started or cancelled, with codes and never a 500', async () => {
    const { id, property } = await make()
    const refusal = async (from: string, to: string, price = priceOf(property, from, to)) => {
      const answer = await amend(id, from, to, price)
      return { status: answer.statusCode, body: answer.json() }
    }
    expect(await refusal(dayFromToday(-1), dayFromToday(2), 300)).toMatchObject({
      status: 400,
      body: { fields: { from: 'start_in_past' }, message: 'The stay cannot start in the past.' },
    })
    expect(await refusal(dayFromToday(731), dayFromToday(733), 220)).toMatchObject({
      status: 400,
      body: { fields: { from: 'start_too_far' } },
    })
    expect(await refusal(dayFromToday(10), dayFromToday(376), 1)).toMatchObject({
      status: 400,
      body: { fields: { to: 'stay_too_long' } },
    })
    expect(await refusal(dayFromToday(12), dayFromToday(10), 1)).toMatchObject({
      status: 400,
      body: { fields: { to: 'dates_invalid' } },
    })
    expect(await refusal(dayFromToday(10), dayFromToday(12), 1)).toMatchObject({
      status: 400,
      body: { fields: { price: 'price_changed' } },
    })
    for (const [from, to] of [
      ['9999-12-30', '9999-12-31'],
      ['2027-02-30', '2027-03-02'],
    ] as const) {
      expect((await amend(id, from, to, 1)).statusCode, `${from} → ${to}`).toBe(400)
    }
    expect(await row(id)).toMatchObject({ from: dayFromToday(30), to: dayFromToday(33) })

    const started = await make({ from: dayFromToday(0), to: dayFromToday(3) })
    const late = await amend(started.id, dayFromToday(5), dayFromToday(7), 220)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toEqual({
      error: 'amendment_too_late',
      message: 'This booking has started or is cancelled: its dates can no longer be changed here.',
    })
    const cancelled = await make({ status: 'CANCELLED' })
    expect((await amend(cancelled.id, dayFromToday(5), dayFromToday(7), 220)).json().error).toBe(
      'amendment_too_late',
    )
  })

  it('changes a paid booking only for a stay of the same price', async () => {
    const { id, property } = await make({ status: 'PAID', paymentProvider: 'stripe', paidAt: new Date() })
    const dearer = await amend(
      id,
      dayFromToday(70),
      dayFromToday(74),
      priceOf(property, dayFromToday(70), dayFromToday(74)),
    )
    expect(dearer.statusCode).toBe(409)
    expect(dearer.json()).toEqual({
      error: 'amendment_price_differs',
      message:
        'This booking is paid: its dates can change only for a stay of the same price. Contact the agency for any other change.',
    })
    const same = await amend(id, dayFromToday(70), dayFromToday(73), 320)
    expect(same.statusCode, same.body).toBe(200)
    expect(await row(id)).toMatchObject({
      from: dayFromToday(70),
      to: dayFromToday(73),
      price: 320,
      status: 'PAID',
    })
  })

  it('answers the same operation id as the first time, and changes nothing, even after a later change', async () => {
    const { id, property } = await make()
    const first = await amend(id, dayFromToday(80), dayFromToday(82), 220, cookie, 'op-amend-12345678')
    expect(first.statusCode, first.body).toBe(200)
    const mails = mailCount()
    const again = await amend(id, dayFromToday(80), dayFromToday(82), 220, cookie, 'op-amend-12345678')
    expect(again.json()).toEqual(first.json())
    expect(mailCount()).toBe(mails)
    const later = await amend(
      id,
      dayFromToday(90),
      dayFromToday(94),
      priceOf(property, dayFromToday(90), dayFromToday(94)),
      cookie,
      'op-amend-87654321',
    )
    expect(later.statusCode, later.body).toBe(200)
    const late = await amend(id, dayFromToday(80), dayFromToday(82), 220, cookie, 'op-amend-12345678')
    expect(late.json()).toEqual(first.json())
    expect(await row(id)).toMatchObject({ from: dayFromToday(90), to: dayFromToday(94) })
    // The same dates again, without an id: answered as they are, and nobody told.
    const mailsNow = mailCount()
    const unchanged = await amend(id, dayFromToday(90), dayFromToday(94), 420)
    expect(unchanged.json()).toMatchObject({ from: dayFromToday(90), to: dayFromToday(94), price: 420 })
    expect(mailCount()).toBe(mailsNow)
  })

  it('two amendments racing for the same nights: one wins, the other is refused', async () => {
    const mine = await make()
    const [theirs] = await t.database.db
      .insert(bookings)
      .values({
        userId: t.seed.otherRenterId,
        propertyId: mine.property.id,
        agencyId: mine.property.agencyId,
        from: dayFromToday(100),
        to: dayFromToday(102),
        status: 'PENDING',
        amendments: true,
        price: 220,
      })
      .returning()
    const from = dayFromToday(120)
    const to = dayFromToday(124)
    const price = priceOf(mine.property, from, to)
    const answers = await Promise.all([
      amend(mine.id, from, to, price, cookie),
      amend(String(theirs!.id), from, to, price, otherCookie),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const moved = (
      await t.database.db.select().from(bookings).where(eq(bookings.propertyId, mine.property.id))
    ).filter((booking) => booking.from === from)
    expect(moved).toHaveLength(1)
  })

  it('an amendment and a checkout racing for the same nights: one wins', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { id, property } = await make()
      const from = dayFromToday(140 + round * 10)
      const to = dayFromToday(143 + round * 10)
      const answers = await Promise.all([
        post('/api/checkout', checkoutBody(property, { from, to }), otherCookie),
        amend(id, from, to, priceOf(property, from, to)),
      ])
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 409])
      const holding = (
        await t.database.db.select().from(bookings).where(eq(bookings.propertyId, property.id))
      ).filter((booking) => booking.from === from)
      expect(holding).toHaveLength(1)
    }
  })
})
