// The step checkout and a change of dates share before a booking holds its nights (claimStay): another held
// stay over them is refused with 409 'already_booked'; otherwise the columns written are the stay's dates and
// its price, its breakdown's parts included. What an overlap leaves out (the booking itself) is not counted.
// Nights the agency closed (blocked_nights) are held nights too, even for the booking being changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { PriceBreakdown } from '../../../src/domain/booking.ts'
import { blockedNights, bookings } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { bookableProperty, dayFromToday } from '../../test/bookings.ts'
import { databaseKinds, startTestApp, type TestApp } from '../../test/harness.ts'
import { claimStay } from './holding.ts'

const breakdown: PriceBreakdown = { days: 3, rental: 300, cancellationFee: 30, amendmentsFee: 15, total: 345 }

describe.each(databaseKinds())('claimStay on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 3 })
  })
  afterAll(() => t?.close())

  /** A property whose nights 900 to 903 days from today another renter's paid booking holds. */
  async function heldBooking() {
    const property = await bookableProperty(t.database.db, {})
    const { id: propertyId, agencyId } = property
    const stay = { from: dayFromToday(900), to: dayFromToday(903) }
    const paid = {
      userId: t.seed.otherRenterId,
      propertyId,
      agencyId,
      ...stay,
      status: 'PAID' as const,
      price: 1,
    }
    const [held] = await t.database.db.insert(bookings).values(paid).returning()
    return { property, held: held! }
  }

  it('answers the columns of the stay’s dates and price when no held stay overlaps it', async () => {
    const { property } = await heldBooking()
    const stay = { from: dayFromToday(903), to: dayFromToday(906) }
    expect(await claimStay(t.database.db, property.id, stay, breakdown, {})).toEqual({
      from: stay.from,
      to: stay.to,
      price: 345,
      rentalPrice: 300,
      cancellationFee: 30,
      amendmentsFee: 15,
    })
  })

  it('refuses with 409 already_booked a stay over held nights, unless they are the booking’s own', async () => {
    const { property, held } = await heldBooking()
    const stay = { from: dayFromToday(902), to: dayFromToday(905) }
    const refusal = await claimStay(t.database.db, property.id, stay, breakdown, {}).catch((error) => error)
    expect(refusal).toBeInstanceOf(HttpError)
    expect(refusal).toMatchObject({
      status: 409,
      code: 'already_booked',
      message: 'This property is already booked for these dates.',
    })
    const own = await claimStay(t.database.db, property.id, stay, breakdown, { bookingId: held.id })
    expect(own).toMatchObject({ from: stay.from, to: stay.to, price: 345 })
  })

  it('refuses with 409 already_booked a stay over nights the agency closed, whichever booking asks', async () => {
    const { property, held } = await heldBooking()
    await t.database.db
      .insert(blockedNights)
      .values({ propertyId: property.id, from: dayFromToday(910), to: dayFromToday(912) })
    for (const stay of [
      { from: dayFromToday(911), to: dayFromToday(914) },
      { from: dayFromToday(908), to: dayFromToday(911) },
    ]) {
      for (const notCounted of [{}, { bookingId: held.id }]) {
        const refusal = await claimStay(t.database.db, property.id, stay, breakdown, notCounted).catch(
          (error) => error,
        )
        expect(refusal).toMatchObject({ status: 409, code: 'already_booked' })
      }
    }
    const after = { from: dayFromToday(912), to: dayFromToday(915) }
    expect(await claimStay(t.database.db, property.id, after, breakdown, {})).toMatchObject(after)
  })
})
