// A renter's own hold (docs/product.md §12, Own hold): a checkout waiting for its online payment holds its
// nights against every other renter, never against its own. The same checkout asked again by its renter (a
// reload, a second tab, the back button: a new operation id each time) gets the same booking and the
// provider's same session; another checkout of those nights by the same renter releases it (a late payment of
// it is refunded) and is booked; another renter is still refused. On both databases.
import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_UNPAID_HOLDS } from '../../src/domain/constants.ts'
import { bookings } from '../db/schema.ts'
import { releaseExpiredBookings } from '../services/payments/confirm.ts'
import type { StripeStandIn } from '../stand-ins/payments.ts'
import { clientOf, cookieHeader } from '../test/accounts.ts'
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

describe.each(databaseKinds())('a renter’s own hold on %s', (kind) => {
  let t: TestApp
  let stripe: StripeStandIn
  let otherCookie: string
  const { post, get } = clientOf(() => t.app)

  let world: PaymentsWorld | undefined
  beforeAll(async () => {
    world = await startPaymentsWorld(kind, '1000')
    ;({ t, stripe, otherCookie } = world)
  })
  afterAll(() => world?.close())

  /** The same checkout as `body` sent again from a page loaded afresh: a new operation id. */
  const reloaded = (body: { operationId: string }) => ({ ...body, operationId: randomUUID() })
  const checkSession = (sessionId: string, cookie: string) =>
    post(`/api/check-checkout-session/${sessionId}`, undefined, cookie)

  async function cardCheckout(payment: 'stripe' | 'payPal' = 'stripe') {
    const renter = await freshRenter(t)
    const property = await bookableProperty(
      t.database.db,
      { price: 90, rentalTerm: 'DAILY', cancellation: 25 },
      { payLater: false },
    )
    const body = checkoutBody(property, { payment })
    const first = await post('/api/checkout', body, renter.cookie)
    expect(first.statusCode, first.body).toBe(200)
    return { renter, property, body, answer: first.json() }
  }

  it('the same renter checking out the same stay again, after a reload or in a second tab, resumes its held booking and pays it', async () => {
    const { renter, body, answer } = await cardCheckout()
    const sessions = stripe.created

    const again = await post('/api/checkout', reloaded(body), renter.cookie)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(answer)
    // Two tabs at once, each a page of its own.
    const tabs = await Promise.all([
      post('/api/checkout', reloaded(body), renter.cookie),
      post('/api/checkout', reloaded(body), renter.cookie),
    ])
    for (const tab of tabs) expect(tab.json()).toEqual(answer)
    // Stripe's same session: none was opened for the returns.
    expect(stripe.created).toBe(sessions)
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.userId, renter.id))
    expect(rows.map((row) => row.status)).toEqual(['VOID'])

    stripe.pay(answer.payment.sessionId)
    const paid = await checkSession(answer.payment.sessionId, renter.cookie)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toEqual({ bookingId: answer.bookingId, status: 'PAID' })
  })

  it('a PayPal checkout asked again gets its held booking back', async () => {
    const { renter, body, answer } = await cardCheckout('payPal')
    const again = await post('/api/checkout', reloaded(body), renter.cookie)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(answer)
    expect(answer.payment.provider).toBe('payPal')
  })

  it('another renter is still refused the held nights, and cannot release them', async () => {
    const { property, body, answer } = await cardCheckout()
    const other = await post('/api/checkout', reloaded(body), otherCookie)
    expect(other.statusCode).toBe(409)
    expect(other.json().error).toBe('already_booked')
    // Other dates over the same nights, or other options: refused all the same.
    const overlapping = checkoutBody(property, {
      from: body.from,
      to: dayFromToday(1 + Math.round((Date.parse(body.to) - Date.now()) / 86_400_000)),
      payment: 'stripe',
      cancellation: true,
    })
    expect((await post('/api/checkout', overlapping, otherCookie)).statusCode).toBe(409)
    expect(await bookingById(t.database.db, answer.bookingId)).toMatchObject({
      status: 'VOID',
      lapsedAt: null,
      operationId: body.operationId,
    })
  })

  it('a different checkout of its own held nights releases the held one, whose late payment is refunded', async () => {
    const { renter, property, body, answer } = await cardCheckout()
    // The cancellation option added on the checkout page after coming back: another price, another booking.
    const changed = checkoutBody(property, {
      from: body.from,
      to: body.to,
      payment: 'stripe',
      cancellation: true,
    })
    const next = await post('/api/checkout', changed, renter.cookie)
    expect(next.statusCode, next.body).toBe(200)
    const nextAnswer = next.json()
    expect(nextAnswer.bookingId).not.toBe(answer.bookingId)
    expect(nextAnswer.payment.sessionId).not.toBe(answer.payment.sessionId)
    const released = await bookingById(t.database.db, answer.bookingId)
    expect(released).toMatchObject({ status: 'VOID', lapsedAt: expect.any(Date), operationId: null })
    expect(released.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now())
    // Its provider is asked once the window its session lives for has closed.
    expect(released.providerCheckAt!.getTime()).toBe(Date.parse(answer.expiresAt))
    // The released booking's nights are the new one's: other renters are refused them still.
    expect((await post('/api/checkout', reloaded(changed), otherCookie)).statusCode).toBe(409)

    // Paid all the same in the tab left open: refunded, never kept.
    const refunds = stripe.refunds.length
    stripe.pay(answer.payment.sessionId)
    const late = await checkSession(answer.payment.sessionId, renter.cookie)
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toBe('payment_lapsed')
    expect(stripe.refunds.length).toBe(refunds + 1)
    expect(await bookingById(t.database.db, answer.bookingId)).toMatchObject({
      status: 'CANCELLED',
      refundStatus: 'refunded',
    })
    // The new booking is paid as usual.
    stripe.pay(nextAnswer.payment.sessionId)
    expect((await checkSession(nextAnswer.payment.sessionId, renter.cookie)).json()).toEqual({
      bookingId: nextAnswer.bookingId,
      status: 'PAID',
    })
  })

  it('a released hold paid without coming back is found by the sweep once its window closes, and refunded', async () => {
    const { renter, body, answer } = await cardCheckout()
    const other = await post('/api/checkout', { ...reloaded(body), payment: 'payPal' }, renter.cookie)
    expect(other.statusCode, other.body).toBe(200)
    expect(other.json().bookingId).not.toBe(answer.bookingId)
    const refunds = stripe.refunds.length
    stripe.pay(answer.payment.sessionId)
    await releaseExpiredBookings(t.app.ctx, new Date(Date.parse(answer.expiresAt) + 60_000))
    expect(stripe.refunds.length).toBe(refunds + 1)
    expect(await bookingById(t.database.db, answer.bookingId)).toMatchObject({
      status: 'CANCELLED',
      refundStatus: 'refunded',
    })
  })

  it('a renter at the unpaid holds’ limit may turn its own card hold into a pay-later booking: the held one is not counted twice', async () => {
    const renter = await freshRenter(t)
    for (let i = 0; i < MAX_UNPAID_HOLDS - 1; i += 1) {
      const property = await bookableProperty(t.database.db, { price: 40, rentalTerm: 'DAILY' })
      expect((await post('/api/checkout', checkoutBody(property), renter.cookie)).statusCode).toBe(200)
    }
    const property = await bookableProperty(t.database.db, { price: 40, rentalTerm: 'DAILY' })
    const card = checkoutBody(property, { payment: 'stripe' })
    const held = await post('/api/checkout', card, renter.cookie)
    expect(held.statusCode, held.body).toBe(200)
    // Resumed: still one hold for this stay.
    expect((await post('/api/checkout', reloaded(card), renter.cookie)).json().bookingId).toBe(
      held.json().bookingId,
    )
    const later = await post('/api/checkout', { ...reloaded(card), payment: 'payLater' }, renter.cookie)
    expect(later.statusCode, later.body).toBe(200)
    expect(later.json().status).toBe('PENDING')
    // And the limit still stands for any other stay.
    const more = await bookableProperty(t.database.db, { price: 40, rentalTerm: 'DAILY' })
    const refused = await post('/api/checkout', checkoutBody(more), renter.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe('unpaid_holds_limit')
  })

  it('a guest’s browser, signed in by its checkout, resumes the guest’s held booking after a reload', async () => {
    const property = await bookableProperty(
      t.database.db,
      { price: 75, rentalTerm: 'DAILY' },
      { payLater: false },
    )
    const body = checkoutBody(property, { payment: 'stripe' })
    const first = await post('/api/checkout', { ...body, guest: guest(`own-hold-${kind}@example.test`) })
    expect(first.statusCode, first.body).toBe(200)
    const browser = cookieHeader(first)
    const again = await post('/api/checkout', reloaded(body), browser)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(first.json())
  })

  it('the renter’s own holds of a property are told to that renter alone; everyone’s calendar still shows them held', async () => {
    const { renter, property, body, answer } = await cardCheckout()
    const own = await get(`/api/own-holds/${property.id}`, renter.cookie)
    expect(own.statusCode, own.body).toBe(200)
    expect(own.headers['cache-control']).toBe('private, no-store')
    expect(own.json()).toEqual({
      holds: [
        {
          bookingId: answer.bookingId,
          from: body.from,
          to: body.to,
          payment: 'stripe',
          cancellation: false,
          amendments: false,
          price: answer.price,
          expiresAt: answer.expiresAt,
        },
      ],
    })
    expect((await get(`/api/own-holds/${property.id}`, otherCookie)).json()).toEqual({ holds: [] })
    expect((await get(`/api/own-holds/${property.id}`)).statusCode).toBe(401)
    const calendar = await get(`/api/property-availability/${property.id}`)
    expect(calendar.json().held).toContainEqual({ from: body.from, to: body.to })
    // Paid, it is a booking like any other: no longer a hold to resume.
    stripe.pay(answer.payment.sessionId)
    expect((await checkSession(answer.payment.sessionId, renter.cookie)).statusCode).toBe(200)
    expect((await get(`/api/own-holds/${property.id}`, renter.cookie)).json()).toEqual({ holds: [] })
  })
})
