// The back office's reads (docs/api.md, Back office), over HTTP on both databases: the inbox (whose bookings,
// its filters, its order and pages) and a booking's page (the renter's contact, the price, the payment, the
// timeline), and who may read them: another agency's ids, a renter's session and none.
import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { users } from '../db/schema.ts'
import { DEMO_AGENCY } from '../db/seed/seed.ts'
import { clientOf, signInCookie, staffSessions } from '../test/accounts.ts'
import {
  bookableProperty,
  checkoutBody,
  dayFromToday,
  freshRenter,
  type PaymentsWorld,
  startPaymentsWorld,
} from '../test/bookings.ts'
import { databaseKinds } from '../test/harness.ts'

describe.each(databaseKinds())('back-office reads on %s', (kind) => {
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

  /** A fresh renter named `fullName` books `property` to pay later over `stay`; the booking's id. */
  async function requestStay(
    property: Awaited<ReturnType<typeof bookableProperty>>,
    fullName: string,
    stay: { from?: string; to?: string; cancellation?: boolean } = {},
  ) {
    const renter = await freshRenter(world.t)
    await world.t.database.db
      .update(users)
      .set({ fullName, phone: '+33 6 12 34 56 78' })
      .where(eq(users.id, renter.id))
    const body = checkoutBody(property, stay)
    const response = await post('/api/checkout', body, renter.cookie)
    expect(response.statusCode, response.body).toBe(200)
    return { id: response.json().bookingId as string, renter, body }
  }

  const inbox = (query: string, cookie: string | undefined) =>
    get(`/api/back-office/bookings?${query}`, cookie)
  const ids = (response: { json(): { items: { _id: string }[] } }) =>
    response.json().items.map((item) => item._id)

  it("lists an agency's own properties' bookings, newest first, filtered and in pages; all for an administrator", async () => {
    const property = await bookableProperty(world.t.database.db, {})
    const tag = randomUUID().slice(0, 8)
    const first = await requestStay(property, `Zoé Inbox-${tag}`, {
      from: dayFromToday(100),
      to: dayFromToday(103),
    })
    const second = await requestStay(property, `Yann Other-${tag}`, {
      from: dayFromToday(110),
      to: dayFromToday(112),
    })
    const agency = await agencyCookie(property.agencyId)
    // The seed's bookings of the property are left out by the renters' names, which only these two carry.
    const mine = `propertyId=${property.id}&renter=${tag}`

    const all = await inbox(mine, agency)
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json()).toEqual({
      items: [
        expect.objectContaining({ _id: second.id }),
        {
          _id: first.id,
          property: { _id: String(property.id), name: property.name },
          renter: { _id: String(first.renter.id), fullName: `Zoé Inbox-${tag}`, email: first.renter.email },
          from: first.body.from,
          to: first.body.to,
          status: 'PENDING',
          price: first.body.price,
          currency: 'USD',
          cancelRequest: false,
          createdAt: expect.any(String),
          answerBy: expect.any(String),
        },
      ],
      total: 2,
      totalCapped: false,
      nextCursor: null,
    })

    // Pages of one: the cursor follows on where the last page ended.
    const page1 = await inbox(`${mine}&size=1`, agency)
    expect(ids(page1)).toEqual([second.id])
    expect(page1.json().total).toBe(2)
    const page2 = await inbox(`${mine}&size=1&cursor=${page1.json().nextCursor}`, agency)
    expect(ids(page2)).toEqual([first.id])
    expect(page2.json().nextCursor).toBeNull()

    // The renter by a part of the name, or of the address, whatever its case.
    expect(ids(await inbox(`renter=${encodeURIComponent(`inbox-${tag}`)}`, agency))).toEqual([first.id])
    expect(
      ids(
        await inbox(`renter=${encodeURIComponent(second.renter.email.slice(0, 16).toUpperCase())}`, agency),
      ),
    ).toEqual([second.id])
    // A % is a character looked for, not a wildcard.
    expect(ids(await inbox(`renter=${encodeURIComponent(`%${tag}`)}`, agency))).toEqual([])
    // Stays overlapping the dates.
    expect(ids(await inbox(`${mine}&from=${dayFromToday(102)}&to=${dayFromToday(105)}`, agency))).toEqual([
      first.id,
    ])
    // Statuses, one or several.
    const confirmed = await post(
      `/api/decide-booking/${first.id}`,
      { decision: 'confirm', seenStatus: 'PENDING', seenCancelRequest: false },
      agency,
    )
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(ids(await inbox(`${mine}&status=RESERVED`, agency))).toEqual([first.id])
    expect(ids(await inbox(`${mine}&status=PENDING,RESERVED`, agency))).toEqual([second.id, first.id])
    expect(ids(await inbox(`${mine}&status=CANCELLED`, agency))).toEqual([])

    // Another agency sees none of them, even asking by their property; an administrator sees them.
    const other = await inbox(mine, await otherAgencyCookie(property.agencyId))
    expect(other.statusCode).toBe(200)
    expect(other.json()).toMatchObject({ items: [], total: 0 })
    expect(ids(await inbox(mine, adminCookie))).toEqual([second.id, first.id])
    // A renter's session, and none.
    const renter = await inbox('', first.renter.cookie)
    expect(renter.statusCode).toBe(403)
    expect(renter.json().error).toBe('forbidden')
    expect((await inbox('', undefined)).statusCode).toBe(401)
  })

  it('refuses a malformed filter with a 400 that names it', async () => {
    const agency = await signInCookie(
      world.t.app,
      'agency@haven.test',
      DEMO_AGENCY.password,
      false,
      'backend',
    )
    for (const [query, field] of [
      ['status=NOPE', 'status'],
      ['status=PENDING,', 'status'],
      ['propertyId=abc', 'propertyId'],
      ['from=2026-13-45', 'from'],
      [`from=${dayFromToday(10)}&to=${dayFromToday(5)}`, 'to'],
      ['size=0', 'size'],
      ['size=many', 'size'],
      ['cursor=-1', 'cursor'],
      [`renter=${'x'.repeat(101)}`, 'renter'],
      ['renter=%00', 'renter'],
    ] as const) {
      const response = await inbox(query, agency)
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400)
      expect(response.json(), query).toMatchObject({
        error: 'validation',
        message: expect.stringContaining(field),
      })
    }
  })

  it("shows a booking's page: the renter's contact, the price, the payment and every change, to its agency only", async () => {
    const property = await bookableProperty(world.t.database.db, { cancellation: 0 })
    const { id, renter, body } = await requestStay(property, 'Paula Page', { cancellation: true })
    const agency = await agencyCookie(property.agencyId)
    const deposit = await post(
      `/api/decide-booking/${id}`,
      {
        decision: 'recordDeposit',
        seenStatus: 'PENDING',
        seenCancelRequest: false,
        amount: 50,
        note: 'Cash.',
      },
      agency,
    )
    expect(deposit.statusCode, deposit.body).toBe(200)
    const [agencyRow] = await world.t.database.db.select().from(users).where(eq(users.id, property.agencyId))

    const page = await get(`/api/back-office/bookings/${id}`, agency)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toEqual({
      _id: id,
      property: { _id: String(property.id), name: property.name },
      renter: {
        _id: String(renter.id),
        fullName: 'Paula Page',
        email: renter.email,
        phone: '+33 6 12 34 56 78',
        language: 'en',
      },
      agency: { _id: String(property.agencyId), name: agencyRow!.fullName },
      from: body.from,
      to: body.to,
      status: 'DEPOSIT',
      price: body.price,
      currency: 'USD',
      cancelRequest: false,
      cancellation: true,
      amendments: false,
      createdAt: expect.any(String),
      answerBy: null,
      breakdown: { days: 7, rental: body.price, cancellationFee: 0, amendmentsFee: 0, total: body.price },
      payment: { method: 'payLater', amount: 50, verifiedAt: null, refund: null },
      decisions: ['recordPayment', 'cancel'],
      timeline: [
        {
          _id: expect.any(String),
          kind: 'booked',
          actor: { _id: expect.any(String), type: 'USER', name: expect.any(String) },
          at: expect.any(String),
          statusBefore: 'PENDING',
          statusAfter: 'PENDING',
          note: null,
          amount: null,
        },
        {
          _id: expect.any(String),
          kind: 'recordDeposit',
          actor: { _id: String(property.agencyId), type: 'AGENCY', name: agencyRow!.fullName },
          at: expect.any(String),
          statusBefore: 'PENDING',
          statusAfter: 'DEPOSIT',
          note: 'Cash.',
          amount: 50,
        },
      ],
    })
    expect(page.body).not.toContain('scrypt$')
    expect(page.body).not.toContain('passwordHash')

    expect((await get(`/api/back-office/bookings/${id}`, adminCookie)).statusCode).toBe(200)
    const other = await get(`/api/back-office/bookings/${id}`, await otherAgencyCookie(property.agencyId))
    expect(other.statusCode).toBe(403)
    expect(other.body).not.toContain('Paula')
    expect((await get(`/api/back-office/bookings/${id}`, renter.cookie)).statusCode).toBe(403)
    expect((await get(`/api/back-office/bookings/${id}`, undefined)).statusCode).toBe(401)
    expect((await get('/api/back-office/bookings/999999999', agency)).statusCode).toBe(404)
    expect((await get('/api/back-office/bookings/abc', agency)).statusCode).toBe(400)
  })
})
