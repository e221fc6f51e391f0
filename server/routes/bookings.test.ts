import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BOOKINGS_MOBILE_PAGE_SIZE, BOOKINGS_PAGE_SIZE } from '../../src/domain/constants.ts'
import { bookings, notifications, properties, users } from '../db/schema.ts'
import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { hashPassword } from '../services/auth/password.ts'
import { emitBookingEvent } from '../services/bookings/events.ts'
import { formatStayRange } from '../services/bookings/stay-dates.ts'
import { withPreposition } from '../services/french.ts'
import {
  clientOf,
  cookieHeader,
  emlText,
  lastMailTo,
  readMailFolder,
  signInCookie,
} from '../test/accounts.ts'
import {
  bookableProperty,
  bookingById,
  checkoutBody,
  dayFromToday,
  freshRenter,
  guest,
} from '../test/bookings.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

describe.each(databaseKinds())('checkout and bookings on %s', (kind) => {
  let t: TestApp
  let cookie: string
  let otherCookie: string

  const { post, get } = clientOf(() => t.app)
  const bookingRows = (userId: number) =>
    t.database.db.select().from(bookings).where(eq(bookings.userId, userId))
  const mailCount = () => readMailFolder(t.config.dataDir).length

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 120 })
    cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    otherCookie = await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password)
  })
  afterAll(() => t?.close())

  describe('the price of a stay', () => {
    it('is the formula’s, with an included option taken and a chosen fee added', async () => {
      const property = await bookableProperty(t.database.db, {
        price: 100,
        rentalTerm: 'DAILY',
        cancellation: 0,
        amendments: 25,
      })
      const response = await post('/api/booking-price', {
        propertyId: String(property.id),
        from: dayFromToday(10),
        to: dayFromToday(13),
        cancellation: false,
        amendments: true,
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({
        currency: 'USD',
        breakdown: { days: 3, rental: 300, cancellationFee: 0, amendmentsFee: 25, total: 325 },
        cancellation: true,
        amendments: true,
        options: { cancellation: 'included', amendments: 'fee' },
        minimumAge: 21,
        paymentMethods: ['payLater'],
      })
    })

    it('refuses an option that is not offered and a stay that starts in the past', async () => {
      const property = await bookableProperty(t.database.db, { cancellation: -1 })
      const stay = { propertyId: String(property.id), from: dayFromToday(10), to: dayFromToday(12) }
      const option = await post('/api/booking-price', { ...stay, cancellation: true })
      expect(option.statusCode).toBe(400)
      expect(option.json().fields).toEqual({ cancellation: 'option_unavailable' })
      const past = await post('/api/booking-price', { ...stay, from: dayFromToday(-2) })
      expect(past.statusCode).toBe(400)
      expect(past.json().fields).toEqual({ from: 'start_in_past' })
    })

    it('bounds a stay: 1 to 365 nights, starting within two years; no date or amount gives a 500', async () => {
      const property = await bookableProperty(t.database.db, { price: 5_000_000, rentalTerm: 'DAILY' })
      const priceOf = (from: string, to: string) =>
        post('/api/booking-price', { propertyId: String(property.id), from, to })
      expect((await priceOf(dayFromToday(10), dayFromToday(375))).statusCode).toBe(200)
      const tooLong = await priceOf(dayFromToday(10), dayFromToday(376))
      expect(tooLong.statusCode).toBe(400)
      expect(tooLong.json().fields).toEqual({ to: 'stay_too_long' })
      expect((await priceOf(dayFromToday(730), dayFromToday(731))).statusCode).toBe(200)
      const tooFar = await priceOf(dayFromToday(731), dayFromToday(732))
      expect(tooFar.statusCode).toBe(400)
      expect(tooFar.json().fields).toEqual({ from: 'start_too_far' })
      for (const [from, to] of [
        [dayFromToday(10), '9999-12-31'],
        ['9999-12-30', '9999-12-31'],
        ['2027-02-30', '2027-03-02'],
        ['0000-01-01', dayFromToday(3)],
      ] as const) {
        const answer = await priceOf(from, to)
        expect(answer.statusCode, `${from} → ${to}`).toBe(400)
      }
      // The dearest stay the bounds allow still fits the money columns: booked, not a numeric overflow.
      const dear = checkoutBody(property, { from: dayFromToday(20), to: dayFromToday(385) })
      const booked = await post('/api/checkout', dear, cookie)
      expect(booked.statusCode, booked.body).toBe(200)
      const absurd = await post('/api/checkout', { ...checkoutBody(property), price: 1e300 }, cookie)
      expect(absurd.statusCode).toBe(400)
    })
  })

  describe('pay later, signed in', () => {
    it('books as the renter: pending, priced, agency and renter from the server, e-mails to both', async () => {
      const property = await bookableProperty(t.database.db, {
        price: 90,
        rentalTerm: 'DAILY',
        cancellation: 40,
      })
      await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, t.seed.renterId))
      const before = await bookingRows(t.seed.renterId)
      // What a client may not decide is sent too, and ignored.
      const body = checkoutBody(
        property,
        { cancellation: true },
        { status: 'PAID', userId: String(t.seed.otherRenterId), agencyId: '1' },
      )
      const response = await post('/api/checkout', body, cookie)
      await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, t.seed.renterId))
      expect(response.statusCode, response.body).toBe(200)
      const answer = response.json()
      expect(answer).toMatchObject({
        status: 'PENDING',
        price: 7 * 90 + 40,
        currency: 'USD',
        userId: String(t.seed.renterId),
        payment: null,
        expiresAt: null,
      })
      const [row] = await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, Number(answer.bookingId)))
      expect(row).toMatchObject({
        userId: t.seed.renterId,
        agencyId: property.agencyId,
        status: 'PENDING',
        cancellation: true,
        price: 670,
        rentalPrice: 630,
        cancellationFee: 40,
      })
      expect(await bookingRows(t.seed.renterId)).toHaveLength(before.length + 1)
      const renterMail = lastMailTo(t.config.dataDir, DEMO_RENTER.email)
      expect(renterMail.subject).toBe(
        `Votre demande de réservation ${withPreposition('de', property.name)}, ${formatStayRange(body.from, body.to, 'fr')}, est envoyée`,
      )
      expect(emlText(renterMail.eml)).toContain(`/booking?id=${answer.bookingId}`)
      expect(emlText(renterMail.eml)).toContain('L’agence répondra à votre demande')
      const [agency] = await t.database.db.select().from(users).where(eq(users.id, property.agencyId))
      expect(lastMailTo(t.config.dataDir, agency!.email).subject).toBe(
        `New booking of ${property.name}, ${formatStayRange(body.from, body.to, 'en')}`,
      )
      const agencyNotes = await t.database.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, agency!.id), eq(notifications.bookingId, Number(answer.bookingId))),
        )
      expect(agencyNotes).toHaveLength(1)
    })

    it('refuses a tampered price or option, and books nothing', async () => {
      const property = await bookableProperty(t.database.db, { cancellation: -1, amendments: 0 })
      const before = (await bookingRows(t.seed.renterId)).length
      const mails = mailCount()
      const good = checkoutBody(property)
      const cheaper = await post('/api/checkout', { ...good, price: good.price - 1 }, cookie)
      expect(cheaper.statusCode).toBe(400)
      expect(cheaper.json()).toMatchObject({
        error: 'validation',
        message: 'The price of this stay has changed. Check it and book again.',
        fields: { price: 'price_changed' },
      })
      const option = await post('/api/checkout', { ...good, cancellation: true }, cookie)
      expect(option.statusCode).toBe(400)
      expect(option.json().fields).toEqual({ cancellation: 'option_unavailable' })
      // An included option costs nothing: a price with a fee for it is wrong too.
      const fee = await post('/api/checkout', { ...good, price: good.price + 10 }, cookie)
      expect(fee.statusCode).toBe(400)
      expect((await bookingRows(t.seed.renterId)).length).toBe(before)
      expect(mailCount()).toBe(mails)
    })

    it('refuses pay later when the agency does not allow it, and providers that are not configured', async () => {
      const property = await bookableProperty(t.database.db, {}, { payLater: false })
      const later = await post('/api/checkout', checkoutBody(property), cookie)
      expect(later.statusCode).toBe(400)
      expect(later.json()).toMatchObject({
        message: 'This agency does not allow paying later.',
        fields: { payment: 'pay_later_unavailable' },
      })
      for (const payment of ['stripe', 'payPal'] as const) {
        const online = await post('/api/checkout', checkoutBody(property, { payment }), cookie)
        expect(online.statusCode).toBe(400)
        expect(online.json().fields).toEqual({ payment: 'provider_unavailable' })
      }
      const price = await post('/api/booking-price', {
        propertyId: String(property.id),
        from: dayFromToday(5),
        to: dayFromToday(6),
      })
      expect(price.json().paymentMethods).toEqual([])
    })

    it('lets only renter accounts book', async () => {
      const property = await bookableProperty(t.database.db, {})
      const [agency] = await t.database.db
        .update(users)
        .set({ passwordHash: await hashPassword('agency-secret') })
        .where(eq(users.id, property.agencyId))
        .returning()
      const signIn = await post('/api/sign-in/backend', { email: agency!.email, password: 'agency-secret' })
      expect(signIn.statusCode, signIn.body).toBe(200)
      const response = await post('/api/checkout', checkoutBody(property), cookieHeader(signIn))
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ error: 'renters_only', message: 'Only a renter account can book.' })
    })

    it('refuses a renter younger than the property’s minimum age', async () => {
      const property = await bookableProperty(t.database.db, { minimumAge: 40 })
      const response = await post('/api/checkout', checkoutBody(property), cookie)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        message: 'You must be at least 40 years old.',
        fields: { birthDate: 'too_young' },
      })
    })

    it('refuses dates a paid booking holds', async () => {
      const property = await bookableProperty(t.database.db, {})
      await t.database.db.insert(bookings).values({
        userId: t.seed.otherRenterId,
        propertyId: property.id,
        agencyId: property.agencyId,
        from: dayFromToday(44),
        to: dayFromToday(50),
        status: 'PAID',
        price: 1,
      })
      const stay = { from: dayFromToday(40), to: dayFromToday(47) }
      const response = await post('/api/checkout', checkoutBody(property, stay), cookie)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({
        error: 'already_booked',
        message: 'This property is already booked for these dates.',
      })
    })

    it('makes one booking of a checkout sent twice, one after the other or at once', async () => {
      const property = await bookableProperty(t.database.db, {})
      const renter = await freshRenter(t)
      const before = (await bookingRows(renter.id)).length
      const mails = mailCount()
      const body = checkoutBody(property)
      const first = await post('/api/checkout', body, renter.cookie)
      const again = await post('/api/checkout', body, renter.cookie)
      expect(first.statusCode).toBe(200)
      expect(again.json()).toEqual(first.json())
      const together = checkoutBody(property, { from: dayFromToday(60), to: dayFromToday(62) })
      const answers = await Promise.all([1, 2, 3].map(() => post('/api/checkout', together, renter.cookie)))
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
      expect(new Set(answers.map((a) => a.json().bookingId)).size).toBe(1)
      expect((await bookingRows(renter.id)).length).toBe(before + 2)
      // One confirmation to the renter and one to the agency per booking.
      expect(mailCount()).toBe(mails + 4)
    })
  })

  describe('guest checkout', () => {
    it('makes an account not activated, sends its activation e-mail, and signs the guest in here', async () => {
      const property = await bookableProperty(t.database.db, { price: 50, rentalTerm: 'DAILY' })
      const email = `guest-${kind}@example.test`
      const body = checkoutBody(property, {}, { guest: guest(email) })
      const response = await post('/api/checkout', body)
      expect(response.statusCode, response.body).toBe(200)
      const answer = response.json()
      expect(answer.status).toBe('PENDING')
      const [account] = await t.database.db.select().from(users).where(eq(users.email, email))
      expect(account).toMatchObject({ type: 'USER', activatedAt: null, passwordHash: null, language: 'fr' })
      expect(answer.userId).toBe(String(account!.id))
      const mails = readMailFolder(t.config.dataDir).filter((m) => m.to.includes(email))
      expect(mails.map((m) => m.subject).sort()).toEqual(
        [
          'Activez votre compte Haven',
          `Votre demande de réservation ${withPreposition('de', property.name)}, ${formatStayRange(body.from, body.to, 'fr')}, est envoyée`,
        ].sort(),
      )
      // The same checkout again (a double submit) answers with the same booking.
      const again = await post('/api/checkout', body)
      expect(again.json()).toEqual(answer)
      expect(await bookingRows(account!.id)).toHaveLength(1)
      // The guest sees the booking in this browser.
      const list = await post('/api/bookings', {}, cookieHeader(response))
      expect(list.json().items.map((b: { _id: string }) => b._id)).toEqual([answer.bookingId])
    })

    // Whoever learns a guest's details and operation id (a shared computer's history, a relayed request) gets the
    // booking's answer back, never a session of the new account: only the browser that made it does.
    it('signs in on a replay only the browser that made the checkout', async () => {
      const property = await bookableProperty(t.database.db, {})
      const email = `replayed-${kind}@example.test`
      const body = checkoutBody(property, {}, { guest: guest(email) })
      const first = await post('/api/checkout', body)
      expect(first.statusCode, first.body).toBe(200)
      const firstBrowser = cookieHeader(first)
      expect(first.cookies.map((c) => c.name)).toContain('haven_session')

      // Another browser: the same answer, no cookie at all, and it stays signed out.
      const elsewhere = await post('/api/checkout', body)
      expect(elsewhere.statusCode, elsewhere.body).toBe(200)
      expect(elsewhere.json()).toEqual(first.json())
      expect(elsewhere.headers['set-cookie']).toBeUndefined()
      expect((await post('/api/validate-access-token')).statusCode).toBe(401)
      // Its own cookies (a stale session of nobody) do not change that.
      const stranger = await post('/api/checkout', body, 'haven_checkout=1.forged; haven_session=x')
      expect(stranger.statusCode).toBe(200)
      expect(stranger.cookies.map((c) => c.name)).not.toContain('haven_session')

      // The browser that made it, replaying with its proof but without its session (a lost answer's cookies
      // came after all, the session ended): signed in again.
      const proofOnly = firstBrowser
        .split('; ')
        .filter((pair) => !pair.startsWith('haven_session='))
        .join('; ')
      expect(proofOnly).toMatch(/^haven_checkout=/)
      const again = await post('/api/checkout', body, proofOnly)
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toEqual(first.json())
      const session = again.cookies.find((c) => c.name === 'haven_session')
      expect(session).toBeDefined()
      const me = await post('/api/validate-access-token', undefined, `haven_session=${session!.value}`)
      expect(me.statusCode).toBe(200)
      expect(me.json()).toMatchObject({ email, activated: false })
      // The proof is the operation's: it does not open another guest's checkout.
      const other = checkoutBody(property, {}, { guest: guest(`other-${kind}@example.test`) })
      await post('/api/checkout', other)
      const crossed = await post('/api/checkout', other, proofOnly)
      expect(crossed.statusCode).toBe(200)
      expect(crossed.cookies.map((c) => c.name)).not.toContain('haven_session')
    })

    it('offers sign-in for an address already registered, and checks every field', async () => {
      const property = await bookableProperty(t.database.db, { minimumAge: 25 })
      const taken = await post(
        '/api/checkout',
        checkoutBody(property, {}, { guest: guest(DEMO_RENTER.email) }),
      )
      expect(taken.statusCode).toBe(409)
      expect(taken.json()).toMatchObject({
        error: 'email_taken',
        message: 'This email address is already registered.',
      })
      const bad = await post(
        '/api/checkout',
        checkoutBody(
          property,
          {},
          { guest: { fullName: ' ', email: 'x@example.test', birthDate: '2015-01-01', acceptTerms: false } },
        ),
      )
      const lines = await post(
        '/api/checkout',
        checkoutBody(
          property,
          {},
          {
            guest: guest('lines@example.test', {
              fullName: 'Bob\n\nIMPORTANT from Haven: the refund goes to IBAN FR76 0000 0000',
            }),
          },
        ),
      )
      expect(lines.statusCode).toBe(400)
      expect(lines.json().fields).toEqual({ 'guest.fullName': 'invalid_character' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().fields).toMatchObject({
        'guest.fullName': 'required',
        'guest.phone': 'invalid_phone',
        'guest.birthDate': 'too_young',
        'guest.acceptTerms': 'accept_terms',
      })
      // 21 passes the general rule, not this property's 25.
      const young = dayFromToday(-23 * 366)
      const tooYoung = await post(
        '/api/checkout',
        checkoutBody(property, {}, { guest: guest('young@example.test', { birthDate: young }) }),
      )
      expect(tooYoung.statusCode).toBe(400)
      expect(tooYoung.json()).toMatchObject({
        message: 'You must be at least 25 years old.',
        fields: { birthDate: 'too_young' },
      })
      const [none] = await t.database.db.select().from(users).where(eq(users.email, 'young@example.test'))
      expect(none).toBeUndefined()
      const visitor = await post('/api/checkout', checkoutBody(property))
      expect(visitor.statusCode).toBe(401)
    })
  })

  describe('the renter’s bookings', () => {
    it('pages 20 (or 10) at a time, newest first, filtered by status, only the renter’s own', async () => {
      const property = await bookableProperty(t.database.db, {})
      await t.database.db.insert(bookings).values(
        Array.from({ length: 45 }, (_, i) => ({
          userId: t.seed.renterId,
          propertyId: property.id,
          agencyId: property.agencyId,
          from: dayFromToday(100 + i),
          to: dayFromToday(101 + i),
          status: i % 3 === 0 ? ('RESERVED' as const) : ('PENDING' as const),
          price: 10 + i,
        })),
      )
      const own = (await bookingRows(t.seed.renterId)).filter((b) => b.expiresAt === null)
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const response = await post('/api/bookings', { cursor }, cookie)
        expect(response.statusCode).toBe(200)
        const page = response.json<{ items: { _id: string }[]; nextCursor: string | null }>()
        expect(page.items.length).toBeLessThanOrEqual(BOOKINGS_PAGE_SIZE)
        seen.push(...page.items.map((b) => b._id))
        cursor = page.nextCursor
        pages += 1
      } while (cursor)
      expect(pages).toBe(Math.ceil(own.length / BOOKINGS_PAGE_SIZE))
      expect(seen).toEqual(own.map((b) => String(b.id)).sort((a, b) => Number(b) - Number(a)))

      const small = await post('/api/bookings', { size: BOOKINGS_MOBILE_PAGE_SIZE }, cookie)
      expect(small.json().items).toHaveLength(BOOKINGS_MOBILE_PAGE_SIZE)
      const reserved = await post('/api/bookings', { statuses: ['RESERVED'], size: 100 }, cookie)
      const items = reserved.json().items as { status: string; property: { name: string; image: string } }[]
      expect(items.length).toBe(own.filter((b) => b.status === 'RESERVED').length)
      expect(items.every((b) => b.status === 'RESERVED')).toBe(true)
      expect(items[0]).toMatchObject({
        property: { name: property.name, image: expect.stringMatching(/^\/images\/properties\//) },
      })
      expect((await post('/api/bookings', {})).statusCode).toBe(401)
      const others = await post('/api/bookings', { size: 100 }, otherCookie)
      const otherIds = new Set(others.json().items.map((b: { _id: string }) => b._id))
      expect(seen.some((id) => otherIds.has(id))).toBe(false)
    })

    it('splits them into upcoming stays (check-out today or later) and past ones', async () => {
      const property = await bookableProperty(t.database.db, {})
      const stay = (from: number, to: number) => ({
        userId: t.seed.renterId,
        propertyId: property.id,
        agencyId: property.agencyId,
        from: dayFromToday(from),
        to: dayFromToday(to),
        status: 'RESERVED' as const,
        price: 10,
      })
      const [ended, leavingToday, coming] = await t.database.db
        .insert(bookings)
        .values([stay(-6, -1), stay(-3, 0), stay(300, 302)])
        .returning({ id: bookings.id })
      const ids = async (when: string) =>
        ((await post('/api/bookings', { when, size: 100 }, cookie)).json().items as { _id: string }[]).map(
          (item) => item._id,
        )
      const mine = [ended, leavingToday, coming].map((row) => String(row!.id))
      expect((await ids('upcoming')).filter((id) => mine.includes(id))).toEqual(
        [coming, leavingToday].map((row) => String(row!.id)),
      )
      expect((await ids('past')).filter((id) => mine.includes(id))).toEqual([String(ended!.id)])
      const bad = await post('/api/bookings', { when: 'soon' }, cookie)
      expect(bad.statusCode).toBe(400)
    })

    it('shows one booking with its breakdown to its renter only', async () => {
      const property = await bookableProperty(t.database.db, {
        price: 70,
        rentalTerm: 'DAILY',
        amendments: 15,
      })
      const renter = await freshRenter(t)
      const made = await post('/api/checkout', checkoutBody(property, { amendments: true }), renter.cookie)
      const id = made.json().bookingId as string
      const mine = await get(`/api/booking/${id}/fr`, renter.cookie)
      expect(mine.statusCode).toBe(200)
      expect(mine.json()).toMatchObject({
        _id: id,
        status: 'PENDING',
        amendments: true,
        price: 505,
        breakdown: { days: 7, rental: 490, cancellationFee: 0, amendmentsFee: 15, total: 505 },
        property: { _id: String(property.id), name: property.name, rentalTerm: 'DAILY' },
        // Paying later: no provider, nothing paid yet (the receipt says so).
        paymentProvider: null,
        paidAt: null,
      })
      expect((await get(`/api/booking/${id}/en`, otherCookie)).statusCode).toBe(403)
      expect((await get(`/api/booking/${id}/en`)).statusCode).toBe(401)
      expect((await get('/api/booking/999999999/en', renter.cookie)).statusCode).toBe(404)
      expect(mine.body).not.toContain(renter.email)
    })

    it('gives its renter the agency’s e-mail and phone and the property’s coordinates, and no one else', async () => {
      const property = await bookableProperty(t.database.db, { price: 60, rentalTerm: 'DAILY' })
      await t.database.db
        .update(properties)
        .set({ latitude: 48.8566, longitude: 2.3522 })
        .where(eq(properties.id, property.id))
      await t.database.db
        .update(users)
        .set({ phone: '+33 1 23 45 67 89' })
        .where(eq(users.id, property.agencyId))
      const [agency] = await t.database.db.select().from(users).where(eq(users.id, property.agencyId))
      const renter = await freshRenter(t)
      const made = await post('/api/checkout', checkoutBody(property), renter.cookie)
      const id = made.json().bookingId as string
      const mine = await get(`/api/booking/${id}/en`, renter.cookie)
      expect(mine.statusCode, mine.body).toBe(200)
      expect(mine.json()).toMatchObject({
        agency: {
          _id: String(property.agencyId),
          name: agency!.fullName,
          email: agency!.email,
          phone: '+33 1 23 45 67 89',
        },
        property: { _id: String(property.id), latitude: 48.8566, longitude: 2.3522 },
      })
      const other = await get(`/api/booking/${id}/en`, otherCookie)
      expect(other.statusCode).toBe(403)
      expect(other.body).not.toContain(agency!.email)
      // No phone and no coordinates are said as null, not left out.
      await t.database.db.update(users).set({ phone: null }).where(eq(users.id, property.agencyId))
      await t.database.db
        .update(properties)
        .set({ latitude: null, longitude: null })
        .where(eq(properties.id, property.id))
      expect((await get(`/api/booking/${id}/en`, renter.cookie)).json()).toMatchObject({
        agency: { phone: null },
        property: { latitude: null, longitude: null },
      })
    })
  })

  describe('a cancellation request', () => {
    const make = async (overrides: Partial<typeof bookings.$inferInsert>) => {
      const property = await bookableProperty(t.database.db, {})
      const [row] = await t.database.db
        .insert(bookings)
        .values({
          userId: t.seed.renterId,
          propertyId: property.id,
          agencyId: property.agencyId,
          from: dayFromToday(20),
          to: dayFromToday(25),
          status: 'PAID',
          cancellation: true,
          price: 100,
          ...overrides,
        })
        .returning()
      return { id: String(row!.id), property, stay: { from: row!.from, to: row!.to } }
    }

    const bookingRow = (id: string) => bookingById(t.database.db, id)
    const notesOn = (id: string) =>
      t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.bookingId, Number(id)))
        .orderBy(notifications.id)
    const agencyOf = async (property: { agencyId: number }) => {
      const [agency] = await t.database.db
        .update(users)
        .set({ enableEmailNotifications: true, language: 'en' })
        .where(eq(users.id, property.agencyId))
        .returning()
      return agency!
    }

    it('is taken once, confirmed to the renter by e-mail and notification, tells the agency once, and is asked again without effect', async () => {
      const { id, property, stay } = await make({})
      const agency = await agencyOf(property)
      const mails = mailCount()
      // Sent from the offline queue, then again after a lost answer: the same operation id both times.
      const operation = { operationId: 'op-cancel-12345678' }
      const first = await post(`/api/cancel-booking/${id}`, operation, cookie)
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json()).toEqual({ bookingId: id, cancelRequest: true })
      const renterMail = lastMailTo(t.config.dataDir, DEMO_RENTER.email)
      expect(renterMail.subject).toBe(
        `Your cancellation request for ${property.name}, ${formatStayRange(stay.from, stay.to, 'en')}`,
      )
      expect(renterMail.text).toContain('The agency decides, and will contact you to finalize it')
      expect(renterMail.text).toContain(`/booking?id=${id}`)
      expect(lastMailTo(t.config.dataDir, agency.email).subject).toBe(
        `Cancellation request for ${property.name}, ${formatStayRange(stay.from, stay.to, 'en')}`,
      )
      const again = await post(`/api/cancel-booking/${id}`, operation, cookie)
      expect(again.json()).toEqual(first.json())
      const withoutId = await post(`/api/cancel-booking/${id}`, {}, cookie)
      expect(withoutId.json()).toEqual(first.json())
      expect(mailCount()).toBe(mails + 2)
      expect(await bookingRow(id)).toMatchObject({ cancelRequest: true, status: 'PAID' })
      const notes = await notesOn(id)
      expect(notes.map((note) => [note.userId, note.messageEn])).toEqual([
        [
          t.seed.renterId,
          `Your request to cancel your booking of ${property.name}, ${formatStayRange(stay.from, stay.to, 'en')}, was sent to the agency, which will contact you.`,
        ],
        [
          agency.id,
          `“${DEMO_RENTER.fullName}” asks to cancel their booking of ${property.name}, ${formatStayRange(stay.from, stay.to, 'en')}.`,
        ],
      ])
    })

    it('is withdrawn by its renter once: the agency is told, and a replay changes nothing, even after a new request', async () => {
      const { id, property, stay } = await make({})
      const agency = await agencyOf(property)
      const request = { operationId: 'op-request-12345678' }
      const withdrawal = { operationId: 'op-withdraw-12345678' }
      await post(`/api/cancel-booking/${id}`, request, cookie)
      const mails = mailCount()
      const notes = (await notesOn(id)).length

      const withdrawn = await post(`/api/withdraw-cancellation/${id}`, withdrawal, cookie)
      expect(withdrawn.statusCode, withdrawn.body).toBe(200)
      expect(withdrawn.json()).toEqual({ bookingId: id, cancelRequest: false })
      expect(await bookingRow(id)).toMatchObject({ cancelRequest: false, status: 'PAID' })
      const agencyMail = lastMailTo(t.config.dataDir, agency.email)
      expect(agencyMail.subject).toBe(
        `Cancellation request withdrawn for ${property.name}, ${formatStayRange(stay.from, stay.to, 'en')}`,
      )
      expect(agencyMail.text).toContain(`“${DEMO_RENTER.fullName}” withdrew their request`)
      expect(mailCount()).toBe(mails + 1)
      const told = (await notesOn(id)).slice(notes)
      expect(told.map((note) => [note.userId, note.messageEn])).toEqual([
        [
          agency.id,
          `“${DEMO_RENTER.fullName}” withdrew their request to cancel their booking of ${property.name}, ${formatStayRange(stay.from, stay.to, 'en')}: the booking stands.`,
        ],
      ])

      // The same withdrawal delivered again (its answer lost): the same answer, nobody told again.
      const replay = await post(`/api/withdraw-cancellation/${id}`, withdrawal, cookie)
      expect(replay.json()).toEqual(withdrawn.json())
      expect(mailCount()).toBe(mails + 1)

      // Asked again later: the old request and withdrawal, delivered late, undo nothing.
      const asked = await post(`/api/cancel-booking/${id}`, { operationId: 'op-request-87654321' }, cookie)
      expect(asked.json()).toEqual({ bookingId: id, cancelRequest: true })
      const mailsAfterAsking = mailCount()
      const lateWithdrawal = await post(`/api/withdraw-cancellation/${id}`, withdrawal, cookie)
      expect(lateWithdrawal.json()).toEqual({ bookingId: id, cancelRequest: false })
      expect((await bookingRow(id)).cancelRequest).toBe(true)
      await post(`/api/withdraw-cancellation/${id}`, { operationId: 'op-withdraw-87654321' }, cookie)
      const lateRequest = await post(`/api/cancel-booking/${id}`, request, cookie)
      expect(lateRequest.json()).toEqual({ bookingId: id, cancelRequest: true })
      expect((await bookingRow(id)).cancelRequest).toBe(false)
      // Only the second withdrawal told the agency.
      expect(mailCount()).toBe(mailsAfterAsking + 1)
    })

    it('withdraws nothing when nothing is pending, tells nobody, and is refused to anyone else and once cancelled', async () => {
      const { id: idle, property } = await make({})
      // The agency wants e-mail: none sent shows that nobody was told.
      await agencyOf(property)
      const mails = mailCount()
      const nothing = await post(
        `/api/withdraw-cancellation/${idle}`,
        { operationId: 'op-nothing-1234' },
        cookie,
      )
      expect(nothing.statusCode, nothing.body).toBe(200)
      expect(nothing.json()).toEqual({ bookingId: idle, cancelRequest: false })
      expect(await notesOn(idle)).toEqual([])
      expect(mailCount()).toBe(mails)

      const { id } = await make({ cancelRequest: true })
      const other = await post(
        `/api/withdraw-cancellation/${id}`,
        { operationId: 'op-other-12345678' },
        otherCookie,
      )
      expect(other.statusCode).toBe(403)
      expect(other.json().error).toBe('forbidden')
      expect((await post(`/api/withdraw-cancellation/${id}`, {})).statusCode).toBe(401)
      const unknown = await post('/api/withdraw-cancellation/999999999', {}, cookie)
      expect(unknown.statusCode).toBe(404)
      const malformed = await post(`/api/withdraw-cancellation/${id}`, { operationId: 'x' }, cookie)
      expect(malformed.statusCode).toBe(400)
      expect((await bookingRow(id)).cancelRequest).toBe(true)
      expect(await notesOn(id)).toEqual([])

      // The agency has cancelled the booking meanwhile: the request is decided.
      const { id: decided } = await make({ cancelRequest: true, status: 'CANCELLED' })
      const late = await post(`/api/withdraw-cancellation/${decided}`, {}, cookie)
      expect(late.statusCode).toBe(409)
      expect(late.json().error).toBe('cancellation_decided')
      expect((await bookingRow(decided)).cancelRequest).toBe(true)
      expect(mailCount()).toBe(mails)
    })

    it('is refused without the option, once the stay started, once cancelled, with a malformed body, and to anyone else', async () => {
      const cases = [
        [{ cancellation: false }, 'cancellation_not_taken'],
        [{ from: dayFromToday(0) }, 'cancellation_too_late'],
        [{ from: dayFromToday(-3), to: dayFromToday(2) }, 'cancellation_too_late'],
        [{ status: 'CANCELLED' as const }, 'cancellation_too_late'],
      ] as const
      for (const [overrides, code] of cases) {
        const { id } = await make(overrides)
        const response = await post(`/api/cancel-booking/${id}`, {}, cookie)
        expect(response.statusCode, JSON.stringify(overrides)).toBe(409)
        expect(response.json().error).toBe(code)
      }
      const { id } = await make({})
      for (const body of [{ operationId: 'x' }, { operationId: 'op-cancel-12345678', reason: 'none' }]) {
        const response = await post(`/api/cancel-booking/${id}`, body, cookie)
        expect(response.statusCode, JSON.stringify(body)).toBe(400)
      }
      expect((await post(`/api/cancel-booking/${id}`, {}, otherCookie)).statusCode).toBe(403)
      expect((await post(`/api/cancel-booking/${id}`, {})).statusCode).toBe(401)
      const [row] = await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, Number(id)))
      expect(row!.cancelRequest).toBe(false)
    })
  })

  describe('booking messages', () => {
    // Fixed days next year, so that the expected words are written out here, not computed.
    const year = new Date().getUTCFullYear() + 1
    const book = async (property: { id: number; agencyId: number }, from: string, to: string) => {
      const [row] = await t.database.db
        .insert(bookings)
        .values({
          userId: t.seed.renterId,
          propertyId: property.id,
          agencyId: property.agencyId,
          from,
          to,
          status: 'PENDING',
          cancellation: true,
          price: 100,
        })
        .returning()
      return row!.id
    }
    const emit = (type: 'confirmed' | 'statusChanged', bookingId: number) =>
      emitBookingEvent({ type, bookingId }, t.app.ctx)

    it('name the stay’s dates in the reader’s language, so two bookings of one property read apart', async () => {
      const property = await bookableProperty(t.database.db, {})
      await t.database.db
        .update(users)
        .set({ enableEmailNotifications: true, language: 'en' })
        .where(eq(users.id, property.agencyId))
      const [agency] = await t.database.db.select().from(users).where(eq(users.id, property.agencyId))
      await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, t.seed.renterId))
      try {
        const first = await book(property, `${year}-08-01`, `${year}-08-08`)
        const second = await book(property, `${year}-07-30`, `${year}-09-02`)
        const mails = mailCount()
        await emit('confirmed', first)
        await emit('confirmed', second)
        const sent = readMailFolder(t.config.dataDir).slice(mails)
        const to = (email: string) => sent.filter((mail) => mail.to.includes(email))

        // The renter reads French: the subjects differ by their dates, the text has no ISO date.
        const renterMails = to(DEMO_RENTER.email)
        expect(renterMails.map((mail) => mail.subject)).toEqual([
          `Votre demande de réservation ${withPreposition('de', property.name)}, 1er–8 août ${year}, est envoyée`,
          `Votre demande de réservation ${withPreposition('de', property.name)}, 30 juillet – 2 septembre ${year}, est envoyée`,
        ])
        expect(renterMails[0]!.text).toContain(`du 1er août ${year} au 8 août ${year}`)
        expect(renterMails[1]!.text).toContain(`du 30 juillet ${year} au 2 septembre ${year}`)
        expect(renterMails[0]!.html).toContain(`du 1er août ${year} au 8 août ${year}`)
        // The agency reads English.
        const agencyMails = to(agency!.email)
        expect(agencyMails.map((mail) => mail.subject)).toEqual([
          `New booking of ${property.name}, 1–8 August ${year}`,
          `New booking of ${property.name}, 30 July – 2 September ${year}`,
        ])
        expect(agencyMails[0]!.text).toContain(`from 1 August ${year} to 8 August ${year}`)
        for (const mail of sent) expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\d{4}-\d{2}-\d{2}/)

        // The renter's notifications, read in French, are two different lines.
        const renterId = String(t.seed.renterId)
        const items = (await get(`/api/notifications/${renterId}/1/30`, cookie)).json().items as {
          message: string
          bookingId: string
        }[]
        const lineOf = (id: number) => items.find((item) => item.bookingId === String(id))?.message
        expect(lineOf(first)).toBe(
          `Votre demande de réservation ${withPreposition('de', property.name)}, 1er–8 août ${year}, a été transmise à l’agence, qui y répondra.`,
        )
        expect(lineOf(second)).toBe(
          `Votre demande de réservation ${withPreposition('de', property.name)}, 30 juillet – 2 septembre ${year}, a été transmise à l’agence, qui y répondra.`,
        )

        // A status change says the new status, with the dates, in each language.
        await t.database.db.update(bookings).set({ status: 'RESERVED' }).where(eq(bookings.id, first))
        const beforeChange = mailCount()
        await emit('statusChanged', first)
        expect(
          readMailFolder(t.config.dataDir)
            .slice(beforeChange)
            .map((mail) => mail.subject),
        ).toEqual([
          `Votre réservation ${withPreposition('de', property.name)}, 1er–8 août ${year}, est maintenant\u00a0: Réservée`,
        ])
        const [change] = await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.bookingId, first), eq(notifications.userId, t.seed.renterId)))
          .orderBy(desc(notifications.id))
          .limit(1)
        expect(change).toMatchObject({
          messageEn: `Your booking of ${property.name}, 1–8 August ${year}, is now: Reserved.`,
          messageFr: `Votre réservation ${withPreposition('de', property.name)}, 1er–8 août ${year}, est maintenant\u00a0: Réservée.`,
        })
      } finally {
        await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, t.seed.renterId))
      }
    })
  })
})
