// The orders by the stay's price are merged from one index stream per term and bookable state
// (stayPricePage): here every page of such searches is compared with a plain reference that prices every
// visible property and sorts them all, on properties made so that rounding ties the stay's price of
// different prices per term (where the price's order and the stay price's order part).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { PropertySearch } from '../../../src/contract/catalog.ts'
import type { RentalTerm } from '../../../src/domain/enums.ts'
import { daysInMonth, isLeapYear, rentalDays } from '../../../src/domain/price.ts'
import { addDays } from '../../../src/domain/stay.ts'
import type { Database } from '../../db/open.ts'
import { blockedNights, properties } from '../../db/schema.ts'
import { databaseKinds } from '../../test/harness.ts'
import { seededDatabase } from '../../test/seeded.ts'
import { holdingNow } from '../bookings/holding.ts'
import { searchProperties } from './queries.ts'

/** Far enough ahead that no demo booking holds these nights; two nights, so that rounding ties many prices. */
const from = addDays(new Date().toISOString().slice(0, 10), 700)
const stay = { from, to: addDays(from, 2) }
const NAME = 'Stay price order'

interface Made {
  rentalTerm: RentalTerm
  price: number
  available?: boolean
  soldOut?: boolean
  hidden?: boolean
  closed?: boolean
}

/**
 * Stays of about 1.00 in every term, a few cents apart at most. Yearly, monthly and weekly prices a little
 * apart round to the same stay price; they are made in price order, so that among such a tie the dearest is
 * the newest and comes first, where the price's order puts it last. Some cannot be booked, one is hidden,
 * some have their nights closed.
 */
function madeProperties(): Made[] {
  const made: Made[] = []
  const step = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i))
  // Each term twice: rising prices, then falling ones (newest cheapest), so that both orders meet both.
  for (const [rentalTerm, first, by, n, rising] of [
    ['YEARLY', 180, 0.4, 14, true],
    ['YEARLY', 180.2, 0.4, 8, false],
    ['MONTHLY', 14.8, 0.02, 10, true],
    ['MONTHLY', 14.81, 0.02, 6, false],
    ['WEEKLY', 3.45, 0.01, 8, true],
    ['WEEKLY', 3.455, 0.01, 6, false],
  ] as const) {
    const series = step(n, (i) => ({
      rentalTerm,
      price: Math.round((first + by * i) * 100) / 100,
      available: i % 7 !== 3,
      soldOut: i % 9 === 5,
      hidden: i === 10,
      closed: i % 6 === 2,
    }))
    made.push(...(rising ? series : series.reverse()))
  }
  // Daily stays tie only on the same price: 1.00 ties the other terms' stays of 1.00 too.
  for (const price of [0.5, 0.49, 0.5, 0.51, 0.5, 0.49, 0.5]) made.push({ rentalTerm: 'DAILY', price })
  return made
}

