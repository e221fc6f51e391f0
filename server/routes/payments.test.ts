import { randomUUID } from 'node:crypto'

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PAYMENT_WINDOW_MS } from '../../src/domain/booking.ts'
import { bookings, notifications, users } from '../db/schema.ts'
import { formatStayRange } from '../services/bookings/stay-dates.ts'
import { payPalFor } from '../services/payments/clients.ts'
import { releaseExpiredBookings } from '../services/payments/confirm.ts'
import { listFailedRefunds } from '../services/payments/refunds.ts'
import { signStripePayload } from '../services/payments/stripe-signature.ts'
import {
  type PayPalStandIn,
  STRIPE_STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
} from '../stand-ins/payments.ts'
import { clientOf, emlText, readMailFolder } from '../test/accounts.ts'
import {
  answerUnpaidHolds,
  bookableProperty,
  checkoutBody,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../test/bookings.ts'
import { databaseKinds, type TestApp } from '../test/harness.ts'

describe.each(databaseKinds())('online payments against the providers’ stand-ins on %s', (kind) => {
  let t: TestApp
  let stripe: StripeStandIn
  let payPal: PayPalStandIn
  let cookie: string
  let otherCookie: string

  const { post, get } = clientOf(() => t.app)
  const checkSession = (sessionId: string, who: string | undefined) =>
    post(`/api/check-checkout-session/${sessionId}`, undefined, who)
  const checkOrder = (bookingId: string, orderId: string, who: string) =>
    post(`/api/check-paypal-order/${bookingId}/${orderId}`, undefined, who)
  const booking = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, Number(id)))
    )[0]
  const mailsAbout = (name: string) =>
    readMailFolder(t.config.dataDir).filter((mail) => mail.subject.includes(name)).length
  /** Haven stopped waiting for its payment: the booking is kept, marked, so that a late payment is found. */
  const expectLapsed = async (id: string) =>
    expect(await booking(id)).toMatchObject({ status: 'VOID', lapsedAt: expect.any(Date) })

  let world: PaymentsWorld | undefined
  beforeAll(async () => {
    world = await startPaymentsWorld(kind, '100')
    ;({ t, stripe, payPal, cookie, otherCookie } = world)
  })
  afterAll(() => world?.close())

  /** A checkout with `payment`: its answer and the property. */
  async function startCheckout(payment: 'stripe' | 'payPal') {
    const property = await bookableProperty(
      t.database.db,
      { price: 120, rentalTerm: 'DAILY' },
      { payLater: false },
    )
    const body = checkoutBody(property, { payment })
    const response = await post('/api/checkout', body, cookie)
    expect(response.statusCode, response.body).toBe(200)
    return { answer: response.json(), property, body }
  }

  /** A PayPal order for a checkout, made through Haven. */
  async function order(payment: Awaited<ReturnType<typeof startCheckout>>) {
    const response = await post(
      '/api/create-paypal-order/',
      {
        bookingId: payment.answer.bookingId,
        amount: payment.answer.price,
        currency: 'USD',
        name: payment.property.name,
        description: 'A week',
      },
      cookie,
    )
    expect(response.statusCode, response.body).toBe(200)
    return response.json().orderId as string
  }

  describe('Stripe embedded checkout', () => {
    it('holds a temporary booking, then makes it PAID once Stripe says so; a replayed return changes nothing', async () => {
      const started = Date.now()
      const { answer, property, body } = await startCheckout('stripe')
      expect(answer).toMatchObject({
        status: 'VOID',
        price: 840,
        payment: {
          provider: 'stripe',
          sessionId: expect.stringMatching(/^cs_test_/),
          publishableKey: 'pk_test_standin',
          scriptUrl: `${stripe.url}/basil/stripe.js`,
        },
      })
      const session = stripe.sessions.get(answer.payment.sessionId)!
      expect(answer.payment.clientSecret).toBe(session.client_secret)
      expect(session).toMatchObject({
        ui_mode: 'embedded',
        amount_total: 84_000,
        currency: 'usd',
        metadata: { bookingId: answer.bookingId },
        return_url: `${t.config.publicUrl}/checkout-session/${session.id}`,
      })
      const expiresAt = Date.parse(answer.expiresAt)
      expect(expiresAt).toBeGreaterThanOrEqual(started + PAYMENT_WINDOW_MS - 1000)
      expect(session.expires_at).toBe(Math.floor(expiresAt / 1000))
      // Not a booking of the renter's until paid.
      const list = await post('/api/bookings', { size: 100 }, cookie)
      expect(list.json().items.map((b: { _id: string }) => b._id)).not.toContain(answer.bookingId)
      // The same checkout sent again gets the same booking and session.
      const again = await post('/api/checkout', body, cookie)
      expect(again.json()).toEqual(answer)
      expect(stripe.sessions.size).toBeGreaterThan(0)

      // Returning before paying proves nothing.
      const early = await checkSession(session.id, cookie)
      expect(early.statusCode).toBe(400)
      expect(early.json()).toEqual({ error: 'payment_failed', message: 'Payment failed.' })
      expect((await booking(answer.bookingId))!.status).toBe('VOID')

      stripe.pay(session.id)
      const paid = await checkSession(session.id, cookie)
      expect(paid.statusCode, paid.body).toBe(200)
      expect(paid.json()).toEqual({ bookingId: answer.bookingId, status: 'PAID' })
      expect(await booking(answer.bookingId)).toMatchObject({ status: 'PAID', expiresAt: null })
      // The receipt's facts: paid by card, at the moment Stripe's answer was verified.
      const detail = (await get(`/api/booking/${answer.bookingId}/en`, cookie)).json()
      expect(detail.paymentProvider).toBe('stripe')
      expect(Date.parse(detail.paidAt)).toBeGreaterThanOrEqual(started)
      expect(Date.parse(detail.paidAt)).toBeLessThanOrEqual(Date.now())
      const mails = mailsAbout(property.name)
      expect(mails).toBe(2)
      const replay = await checkSession(session.id, cookie)
      expect(replay.json()).toEqual({ bookingId: answer.bookingId, status: 'PAID' })
      expect(mailsAbout(property.name)).toBe(mails)
      // Another renter cannot use the session, and one Haven never opened pays nothing.
      expect((await checkSession(session.id, otherCookie)).statusCode).toBe(403)
      expect((await checkSession(session.id, undefined)).statusCode).toBe(401)
      expect((await checkSession('cs_test_forged', cookie)).statusCode).toBe(404)
    })

    it('keeps the booking unpaid on a declined card, and releases it when the session expired', async () => {
      const declined = await startCheckout('stripe')
      stripe.decline(declined.answer.payment.sessionId)
      const refused = await checkSession(declined.answer.payment.sessionId, cookie)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe('Payment failed.')
      expect((await booking(declined.answer.bookingId))!.status).toBe('VOID')

      const expired = await startCheckout('stripe')
      stripe.expire(expired.answer.payment.sessionId)
      const late = await checkSession(expired.answer.payment.sessionId, cookie)
      expect(late.statusCode).toBe(400)
      await expectLapsed(expired.answer.bookingId)
      expect(mailsAbout(expired.property.name)).toBe(0)
    })

    it('refuses a session whose amount is not the booking’s, and says Payment failed when Stripe cannot be asked', async () => {
      const tampered = await startCheckout('stripe')
      const session = stripe.sessions.get(tampered.answer.payment.sessionId)!
      stripe.pay(session.id)
      session.amount_total = 100
      const refused = await checkSession(session.id, cookie)
      expect(refused.statusCode).toBe(400)
      expect((await booking(tampered.answer.bookingId))!.status).toBe('VOID')

      const down = await startCheckout('stripe')
      stripe.fail(true)
      try {
        const response = await checkSession(down.answer.payment.sessionId, cookie)
        expect(response.statusCode).toBe(502)
        expect(response.json()).toEqual({ error: 'payment_failed', message: 'Payment failed.' })
        const property = await bookableProperty(t.database.db, {}, { payLater: false })
        const checkout = await post('/api/checkout', checkoutBody(property, { payment: 'stripe' }), cookie)
        expect(checkout.statusCode).toBe(502)
        // No session, so no temporary booking left behind.
        const left = await t.database.db.select().from(bookings).where(eq(bookings.propertyId, property.id))
        expect(left.filter((b) => b.status === 'VOID')).toEqual([])
      } finally {
        stripe.fail(false)
      }
    })
  })

  describe('PayPal', () => {
    it('creates an order for the booking’s price, captures it once approved; a replay captures nothing again', async () => {
      const checkout = await startCheckout('payPal')
      expect(checkout.answer).toMatchObject({
        status: 'VOID',
        payment: { provider: 'payPal', clientId: 'paypal-standin-client', scriptUrl: `${payPal.url}/sdk/js` },
      })
      const tampered = await post(
        '/api/create-paypal-order/',
        { bookingId: checkout.answer.bookingId, amount: 1, currency: 'USD', name: 'Cheap' },
        cookie,
      )
      expect(tampered.statusCode).toBe(400)
      expect(tampered.json().fields).toHaveProperty('amount')
      // A token PayPal ended early is renewed on the way.
      payPal.revokeTokens()
      const orderId = await order(checkout)
      expect(payPal.orders.get(orderId)!.purchase_units[0]).toMatchObject({
        custom_id: checkout.answer.bookingId,
        amount: { currency_code: 'USD', value: '840.00' },
      })
      const notApproved = await checkOrder(checkout.answer.bookingId, orderId, cookie)
      expect(notApproved.statusCode).toBe(400)
      expect(notApproved.json().message).toBe('Payment failed.')

      payPal.approve(orderId)
      const captures = payPal.captures
      const paid = await checkOrder(checkout.answer.bookingId, orderId, cookie)
      expect(paid.statusCode, paid.body).toBe(200)
      expect(paid.json()).toEqual({ bookingId: checkout.answer.bookingId, status: 'PAID' })
      expect(await booking(checkout.answer.bookingId)).toMatchObject({
        status: 'PAID',
        paymentProvider: 'payPal',
        paymentReference: orderId,
        expiresAt: null,
      })
      expect(mailsAbout(checkout.property.name)).toBe(2)
      const replay = await checkOrder(checkout.answer.bookingId, orderId, cookie)
      expect(replay.json()).toEqual({ bookingId: checkout.answer.bookingId, status: 'PAID' })
      expect(payPal.captures).toBe(captures + 1)
      expect(mailsAbout(checkout.property.name)).toBe(2)
    })

    it('refuses a declined capture, and an order made for another booking', async () => {
      const checkout = await startCheckout('payPal')
      const orderId = await order(checkout)
      payPal.approve(orderId)
      payPal.decline(orderId)
      const declined = await checkOrder(checkout.answer.bookingId, orderId, cookie)
      expect(declined.statusCode).toBe(400)
      expect(declined.json().message).toBe('Payment failed.')
      expect((await booking(checkout.answer.bookingId))!.status).toBe('VOID')

      // An approved order of one booking brought back on another.
      const mine = await startCheckout('payPal')
      const other = await startCheckout('payPal')
      const otherOrder = await order(other)
      payPal.approve(otherOrder)
      const forged = await checkOrder(mine.answer.bookingId, otherOrder, cookie)
      expect(forged.statusCode).toBe(400)
      expect((await booking(mine.answer.bookingId))!.status).toBe('VOID')
      expect((await booking(other.answer.bookingId))!.status).toBe('VOID')
      // Another renter cannot check or order for this booking.
      expect((await checkOrder(other.answer.bookingId, otherOrder, otherCookie)).statusCode).toBe(403)
    })

    it('8 checks of one approved order at once: one capture, every answer PAID', async () => {
      const checkout = await startCheckout('payPal')
      const orderId = await order(checkout)
      payPal.approve(orderId)
      const captures = payPal.captures
      // Each reads the order as approved before any capture is answered: all but the first capture an order
      // already captured, which PayPal refuses (422 ORDER_ALREADY_CAPTURED).
      payPal.captureTogether(8)
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => checkOrder(checkout.answer.bookingId, orderId, cookie)),
      )
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200)
        expect(answer.json()).toEqual({ bookingId: checkout.answer.bookingId, status: 'PAID' })
      }
      expect(payPal.captures - captures).toBe(8)
      expect(payPal.orders.get(orderId)!.purchase_units[0]!.payments!.captures).toHaveLength(1)
      expect(mailsAbout(checkout.property.name)).toBe(2)
    })

    it('refuses a payment once the booking expired, and lets it lapse', async () => {
      const checkout = await startCheckout('payPal')
      const orderId = await order(checkout)
      payPal.approve(orderId)
      await t.database.db
        .update(bookings)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(bookings.id, Number(checkout.answer.bookingId)))
      const captures = payPal.captures
      const late = await checkOrder(checkout.answer.bookingId, orderId, cookie)
      expect(late.statusCode).toBe(400)
      expect(payPal.captures).toBe(captures)
      await expectLapsed(checkout.answer.bookingId)
    })
  })

  /** Sends `event` to the webhook as Stripe would, signed (or as told). */
  const deliver = (event: object, signature?: (payload: string) => string) => {
    const payload = JSON.stringify(event)
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe-webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': (
          signature ?? ((body) => signStripePayload(body, STRIPE_STAND_IN_WEBHOOK_SECRET))
        )(payload),
      },
      payload,
    })
  }
  const eventFor = (type: string, sessionId: string) => ({
    id: `evt_${sessionId}`,
    type,
    data: { object: { ...stripe.sessions.get(sessionId)!, client_secret: null } },
  })
  /** The stand-in's signed webhooks go to the app, listening on a free port. */
  async function webhooksToApp() {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address() as { port: number }
    stripe.sendWebhooksTo(`http://127.0.0.1:${address.port}/api/stripe-webhook`)
  }

  describe('Stripe webhook', () => {
    it('paid at Stripe, the renter never comes back: the stand-in’s signed webhook makes the booking PAID', async () => {
      await webhooksToApp()
      try {
        const { answer, property } = await startCheckout('stripe')
        const mails = mailsAbout(property.name)
        stripe.pay(answer.payment.sessionId)
        await stripe.deliveries()
        expect((await booking(answer.bookingId))?.status).toBe('PAID')
        expect(mailsAbout(property.name)).toBeGreaterThan(mails)
        // The same event again (Stripe retries): nothing changes, nothing is sent twice.
        const sent = mailsAbout(property.name)
        const again = await deliver(eventFor('checkout.session.completed', answer.payment.sessionId))
        expect(again.statusCode).toBe(200)
        expect((await booking(answer.bookingId))?.status).toBe('PAID')
        expect(mailsAbout(property.name)).toBe(sent)
      } finally {
        stripe.sendWebhooksTo(null)
      }
    })

    it('refuses a forged, re-signed or stale event, and changes nothing', async () => {
      const { answer } = await startCheckout('stripe')
      const sessionId = answer.payment.sessionId
      // What a forger would claim: the session paid.
      const forged = { ...eventFor('checkout.session.completed', sessionId) }
      forged.data.object = { ...forged.data.object, status: 'complete', payment_status: 'paid' }
      for (const signature of [
        () => 't=1,v1=00',
        (body: string) => signStripePayload(body, 'whsec_someone_else'),
        (body: string) =>
          signStripePayload(body, STRIPE_STAND_IN_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
      ]) {
        const response = await deliver(forged, signature)
        expect(response.statusCode).toBe(400)
      }
      const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe-webhook', payload: forged })
      expect(unsigned.statusCode).toBe(400)
      expect((await booking(answer.bookingId))?.status).toBe('VOID')
      // Signed, but the session is not paid at Stripe: the event's own copy says so, and nothing changes.
      const honest = await deliver(eventFor('checkout.session.completed', sessionId))
      expect(honest.statusCode).toBe(200)
      expect((await booking(answer.bookingId))?.status).toBe('VOID')
    })

    it('an expired session lets its booking lapse', async () => {
      const { answer } = await startCheckout('stripe')
      stripe.expire(answer.payment.sessionId)
      const response = await deliver(eventFor('checkout.session.expired', answer.payment.sessionId))
      expect(response.statusCode).toBe(200)
      await expectLapsed(answer.bookingId)
    })
  })

  it('a renter who paid at Stripe and never came back has a PAID booking: the sweep asks Stripe first', async () => {
    const paid = await startCheckout('stripe')
    const unpaid = await startCheckout('stripe')
    stripe.pay(paid.answer.payment.sessionId)
    const later = new Date(Date.now() + PAYMENT_WINDOW_MS + 60_000)
    await releaseExpiredBookings(t.app.ctx, later)
    expect((await booking(paid.answer.bookingId))?.status).toBe('PAID')
    expect(mailsAbout(paid.property.name)).toBeGreaterThanOrEqual(1)
    await expectLapsed(unpaid.answer.bookingId)
    // Stripe said it was not paid: nothing more to ask it.
    expect((await booking(unpaid.answer.bookingId))?.providerCheckAt).toBeNull()
  })

  it('a provider that cannot answer keeps the temporary booking for the next sweep, for a day', async () => {
    const waiting = await startCheckout('stripe')
    stripe.fail(true)
    try {
      await releaseExpiredBookings(t.app.ctx, new Date(Date.now() + PAYMENT_WINDOW_MS + 60_000))
      expect((await booking(waiting.answer.bookingId))?.status).toBe('VOID')
      await releaseExpiredBookings(t.app.ctx, new Date(Date.now() + PAYMENT_WINDOW_MS + 25 * 3600_000))
      await expectLapsed(waiting.answer.bookingId)
      // Stripe never said whether it was paid: it is asked again later.
      expect((await booking(waiting.answer.bookingId))?.providerCheckAt).toEqual(expect.any(Date))
    } finally {
      stripe.fail(false)
    }
  })

  it('lets temporary bookings whose window closed lapse, and no other booking', async () => {
    const open = await startCheckout('payPal')
    const closing = await startCheckout('stripe')
    const later = new Date(Date.now() + PAYMENT_WINDOW_MS + 60_000)
    const before = await t.database.db.select().from(bookings).where(eq(bookings.userId, t.seed.renterId))
    const kept = before.filter((b) => b.expiresAt === null).length
    expect(await releaseExpiredBookings(t.app.ctx)).toBe(0)
    expect(await booking(open.answer.bookingId)).toBeDefined()
    expect(await releaseExpiredBookings(t.app.ctx, later)).toBeGreaterThanOrEqual(2)
    await expectLapsed(open.answer.bookingId)
    await expectLapsed(closing.answer.bookingId)
    // Lapsed bookings are not the renter's: neither listed nor shown.
    const list = await post('/api/bookings', { size: 100 }, cookie)
    expect(list.json().items.map((b: { _id: string }) => b._id)).not.toContain(open.answer.bookingId)
    expect((await get(`/api/booking/${open.answer.bookingId}/en`, cookie)).statusCode).toBe(404)
    const after = await t.database.db.select().from(bookings).where(eq(bookings.userId, t.seed.renterId))
    expect(after.filter((b) => b.lapsedAt === null).length).toBe(kept)
    // Released once: a later sweep lets nothing lapse again.
    expect(await releaseExpiredBookings(t.app.ctx, later)).toBe(0)
    const [renter] = await t.database.db.select().from(users).where(eq(users.id, t.seed.renterId))
    expect(renter).toBeDefined()
  })

  /** Stripe refunded the booking's payment once, in full, and the booking, CANCELLED, says so. */
  async function expectStripeRefundedOnce(
    answer: { bookingId: string; payment: { sessionId: string } },
    before: number,
  ) {
    const made = stripe.refunds.slice(before)
    expect(made).toEqual([
      expect.objectContaining({
        payment_intent: stripe.sessions.get(answer.payment.sessionId)!.payment_intent,
        amount: 84_000,
        status: 'succeeded',
        metadata: { bookingId: answer.bookingId },
      }),
    ])
    expect(await booking(answer.bookingId)).toMatchObject({
      status: 'CANCELLED',
      expiresAt: null,
      refundStatus: 'refunded',
      refundReference: made[0]!.id,
    })
  }

  /**
   * The checkout's payment window closes, then the other renter books the same nights (to pay later, which
   * the agency now allows): the renter's payment can no longer make it PAID.
   */
  async function sellMeanwhile(checkout: Awaited<ReturnType<typeof startCheckout>>) {
    await t.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, Number(checkout.answer.bookingId)))
    await t.database.db.update(users).set({ payLater: true }).where(eq(users.id, checkout.property.agencyId))
    await answerUnpaidHolds(t.database.db, t.seed.otherRenterId)
    const taken = await post(
      '/api/checkout',
      { ...checkout.body, operationId: randomUUID(), payment: 'payLater' },
      otherCookie,
    )
    expect(taken.statusCode, taken.body).toBe(200)
  }

  describe('a payment for nights sold meanwhile', () => {
    const refundMails = (name: string) =>
      readMailFolder(t.config.dataDir).filter(
        (mail) => mail.subject.includes(name) && /refunded|remboursé/.test(mail.subject),
      )
    const notesOn = (bookingId: string) =>
      t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.bookingId, Number(bookingId)))

    it('Stripe: refunded once though the webhook and the sweep both see it; the renter is e-mailed and notified', async () => {
      await webhooksToApp()
      try {
        const checkout = await startCheckout('stripe')
        await sellMeanwhile(checkout)
        const { answer, property, body } = checkout
        const stay = formatStayRange(body.from, body.to, 'en')
        const sessionId = answer.payment.sessionId as string
        const before = stripe.refunds.length
        stripe.pay(sessionId)
        await Promise.all([stripe.deliveries(), releaseExpiredBookings(t.app.ctx)])
        // Stripe retries the event, the sweep runs again, the renter comes back: nothing more.
        await deliver(eventFor('checkout.session.completed', sessionId))
        await releaseExpiredBookings(t.app.ctx)
        const back = await checkSession(sessionId, cookie)
        expect(back.json()).toEqual({ bookingId: answer.bookingId, status: 'CANCELLED' })

        await expectStripeRefundedOnce(answer, before)
        const mails = refundMails(property.name)
        expect(mails.map((mail) => mail.subject)).toEqual([
          `Your payment for ${property.name}, ${stay}, was refunded`,
        ])
        expect(mails[0]!.to).toEqual(['renter@haven.test'])
        const notes = await notesOn(answer.bookingId)
        expect(notes.filter((note) => note.userId === t.seed.renterId).map((note) => note.messageEn)).toEqual(
          [
            `Your payment for ${property.name}, ${stay}, was refunded: these nights were booked before it reached us.`,
          ],
        )
      } finally {
        stripe.sendWebhooksTo(null)
      }
    })

    it('PayPal: a capture whose answer was lost is refunded once; the renter is told in their language', async () => {
      await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, t.seed.renterId))
      try {
        const checkout = await startCheckout('payPal')
        const orderId = await order(checkout)
        payPal.approve(orderId)
        // Captured at PayPal, but Haven never heard back.
        await payPalFor(t.app.ctx).captureOrder(orderId)
        await sellMeanwhile(checkout)
        const { answer, property, body } = checkout
        const stay = formatStayRange(body.from, body.to, 'fr')
        const before = payPal.refunds.length

        // The renter's return finds the nights sold: refused, refunded; the sweep and a replay add nothing.
        const late = await checkOrder(answer.bookingId, orderId, cookie)
        expect(late.statusCode).toBe(409)
        expect(late.json().error).toBe('already_booked')
        await releaseExpiredBookings(t.app.ctx)
        const again = await checkOrder(answer.bookingId, orderId, cookie)
        expect(again.json()).toEqual({ bookingId: answer.bookingId, status: 'CANCELLED' })

        const captureId = payPal.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.id
        const made = payPal.refunds.slice(before)
        expect(made).toEqual([{ id: expect.any(String), status: 'COMPLETED', captureId }])
        expect(await booking(answer.bookingId)).toMatchObject({
          status: 'CANCELLED',
          refundStatus: 'refunded',
          refundReference: made[0]!.id,
        })
        expect(refundMails(property.name).map((mail) => mail.subject)).toEqual([
          `Votre paiement pour ${property.name}, ${stay}, a été remboursé`,
        ])
        const notes = await notesOn(answer.bookingId)
        expect(notes.filter((note) => note.userId === t.seed.renterId).map((note) => note.messageFr)).toEqual(
          [
            `Votre paiement pour ${property.name}, ${stay}, a été remboursé\u00a0: ces nuits ont été réservées avant qu’il nous parvienne.`,
          ],
        )
      } finally {
        await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, t.seed.renterId))
      }
    })

    it('a provider that cannot refund keeps the refund pending; a later sweep refunds it, once', async () => {
      await webhooksToApp()
      try {
        const checkout = await startCheckout('stripe')
        await sellMeanwhile(checkout)
        const { answer, property } = checkout
        const before = stripe.refunds.length
        stripe.pay(answer.payment.sessionId)
        stripe.fail(true)
        try {
          await stripe.deliveries()
          expect(await booking(answer.bookingId)).toMatchObject({
            status: 'CANCELLED',
            refundStatus: 'pending',
          })
          await releaseExpiredBookings(t.app.ctx)
          expect((await booking(answer.bookingId))?.refundStatus).toBe('pending')
          expect(refundMails(property.name)).toEqual([])
        } finally {
          stripe.fail(false)
        }
        // Asked again once its delay has passed, then never again.
        const due = new Date(Date.now() + 10 * 60_000)
        await releaseExpiredBookings(t.app.ctx, due)
        await releaseExpiredBookings(t.app.ctx, due)
        expect(stripe.refunds.length).toBe(before + 1)
        expect(await booking(answer.bookingId)).toMatchObject({
          status: 'CANCELLED',
          refundStatus: 'refunded',
          refundReference: stripe.refunds.at(-1)!.id,
        })
        expect(refundMails(property.name)).toHaveLength(1)
        const notes = await notesOn(answer.bookingId)
        expect(notes.filter((note) => note.userId === t.seed.renterId)).toHaveLength(1)
      } finally {
        stripe.sendWebhooksTo(null)
      }
    })

    it('a refund whose notice cannot be written stays not made without holding back the next; made once later', async () => {
      /** A booking whose payment came for nights sold meanwhile, its refund pending (Stripe could not be asked). */
      const pendingRefund = async () => {
        const checkout = await startCheckout('stripe')
        await sellMeanwhile(checkout)
        stripe.pay(checkout.answer.payment.sessionId)
        stripe.fail(true)
        try {
          await stripe.deliveries()
        } finally {
          stripe.fail(false)
        }
        expect((await booking(checkout.answer.bookingId))?.refundStatus).toBe('pending')
        return checkout
      }
      /** Makes the database refuse the outbox rows of one booking's notices, as a failing write would. */
      const refuseNoticesOf = async (bookingId: number) => {
        await t.database.db.execute(sql`create or replace function haven_test_refuse_notice() returns trigger
          language plpgsql as $$ begin
            if new.payload->>'text' ~ ${sql.raw(`'booking\\?id=${bookingId}(\\D|$)'`)} then
              raise exception 'the outbox refuses this notice';
            end if;
            return new;
          end $$`)
        await t.database.db.execute(sql`create trigger haven_test_refuse_notice before insert on outbox
          for each row execute function haven_test_refuse_notice()`)
        return () => t.database.db.execute(sql`drop trigger haven_test_refuse_notice on outbox`)
      }
      await webhooksToApp()
      try {
        const first = await pendingRefund()
        const second = await pendingRefund()
        const intentOf = (checkout: typeof first) =>
          stripe.sessions.get(checkout.answer.payment.sessionId)!.payment_intent
        const refundsOf = (checkout: typeof first) =>
          stripe.refunds.filter((refund) => refund.payment_intent === intentOf(checkout))
        const renterNotes = async (checkout: typeof first) =>
          (await notesOn(checkout.answer.bookingId)).filter((note) => note.userId === t.seed.renterId)
        const due = new Date(Date.now() + 10 * 60_000)

        const allow = await refuseNoticesOf(Number(first.answer.bookingId))
        try {
          await releaseExpiredBookings(t.app.ctx, due)
        } finally {
          await allow()
        }
        // The second is refunded and its renter told, though the first came before it and failed.
        expect(await booking(second.answer.bookingId)).toMatchObject({ refundStatus: 'refunded' })
        expect(refundsOf(second)).toHaveLength(1)
        expect(refundMails(second.property.name)).toHaveLength(1)
        expect(await renterNotes(second)).toHaveLength(1)
        // The first is not made as far as Haven knows, and nobody was told of it.
        expect((await booking(first.answer.bookingId))?.refundStatus).toBe('pending')
        expect(refundMails(first.property.name)).toEqual([])
        expect(await renterNotes(first)).toEqual([])

        // Recording works again: the next sweep makes it, the same refund at Stripe, and tells the renter once.
        await releaseExpiredBookings(t.app.ctx, due)
        await releaseExpiredBookings(t.app.ctx, due)
        expect(refundsOf(first)).toHaveLength(1)
        expect(await booking(first.answer.bookingId)).toMatchObject({
          status: 'CANCELLED',
          refundStatus: 'refunded',
          refundReference: refundsOf(first)[0]!.id,
        })
        expect(refundMails(first.property.name)).toHaveLength(1)
        expect(await renterNotes(first)).toHaveLength(1)
        expect(refundsOf(second)).toHaveLength(1)
        expect(refundMails(second.property.name)).toHaveLength(1)
      } finally {
        stripe.sendWebhooksTo(null)
      }
    })
  })

  describe('a payment for a booking that had lapsed', () => {
    const later = () => new Date(Date.now() + PAYMENT_WINDOW_MS + 60_000)
    /** The refund e-mails about this booking (its link): other tests refund stays of the same property. */
    const refundMails = (name: string, bookingId: string) =>
      readMailFolder(t.config.dataDir).filter(
        (mail) =>
          mail.subject.includes(name) &&
          /refunded|remboursé/.test(mail.subject) &&
          emlText(mail.eml).includes(`/booking?id=${bookingId}`),
      )
    const renterNotes = async (bookingId: string) =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.bookingId, Number(bookingId)))
      ).filter((note) => note.userId === t.seed.renterId)
    const lapsedNote = (name: string, from: string, to: string) =>
      `Your payment for ${name}, ${formatStayRange(from, to, 'en')}, was refunded: it reached us after your booking had lapsed.`
    const detail = async (id: string) => (await get(`/api/booking/${id}/en`, cookie)).json()

    /** Refunded once, in full, and the renter told once by e-mail and notification. */
    async function expectRefundedOnce(checkout: Awaited<ReturnType<typeof startCheckout>>, before: number) {
      const { answer, property, body } = checkout
      await expectStripeRefundedOnce(answer, before)
      expect(refundMails(property.name, answer.bookingId)).toHaveLength(1)
      expect((await renterNotes(answer.bookingId)).map((note) => note.messageEn)).toEqual([
        lapsedNote(property.name, body.from, body.to),
      ])
      // The renter has it among their bookings now, with its refund.
      expect(await detail(answer.bookingId)).toMatchObject({ status: 'CANCELLED', refundStatus: 'refunded' })
    }

    it('the webhook: Stripe’s word after the sweep let the booking lapse is refunded once', async () => {
      await webhooksToApp()
      try {
        const checkout = await startCheckout('stripe')
        const sessionId = checkout.answer.payment.sessionId as string
        const before = stripe.refunds.length
        await releaseExpiredBookings(t.app.ctx, later())
        await expectLapsed(checkout.answer.bookingId)
        stripe.pay(sessionId)
        await stripe.deliveries()
        // Stripe retries the event, the sweep runs: nothing more.
        expect((await deliver(eventFor('checkout.session.completed', sessionId))).statusCode).toBe(200)
        await releaseExpiredBookings(t.app.ctx, later())
        await expectRefundedOnce(checkout, before)
      } finally {
        stripe.sendWebhooksTo(null)
      }
    })

    it('the returning browser: a payment brought back after the expiry event is refunded once, and said so', async () => {
      const checkout = await startCheckout('stripe')
      const sessionId = checkout.answer.payment.sessionId as string
      const before = stripe.refunds.length
      expect((await deliver(eventFor('checkout.session.expired', sessionId))).statusCode).toBe(200)
      await expectLapsed(checkout.answer.bookingId)
      stripe.pay(sessionId)
      const back = await checkSession(sessionId, cookie)
      expect(back.statusCode).toBe(409)
      expect(back.json()).toEqual({
        error: 'payment_lapsed',
        message: 'Your payment reached us after your booking had lapsed: it is being refunded in full.',
      })
      const again = await checkSession(sessionId, cookie)
      expect(again.json()).toEqual({ bookingId: checkout.answer.bookingId, status: 'CANCELLED' })
      await expectRefundedOnce(checkout, before)
    })

    it('the returning browser is told its payment lapsed though the refund’s notice cannot be recorded yet', async () => {
      const checkout = await startCheckout('stripe')
      const sessionId = checkout.answer.payment.sessionId as string
      const id = Number(checkout.answer.bookingId)
      expect((await deliver(eventFor('checkout.session.expired', sessionId))).statusCode).toBe(200)
      await expectLapsed(checkout.answer.bookingId)
      stripe.pay(sessionId)
      const mailsBefore = refundMails(checkout.property.name, checkout.answer.bookingId).length
      await t.database.db.execute(sql`create or replace function haven_test_refuse_notice() returns trigger
        language plpgsql as $$ begin
          if new.payload->>'text' ~ ${sql.raw(`'booking\\?id=${id}(\\D|$)'`)} then
            raise exception 'the outbox refuses this notice';
          end if;
          return new;
        end $$`)
      await t.database.db.execute(sql`create trigger haven_test_refuse_notice before insert on outbox
        for each row execute function haven_test_refuse_notice()`)
      try {
        const back = await checkSession(sessionId, cookie)
        expect(back.statusCode, back.body).toBe(409)
        expect(back.json().error).toBe('payment_lapsed')
      } finally {
        await t.database.db.execute(sql`drop trigger haven_test_refuse_notice on outbox`)
      }
      expect(await booking(checkout.answer.bookingId)).toMatchObject({ status: 'CANCELLED' })
      // The sweep finishes the refund and tells the renter.
      await releaseExpiredBookings(t.app.ctx, later())
      expect(await booking(checkout.answer.bookingId)).toMatchObject({ refundStatus: 'refunded' })
      expect(refundMails(checkout.property.name, checkout.answer.bookingId)).toHaveLength(mailsBefore + 1)
    })

    it('the sweep: Stripe unreachable for a day lets the booking lapse, its nights free; asked again later, its payment is refunded', async () => {
      const checkout = await startCheckout('stripe')
      const sessionId = checkout.answer.payment.sessionId as string
      const before = stripe.refunds.length
      stripe.pay(sessionId)
      stripe.fail(true)
      try {
        await releaseExpiredBookings(t.app.ctx, later())
        expect(await booking(checkout.answer.bookingId)).toMatchObject({ status: 'VOID', lapsedAt: null })
        // Its window closed: its nights are not held while Stripe cannot answer; another renter books them.
        await sellMeanwhile(checkout)
        const dayLater = new Date(Date.now() + 25 * 3600_000)
        await releaseExpiredBookings(t.app.ctx, dayLater)
        await expectLapsed(checkout.answer.bookingId)
        const { providerCheckAt } = (await booking(checkout.answer.bookingId))!
        expect(providerCheckAt!.getTime()).toBeGreaterThan(dayLater.getTime())
        stripe.fail(false)
        // Not before its time.
        await releaseExpiredBookings(t.app.ctx, dayLater)
        expect(stripe.refunds.length).toBe(before)
      } finally {
        stripe.fail(false)
      }
      const { providerCheckAt } = (await booking(checkout.answer.bookingId))!
      await releaseExpiredBookings(t.app.ctx, providerCheckAt!)
      await releaseExpiredBookings(t.app.ctx, new Date(providerCheckAt!.getTime() + 60_000))
      await expectRefundedOnce(checkout, before)
    })

    it('PayPal: a capture that lands after the booking lapsed is refunded once on the renter’s return', async () => {
      const checkout = await startCheckout('payPal')
      const orderId = await order(checkout)
      const id = checkout.answer.bookingId
      payPal.approve(orderId)
      // Approved, not captured: the sweep lets it lapse.
      await releaseExpiredBookings(t.app.ctx, later())
      await expectLapsed(id)
      // A capture already on its way when the window closed.
      await payPalFor(t.app.ctx).captureOrder(orderId)
      const before = payPal.refunds.length
      const back = await checkOrder(id, orderId, cookie)
      expect(back.statusCode).toBe(409)
      expect(back.json().error).toBe('payment_lapsed')
      expect((await checkOrder(id, orderId, cookie)).json()).toEqual({ bookingId: id, status: 'CANCELLED' })
      await releaseExpiredBookings(t.app.ctx, later())
      expect(payPal.refunds.slice(before)).toEqual([
        expect.objectContaining({
          captureId: payPal.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.id,
        }),
      ])
      expect(await booking(id)).toMatchObject({ status: 'CANCELLED', refundStatus: 'refunded' })
      expect(refundMails(checkout.property.name, id)).toHaveLength(1)
      expect((await renterNotes(id)).map((note) => note.messageEn)).toEqual([
        lapsedNote(checkout.property.name, checkout.body.from, checkout.body.to),
      ])
    })

    it('a refund Stripe refuses is failed, asked for again later each time, never dropped, and listed until made', async () => {
      const checkout = await startCheckout('stripe')
      const sessionId = checkout.answer.payment.sessionId as string
      const id = checkout.answer.bookingId
      const before = stripe.refunds.length
      await releaseExpiredBookings(t.app.ctx, later())
      stripe.pay(sessionId)
      stripe.refuseRefunds(true)
      try {
        expect((await checkSession(sessionId, cookie)).statusCode).toBe(409)
        const first = (await booking(id))!
        expect(first).toMatchObject({ status: 'CANCELLED', refundStatus: 'failed', refundAttempts: 1 })
        expect(await detail(id)).toMatchObject({ status: 'CANCELLED', refundStatus: 'failed' })
        expect((await listFailedRefunds(t.database.db)).map((row) => row.bookingId)).toContain(Number(id))
        // Not asked again before its delay.
        await releaseExpiredBookings(t.app.ctx, new Date(first.refundRetryAt!.getTime() - 1000))
        expect((await booking(id))!.refundAttempts).toBe(1)
        let delay = first.refundRetryAt!.getTime() - Date.now()
        let at = first.refundRetryAt!
        for (let attempt = 2; attempt <= 14; attempt += 1) {
          await releaseExpiredBookings(t.app.ctx, at)
          const now = (await booking(id))!
          expect(now).toMatchObject({ refundStatus: 'failed', refundAttempts: attempt })
          const next = now.refundRetryAt!.getTime() - at.getTime()
          expect(next).toBeGreaterThanOrEqual(delay)
          expect(next).toBeLessThanOrEqual(24 * 3600_000)
          delay = next
          at = now.refundRetryAt!
        }
        expect(delay).toBe(24 * 3600_000)
        expect(refundMails(checkout.property.name, id)).toEqual([])
      } finally {
        stripe.refuseRefunds(false)
      }
      await releaseExpiredBookings(t.app.ctx, (await booking(id))!.refundRetryAt!)
      await expectRefundedOnce(checkout, before)
      expect((await listFailedRefunds(t.database.db)).map((row) => row.bookingId)).not.toContain(Number(id))
    })
  })
})
