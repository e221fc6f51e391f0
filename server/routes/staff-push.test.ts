// The staff's pushes an agent can act on (docs/product.md §12, Push): a new pay-later request and a
// cancellation request reach the agency's devices with Accept and Decline, the decisions the screen would send
// and the status they were written for, in the agency's language; a renter's pushes carry none.
import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { PushPayload } from '../../src/domain/notifications.ts'
import { users } from '../db/schema.ts'
import { clientOf, staffSessions } from '../test/accounts.ts'
import { bookableProperty, checkoutBody, freshRenter } from '../test/bookings.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { browserKeys, type PushServiceStandIn, startPushService } from '../test/stand-ins/push-service.ts'

describe.each(databaseKinds())('the pushes of a request on %s', (kind) => {
  let t: TestApp
  let push: PushServiceStandIn
  const { post } = clientOf(() => t.app)
  const staff = staffSessions(
    () => t.app,
    () => t.database.db,
  )

  beforeAll(async () => {
    push = await startPushService()
    t = await startTestApp(kind, {
      properties: 20,
      pushCertificate: push.certificate,
      env: { PUSH_TRUSTED_ORIGINS: push.url },
    })
  })
  afterAll(async () => {
    await t?.close()
    await push?.close()
  })

  /** A device subscribed under `cookie`'s session: the pushes it received, decrypted. */
  async function device(name: string, cookie: string) {
    const keys = browserKeys()
    const path = `/push/${name}-${randomUUID()}`
    const subscribed = await post(
      '/api/push-subscription',
      { endpoint: `${push.url}${path}`, keys: keys.json },
      cookie,
    )
    expect(subscribed.statusCode, subscribed.body).toBe(200)
    return async (): Promise<PushPayload[]> => {
      await t.app.ctx.outbox.drain()
      return push.received
        .filter((received) => received.path === path)
        .map((received) => JSON.parse(keys.decrypt(received.body)) as PushPayload)
    }
  }

  /** A fresh renter and the agency of a bookable property, each with a subscribed device. */
  async function renterAndAgency({ cancellation = false, agencyLanguage = 'en' as 'en' | 'fr' } = {}) {
    const property = await bookableProperty(t.database.db, cancellation ? { cancellation: 0 } : {})
    await t.database.db.update(users).set({ language: agencyLanguage }).where(eq(users.id, property.agencyId))
    const renter = await freshRenter(t)
    const agencyCookie = await staff.agency(property.agencyId)
    return {
      property,
      renter,
      renterPushes: await device('renter', renter.cookie),
      agencyPushes: await device('agency', agencyCookie),
    }
  }

  it("gives the agency's push of a pay-later request Accept (confirm) and Decline (decline); the renter's has none", async () => {
    const { property, renter, renterPushes, agencyPushes } = await renterAndAgency()
    const checkout = await post('/api/checkout', checkoutBody(property), renter.cookie)
    expect(checkout.statusCode, checkout.body).toBe(200)
    const bookingId = Number(checkout.json().bookingId)

    const [toAgency] = await agencyPushes()
    expect(toAgency).toMatchObject({ title: 'New booking', url: `/admin/bookings/${bookingId}` })
    expect(toAgency!.request).toEqual({
      bookingId,
      seenStatus: 'PENDING',
      seenCancelRequest: false,
      actions: [
        {
          action: 'accept',
          title: 'Accept',
          decision: 'confirm',
          done: 'Booking confirmed. The renter is told.',
        },
        {
          action: 'decline',
          title: 'Decline',
          decision: 'decline',
          done: 'Booking request declined. The renter is told.',
        },
      ],
      refusals: {
        booking_changed: 'This booking was answered meanwhile: see what was decided.',
        request_lapsed: 'This request was not answered in time: it has lapsed and its nights are free again.',
        stay_over: 'This stay is over: it can no longer be changed.',
      },
      failed: 'The answer could not be sent: open the booking to decide.',
    })
    const [toRenter] = await renterPushes()
    expect(toRenter).toMatchObject({ title: 'Booking requested', url: `/booking?id=${bookingId}` })
    expect(toRenter).not.toHaveProperty('request')

    // The agency's decision: the renter's push about it carries no action either.
    const decided = await post(
      `/api/decide-booking/${bookingId}`,
      { decision: 'confirm', seenStatus: 'PENDING', seenCancelRequest: false },
      await staff.agency(property.agencyId),
    )
    expect(decided.statusCode, decided.body).toBe(200)
    const renterAfter = await renterPushes()
    expect(renterAfter).toHaveLength(2)
    expect(renterAfter[1]).toMatchObject({ title: 'Booking updated' })
    expect(renterAfter[1]).not.toHaveProperty('request')
  })

  it("gives the agency's push of a cancellation request, in its language, Accept (accept) and Decline (refuse)", async () => {
    const { property, renter, renterPushes, agencyPushes } = await renterAndAgency({
      cancellation: true,
      agencyLanguage: 'fr',
    })
    const checkout = await post(
      '/api/checkout',
      checkoutBody(property, { cancellation: true }),
      renter.cookie,
    )
    expect(checkout.statusCode, checkout.body).toBe(200)
    const bookingId = Number(checkout.json().bookingId)
    const decided = await post(
      `/api/decide-booking/${bookingId}`,
      { decision: 'confirm', seenStatus: 'PENDING', seenCancelRequest: false },
      await staff.agency(property.agencyId),
    )
    expect(decided.statusCode, decided.body).toBe(200)
    const cancel = await post(
      `/api/cancel-booking/${bookingId}`,
      { operationId: randomUUID() },
      renter.cookie,
    )
    expect(cancel.statusCode, cancel.body).toBe(200)

    const toAgency = await agencyPushes()
    expect(toAgency).toHaveLength(2)
    expect(toAgency[1]).toMatchObject({ title: 'Demande d’annulation', url: `/admin/bookings/${bookingId}` })
    expect(toAgency[1]!.request).toMatchObject({
      bookingId,
      seenStatus: 'RESERVED',
      seenCancelRequest: true,
      actions: [
        {
          action: 'accept',
          title: 'Accepter',
          decision: 'acceptCancellation',
          done: 'Annulation acceptée. Le locataire est prévenu.',
        },
        { action: 'decline', title: 'Refuser', decision: 'refuseCancellation' },
      ],
      failed: 'La réponse n’a pas pu être envoyée\u00a0: ouvrez la réservation pour décider.',
    })
    expect(toAgency[1]!.request!.refusals.booking_changed).toBe(
      'Quelqu’un a répondu à cette réservation entre-temps\u00a0: voyez ce qui a été décidé.',
    )
    const toRenter = await renterPushes()
    expect(toRenter.map((payload) => payload.title)).toEqual([
      'Booking requested',
      'Booking updated',
      'Cancellation requested',
    ])
    for (const payload of toRenter) expect(payload).not.toHaveProperty('request')
  })
})