describe.each(databaseKinds())('pages by the stay price on %s', (kind) => {
  let database: Database
  beforeAll(async () => {
    database = (await seededDatabase(kind, 500)).database
    const db = database.db
    const [template] = await db.select().from(properties).limit(1)
    const { id: _id, createdAt: _createdAt, ...copy } = template!
    const rows = madeProperties()
    const ids = await db
      .insert(properties)
      .values(
        rows.map((row, i) => ({
          ...copy,
          name: `${NAME} ${i}`,
          rentalTerm: row.rentalTerm,
          price: row.price,
          available: row.available ?? true,
          soldOut: row.soldOut ?? false,
          hidden: row.hidden ?? false,
        })),
      )
      .returning({ id: properties.id })
    const closed = ids.filter((_, i) => rows[i]!.closed)
    await db.insert(blockedNights).values(closed.map(({ id }) => ({ propertyId: id, ...stay })))
    await db.execute(sql`analyze properties`)
  })
  afterAll(() => database?.close())

  /**
   * The reference: every visible property priced for the stay by the formula, written plainly, with whether a
   * held or closed night overlaps the stay; the search's filters and order applied here.
   */
  async function reference(search: PropertySearch, { byPrice = false } = {}): Promise<string[]> {
    const nights = rentalDays(stay.from, stay.to)
    const year = isLeapYear(Number(stay.from.slice(0, 4))) ? 366 : 365
    const { rows } = (await database.db.execute(sql`
      select p.id::text as id, p.name, p.price::text as price, p.type, p.rental_term as term, p.available, p.sold_out,
        (round(p.price * ${nights}::numeric / (case p.rental_term when 'MONTHLY' then ${daysInMonth(stay.from)}::numeric
          when 'WEEKLY' then 7 when 'DAILY' then 1 else ${year}::numeric end), 2) * 100)::bigint::text as cents,
        exists (select 1 from bookings b where b.property_id = p.id and ${holdingNow('b')}
          and b.from_date < ${stay.to} and b.to_date > ${stay.from})
        or exists (select 1 from blocked_nights bn where bn.property_id = p.id
          and bn.from_date < ${stay.to} and bn.to_date > ${stay.from}) as held
      from properties p where not p.hidden`)) as {
      rows: Array<{
        id: string
        name: string
        price: string
        type: string
        term: RentalTerm
        available: boolean
        sold_out: boolean
        cents: string
        held: boolean
      }>
    }
    const asked = search.availability ?? ['AVAILABLE']
    const direction = search.sort === 'totalAsc' ? 1 : -1
    return (
      rows
        .map((row) => ({ ...row, rank: row.available && !row.sold_out ? 0 : 1, total: Number(row.cents) }))
        .filter(
          (row) =>
            !row.held &&
            asked.includes(row.rank === 0 ? 'AVAILABLE' : 'UNAVAILABLE') &&
            (!search.keyword || row.name.toLowerCase().includes(search.keyword.toLowerCase())) &&
            (!search.rentalTerms?.length || search.rentalTerms.includes(row.term)) &&
            (!search.types?.length || search.types.includes(row.type as never)) &&
            (search.minPrice === undefined || Number(row.price) >= search.minPrice) &&
            (search.maxPrice === undefined || Number(row.price) <= search.maxPrice) &&
            (search.minTotal === undefined || row.total >= Math.round(search.minTotal * 100)) &&
            (search.maxTotal === undefined || row.total <= Math.round(search.maxTotal * 100)),
        )
        // `byPrice`: in the order of the price per term, for one term, to tell the two orders apart.
        .sort(
          (a, b) =>
            a.rank - b.rank ||
            (byPrice ? Number(a.price) - Number(b.price) : a.total - b.total) * direction ||
            Number(b.id) - Number(a.id),
        )
        .map((row) => row.id)
    )
  }

  /** Every page of the search, as ids, following the cursors. */
  async function pages(search: PropertySearch, size: number): Promise<string[][]> {
    const all: string[][] = []
    let cursor: string | null = null
    do {
      const page = await searchProperties(database.db, { ...search, size, cursor })
      all.push(page.items.map((item) => item._id))
      cursor = page.nextCursor
    } while (cursor && all.length < 500)
    return all
  }

  /** The reference cut into pages of `size`. */
  const cut = (ids: string[], size: number) =>
    Array.from({ length: Math.max(1, Math.ceil(ids.length / size)) }, (_, i) =>
      ids.slice(i * size, (i + 1) * size),
    )

  it('ties different prices on the same stay price, so that the two orders part', async () => {
    const search = { ...stay, keyword: NAME, rentalTerms: ['YEARLY' as const] }
    for (const sort of ['totalAsc', 'totalDesc'] as const) {
      // Newest first in a tie of stay prices: not the price's order, one way or the other.
      const byTotal = await reference({ ...search, sort })
      expect(byTotal, sort).not.toEqual(await reference({ ...search, sort }, { byPrice: true }))
      expect(byTotal.length).toBeGreaterThan(10)
    }
  })

  const sorts = ['totalAsc', 'totalDesc'] as const
  const searches: Array<Omit<PropertySearch, 'sort'>> = [
    { keyword: NAME },
    { keyword: NAME, availability: ['AVAILABLE', 'UNAVAILABLE'] },
    { keyword: NAME, availability: ['UNAVAILABLE'] },
    { keyword: NAME, rentalTerms: ['YEARLY', 'MONTHLY'] },
    { keyword: NAME, minTotal: 0.99, maxTotal: 1.01, availability: ['AVAILABLE', 'UNAVAILABLE'] },
    { keyword: NAME, minPrice: 3.46, maxPrice: 14.85 },
  ]
  for (const sort of sorts) {
    for (const [i, search] of searches.entries()) {
      it.each([1, 3, 16])(
        `${sort}, search ${i + 1}: every page as the reference's (pages of %i)`,
        async (size) => {
          const asked = { ...stay, ...search, sort }
          const expected = await reference(asked)
          expect(expected.length).toBeGreaterThan(0)
          expect(await pages(asked, size)).toEqual(cut(expected, size))
        },
      )
    }
    it(`${sort}: the whole catalog, every page as the reference's`, async () => {
      const asked: PropertySearch = { ...stay, sort, availability: ['AVAILABLE', 'UNAVAILABLE'] }
      expect(await pages(asked, 40)).toEqual(cut(await reference(asked), 40))
    })
  }
})
