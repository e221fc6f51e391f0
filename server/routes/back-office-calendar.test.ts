// The back office's calendar and closed nights (docs/product.md §12, Blocked nights), over HTTP on both
// databases: closed nights are held as booked ones for search, the renter's calendar and checkout; closing
// nights a booking holds is refused; the calendar shows both; and only the property's agency (or an
// administrator) reads or changes them.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { blockedNights } from '../db/schema.ts'
import { DEMO_AGENCY } from '../db/seed/seed.ts'
import { clientOf, freshIp, signInCookie, staffSessions } from '../test/accounts.ts'
import {
  bookableProperty,
  checkoutBody,
  dayFromToday,
  freshRenter,
  type PaymentsWorld,
  type PropertyRow,
  startPaymentsWorld,
} from '../test/bookings.ts'
import { databaseKinds } from '../test/harness.ts'

describe.each(databaseKinds())('back-office calendar and closed nights on %s', (kind) => {
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
  const agencyCookie = staff.agency
  const otherAgencyCookie = staff.otherAgency

  const del = (url: string, cookie: string | undefined) =>
    world.t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {}, remoteAddress: freshIp() })
  const block = (body: object, cookie: string | undefined) =>
    post('/api/back-office/blocked-nights', body, cookie)
  const calendarOf = (query: string, cookie: string | undefined) =>
    get(`/api/back-office/calendar?${query}`, cookie)

  /** Whether a search for `property`'s name over [from, to) finds it. */
  async function searchFinds(property: PropertyRow, from: string, to: string) {
    const response = await post('/api/properties/search', { keyword: property.name, from, to, size: 50 })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json().items as { _id: string }[]).some((item) => item._id === String(property.id))
  }

  it('holds closed nights as booked ones: search, the renter calendar and checkout; open again, they are free', async () => {
    const property = await bookableProperty(world.t.database.db, {})
    const agency = await agencyCookie(property.agencyId)
    const from = dayFromToday(300)
    const to = dayFromToday(305)
    expect(await searchFinds(property, from, to)).toBe(true)

    const closed = await block({ propertyId: String(property.id), from, to, note: 'Owner’s stay' }, agency)
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json()).toEqual({
      _id: expect.any(String),
      property: { _id: String(property.id), name: property.name },
      from,
      to,
      note: 'Owner’s stay',
    })
    // Search over any of the nights leaves the property out; before and after them, it is found.
    expect(await searchFinds(property, dayFromToday(304), dayFromToday(307))).toBe(false)
    expect(await searchFinds(property, dayFromToday(295), dayFromToday(300))).toBe(true)
    // The renter's calendar holds them, without saying why.
    const availability = await get(`/api/property-availability/${property.id}`)
    expect(availability.json().held).toContainEqual({ from, to })
    // Checkout over them is refused as over a booking.
    const renter = await freshRenter(world.t)
    const overlapping = await post(
      '/api/checkout',
      checkoutBody(property, { from: dayFromToday(302), to: dayFromToday(309) }),
      renter.cookie,
    )
    expect(overlapping.statusCode).toBe(409)
    expect(overlapping.json().error).toBe('already_booked')

    // The calendar shows them, with the property's bookings.
    const booked = await post(
      '/api/checkout',
      checkoutBody(property, { from: dayFromToday(310), to: dayFromToday(312) }),
      renter.cookie,
    )
    expect(booked.statusCode, booked.body).toBe(200)
    const calendar = await calendarOf(
      `propertyId=${property.id}&from=${dayFromToday(299)}&to=${dayFromToday(320)}`,
      agency,
    )
    expect(calendar.statusCode, calendar.body).toBe(200)
    expect(calendar.json()).toEqual({
      bookings: [
        {
          _id: booked.json().bookingId,
          property: { _id: String(property.id), name: property.name },
          from: dayFromToday(310),
          to: dayFromToday(312),
          status: 'PENDING',
        },
      ],
      blocked: [closed.json()],
    })
    // All of the agency's properties at once, and by status.
    const all = await calendarOf(`from=${dayFromToday(299)}&to=${dayFromToday(320)}&status=RESERVED`, agency)
    expect(all.json().bookings).toEqual([])
    expect(all.json().blocked).toContainEqual(closed.json())

    // Opened again: the same checkout goes through.
    const opened = await del(`/api/back-office/blocked-nights/${closed.json()._id}`, agency)
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json()).toEqual({ _id: closed.json()._id })
    expect(await searchFinds(property, from, to)).toBe(true)
    const later = await freshRenter(world.t)
    const now = await post(
      '/api/checkout',
      checkoutBody(property, { from: dayFromToday(302), to: dayFromToday(309) }),
      later.cookie,
    )
    expect(now.statusCode, now.body).toBe(200)
  })

  it('refuses to close nights a booking holds, or nights closed already, in words', async () => {
    const property = await bookableProperty(world.t.database.db, {})
    const agency = await agencyCookie(property.agencyId)
    const renter = await freshRenter(world.t)
    const stay = { from: dayFromToday(400), to: dayFromToday(404) }
    expect((await post('/api/checkout', checkoutBody(property, stay), renter.cookie)).statusCode).toBe(200)
    const over = await block(
      { propertyId: String(property.id), from: dayFromToday(403), to: dayFromToday(406) },
      agency,
    )
    expect(over.statusCode).toBe(409)
    expect(over.json()).toEqual({
      error: 'nights_held',
      message: 'Some of these nights are booked or closed already.',
    })
    const free = { propertyId: String(property.id), from: dayFromToday(404), to: dayFromToday(406) }
    expect((await block(free, agency)).statusCode).toBe(200)
    expect((await block(free, agency)).statusCode).toBe(409)
  })

  it("lets only the property's agency or an administrator read and change its closed nights", async () => {
    const property = await bookableProperty(world.t.database.db, {})
    const agency = await agencyCookie(property.agencyId)
    const other = await otherAgencyCookie(property.agencyId)
    const renter = await freshRenter(world.t)
    const nights = { propertyId: String(property.id), from: dayFromToday(500), to: dayFromToday(502) }
    for (const [cookie, status] of [
      [other, 403],
      [renter.cookie, 403],
      [undefined, 401],
    ] as const) {
      expect((await block(nights, cookie)).statusCode).toBe(status)
      expect(
        (await calendarOf(`propertyId=${property.id}&from=${nights.from}&to=${nights.to}`, cookie))
          .statusCode,
      ).toBe(status)
    }
    expect((await block({ ...nights, propertyId: '999999999' }, agency)).statusCode).toBe(404)
    const closed = await block(nights, agency)
    expect(closed.statusCode).toBe(200)
    const id = closed.json()._id as string
    // Another agency's calendar of all its properties leaves them out.
    const theirs = await calendarOf(`from=${nights.from}&to=${nights.to}`, other)
    expect(theirs.json().blocked).not.toContainEqual(expect.objectContaining({ _id: id }))
    for (const [cookie, status] of [
      [other, 403],
      [renter.cookie, 403],
      [undefined, 401],
    ] as const) {
      expect((await del(`/api/back-office/blocked-nights/${id}`, cookie)).statusCode).toBe(status)
    }
    expect(
      await world.t.database.db
        .select()
        .from(blockedNights)
        .where(eq(blockedNights.id, Number(id))),
    ).toHaveLength(1)
    expect((await del('/api/back-office/blocked-nights/999999999', agency)).statusCode).toBe(404)
    expect((await del(`/api/back-office/blocked-nights/${id}`, adminCookie)).statusCode).toBe(200)
  })

  it('refuses a malformed range with a 400 that names its field', async () => {
    const agency = await signInCookie(
      world.t.app,
      'agency@haven.test',
      DEMO_AGENCY.password,
      false,
      'backend',
    )
    for (const [query, field] of [
      [`to=${dayFromToday(5)}`, 'from'],
      [`from=${dayFromToday(10)}&to=${dayFromToday(5)}`, 'to'],
      [`from=${dayFromToday(1)}&to=${dayFromToday(400)}`, 'to'],
      [`from=${dayFromToday(1)}&to=${dayFromToday(5)}&propertyId=x`, 'propertyId'],
      [`from=${dayFromToday(1)}&to=${dayFromToday(5)}&status=paid`, 'status'],
    ] as const) {
      const response = await calendarOf(query, agency)
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400)
      expect(response.json().message, query).toContain(field)
    }
    for (const [body, field] of [
      [{ from: dayFromToday(1), to: dayFromToday(2) }, 'propertyId'],
      [{ propertyId: '1', from: dayFromToday(3), to: dayFromToday(2) }, 'to'],
      [{ propertyId: '1', from: 'soon', to: dayFromToday(2) }, 'from'],
      [{ propertyId: '1', from: dayFromToday(1), to: dayFromToday(2), note: 'x'.repeat(201) }, 'note'],
    ] as const) {
      const response = await block(body, agency)
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400)
      expect(response.json().message).toContain(field)
    }
  })
})
