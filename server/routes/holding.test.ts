// The holding rule (docs/product.md §12, Holding rule): a stay's nights are sold once, whatever arrives at
// once, on both databases. Checkouts of one property take their turn under a lock on its row; a payment that
// comes for nights another booking holds meanwhile does not make its booking PAID.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bookings } from '../db/schema.ts'
import type { StripeStandIn } from '../stand-ins/payments.ts'
import { clientOf } from '../test/accounts.ts'
import {
  bookableProperty,
  checkoutBody,
  dayFromToday,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../test/bookings.ts'
import { databaseKinds, type TestApp } from '../test/harness.ts'

const ATTEMPTS = 20

describe.each(databaseKinds())('nights sold once on %s', (kind) => {
  let t: TestApp
  let stripe: StripeStandIn
  let cookie: string
  let otherCookie: string
  const { post } = clientOf(() => t.app)

  let world: PaymentsWorld | undefined
  beforeAll(async () => {
    world = await startPaymentsWorld(kind, '1000')
    ;({ t, stripe, cookie, otherCookie } = world)
  })
  afterAll(() => world?.close())

  /** The statuses of the property's bookings that start on `from` (the demo data has bookings of its own). */
  const statusesOf = async (propertyId: number, from: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.propertyId, propertyId)))
      .filter((row) => row.from === from)
      .map((row) => row.status)

  it(`${ATTEMPTS} card checkouts of the same nights at once by two renters: one renter's is held and paid, the other's refused`, async () => {
    const property = await bookableProperty(
      t.database.db,
      { price: 90, rentalTerm: 'DAILY' },
      { payLater: false },
    )
    const stay = { from: dayFromToday(400), to: dayFromToday(404), payment: 'stripe' as const }
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        post('/api/checkout', checkoutBody(property, stay), i % 2 ? otherCookie : cookie),
      ),
    )
    const held = answers.filter((answer) => answer.statusCode === 200)
    const refused = answers.filter((answer) => answer.statusCode === 409)
    // The winner's other checkouts of the same stay resume its own hold (a reload, a second tab): the same
    // booking and payment session. Every checkout of the other renter is refused.
    const winnerIsOther = answers.indexOf(held[0]!) % 2 === 1
    const winnersAnswers = answers.filter((_, i) => (i % 2 === 1) === winnerIsOther)
    expect(held).toEqual(winnersAnswers)
    expect(held).toHaveLength(ATTEMPTS / 2)
    expect(new Set(held.map((answer) => answer.json().bookingId)).size).toBe(1)
    expect(new Set(held.map((answer) => answer.json().payment.sessionId)).size).toBe(1)
    expect(refused).toHaveLength(ATTEMPTS / 2)
    for (const answer of refused) expect(answer.json().error).toBe('already_booked')

    // Every session the stand-in opened is paid; only the held booking's exists, and it becomes PAID.
    for (const session of stripe.sessions.values()) stripe.pay(session.id)
    const winner = held[0]!.json()
    const who = winnerIsOther ? otherCookie : cookie
    const confirmed = await post(`/api/check-checkout-session/${winner.payment.sessionId}`, undefined, who)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(await statusesOf(property.id, stay.from)).toEqual(['PAID'])
    console.log(
      `holding rule on ${kind}: ${ATTEMPTS} concurrent card checkouts by two renters, ${held.length} answered with the one held booking, ${refused.length} refused`,
    )
  })

  it('a pay-later and a card checkout of the same nights at once: one wins', async () => {
    const property = await bookableProperty(t.database.db, { price: 70, rentalTerm: 'DAILY' })
    const stay = { from: dayFromToday(420), to: dayFromToday(423) }
    const answers = await Promise.all([
      post('/api/checkout', checkoutBody(property, { ...stay, payment: 'payLater' }), cookie),
      post('/api/checkout', checkoutBody(property, { ...stay, payment: 'payPal' }), otherCookie),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect(await statusesOf(property.id, stay.from)).toHaveLength(1)
  })

  it('a pay-later booking holds its nights: an overlapping one is refused, the next nights are free', async () => {
    const property = await bookableProperty(t.database.db, { price: 60, rentalTerm: 'DAILY' })
    const first = await post(
      '/api/checkout',
      checkoutBody(property, { from: dayFromToday(440), to: dayFromToday(445) }),
      cookie,
    )
    expect(first.statusCode, first.body).toBe(200)
    const overlapping = await post(
      '/api/checkout',
      checkoutBody(property, { from: dayFromToday(444), to: dayFromToday(447) }),
      otherCookie,
    )
    expect(overlapping.statusCode).toBe(409)
    expect(overlapping.json().error).toBe('already_booked')
    // The public calendar shows the held stay, its dates and nothing of the renter.
    const calendar = await t.app.inject({ method: 'GET', url: `/api/property-availability/${property.id}` })
    expect(calendar.statusCode).toBe(200)
    expect(calendar.json().held).toContainEqual({ from: dayFromToday(440), to: dayFromToday(445) })
    for (const stay of calendar.json().held) expect(Object.keys(stay).sort()).toEqual(['from', 'to'])
    // Check-out day is the next stay's check-in day.
    const after = await post(
      '/api/checkout',
      checkoutBody(property, { from: dayFromToday(445), to: dayFromToday(447) }),
      otherCookie,
    )
    expect(after.statusCode, after.body).toBe(200)
  })

  it('a checkout whose payment window closed holds nothing, and its late payment does not take the nights back', async () => {
    const property = await bookableProperty(
      t.database.db,
      { price: 80, rentalTerm: 'DAILY' },
      { payLater: false },
    )
    const stay = { from: dayFromToday(460), to: dayFromToday(463), payment: 'stripe' as const }
    const late = await post('/api/checkout', checkoutBody(property, stay), cookie)
    expect(late.statusCode, late.body).toBe(200)
    const lateAnswer = late.json()
    // Still within its window: the nights are held.
    expect((await post('/api/checkout', checkoutBody(property, stay), otherCookie)).statusCode).toBe(409)
    // The window closes unpaid (the sweep has not run yet): the nights are free again, and another renter books them.
    await t.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, Number(lateAnswer.bookingId)))
    const freed = await t.app.inject({ method: 'GET', url: `/api/property-availability/${property.id}` })
    expect(freed.json().held).not.toContainEqual({ from: stay.from, to: stay.to })
    const other = await post('/api/checkout', checkoutBody(property, stay), otherCookie)
    expect(other.statusCode, other.body).toBe(200)
    // The first renter pays late at Stripe: the nights are the other renter's, so it is not PAID.
    stripe.pay(lateAnswer.payment.sessionId)
    const confirmed = await post(
      `/api/check-checkout-session/${lateAnswer.payment.sessionId}`,
      undefined,
      cookie,
    )
    expect(confirmed.statusCode).toBe(409)
    expect(confirmed.json().error).toBe('already_booked')
    expect(await statusesOf(property.id, stay.from)).not.toContain('PAID')
  })

  it('answers 404 for the calendar of a property that is hidden or unknown', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/property-availability/99999999' })
    expect(unknown.statusCode).toBe(404)
    const bad = await t.app.inject({ method: 'GET', url: '/api/property-availability/abc' })
    expect(bad.statusCode).toBe(400)
  })
})
