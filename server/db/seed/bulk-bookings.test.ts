// Bookings generated in bulk for benchmarks (`npm run seed -- --bookings N`): as many as asked, each on a
// property of its own agency, and never two holding the same night of a property — so that the availability a
// benchmark measures is the one renters meet.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HOLDING_BOOKING_STATUSES } from '../../../src/domain/enums.ts'
import { databaseKinds } from '../../test/harness.ts'
import { seededDatabase, type SeededDatabase } from '../../test/seeded.ts'
import { insertBookings } from './bulk-bookings.ts'

describe.each(databaseKinds())('bulk bookings on %s', (kind) => {
  let seeded: SeededDatabase
  const count = async (query: ReturnType<typeof sql>) => {
    const { rows } = (await seeded.database.db.execute(query)) as { rows: Array<{ n: number | string }> }
    return Number(rows[0]?.n)
  }

  beforeAll(async () => {
    seeded = await seededDatabase(kind, 500)
  })
  afterAll(() => seeded.database.close())

  it('adds the bookings asked for, on their properties’ agencies, without two holding one night', async () => {
    const before = await count(sql`select count(*) as n from bookings`)
    expect(await insertBookings(seeded.database.db, 3_000, { chunk: 1_000 })).toBe(3_000)
    expect(await count(sql`select count(*) as n from bookings`)).toBe(before + 3_000)
    expect(
      await count(sql`select count(*) as n from bookings b join properties p on p.id = b.property_id
        where b.agency_id <> p.agency_id`),
    ).toBe(0)
    const holding = sql.raw(HOLDING_BOOKING_STATUSES.map((status) => `'${status}'`).join(', '))
    expect(
      await count(sql`select count(*) as n from bookings a join bookings b on a.property_id = b.property_id
        and a.id < b.id and a.from_date < b.to_date and b.from_date < a.to_date
        where a.status in (${holding}) and b.status in (${holding})`),
    ).toBe(0)
    // Most of them lie ahead, where renters' dated searches look.
    expect(
      await count(sql`select count(*) as n from bookings where from_date > current_date`),
    ).toBeGreaterThan(1_500)
  })
})
