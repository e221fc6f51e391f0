import { desc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import {
  agencySchema,
  countryWithLocationsSchema,
  propertyPageSchema,
  propertySchema,
  type PropertySummary,
} from '../../src/contract/catalog.ts'
import { PROPERTIES_PAGE_SIZE, SEARCH_COUNT_CAP } from '../../src/domain/constants.ts'
import { PROPERTY_TYPES, RENTAL_TERMS } from '../../src/domain/enums.ts'
import { rentalPrice } from '../../src/domain/price.ts'
import { addDays } from '../../src/domain/stay.ts'
import { bookings, locations, properties } from '../db/schema.ts'
import { insertProperties } from '../db/seed/seed.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

/** Today as the server sees it (UTC), and a day `days` after it. */
const todayUtc = () => new Date().toISOString().slice(0, 10)
const daysAhead = (days: number) => addDays(todayUtc(), days)

describe.each(databaseKinds())('catalog on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind)
  })
  afterAll(() => t?.close())

  const search = async (body: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/properties/search', payload: body })
    expect(response.statusCode, response.body).toBe(200)
    return propertyPageSchema.parse(response.json())
  }

  /** Every page of a search, following nextCursor to the end. */
  const searchAll = async (body: object) => {
    const items: PropertySummary[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 200; pages++) {
      const page = await search({ ...body, size: 50, cursor })
      items.push(...page.items)
      cursor = page.nextCursor
      if (!cursor) break
    }
    return items
  }

  it('lists the eight agencies with their logos and visible property counts', async () => {
    const response = await t.app.inject('/api/all-agencies')
    const agencies = z.array(agencySchema).parse(response.json())
    expect(agencies).toHaveLength(8)
    expect(agencies.map((a) => a.name)).toContain('Harbor & Pine Realty')
    for (const agency of agencies) expect(agency.image).toMatch(/^\/images\/agencies\/agency-\d+\.webp$/)
    const visible = (await t.database.db.select().from(properties)).filter((p) => !p.hidden).length
    expect(agencies.reduce((sum, a) => sum + a.propertyCount, 0)).toBe(visible)
  })

  it('lists countries with their places, named in the requested language', async () => {
    const en = z
      .array(countryWithLocationsSchema)
      .parse((await t.app.inject('/api/countries-with-locations/en')).json())
    const fr = z
      .array(countryWithLocationsSchema)
      .parse((await t.app.inject('/api/countries-with-locations/fr')).json())
    expect(en.length).toBeGreaterThanOrEqual(3)
    // Morocco has three places in the demo data: fewer than the home page features, listed all the same.
    expect(en.map((c) => c.name)).toContain('Morocco')
    expect(en.map((c) => c.name)).toContain('United Kingdom')
    expect(fr.map((c) => c.name)).toContain('Royaume-Uni')
    expect(fr.flatMap((c) => c.locations.map((l) => l.name))).toContain('Londres')
    const response = await t.app.inject('/api/countries-with-locations/de')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'validation' })
  })

  it('pages through every visible property once, newest first, 15 per page by default', async () => {
    const first = await search({ sort: 'newest' })
    expect(first.items).toHaveLength(PROPERTIES_PAGE_SIZE)
    expect(first.nextCursor).not.toBeNull()
    const all = await searchAll({ sort: 'newest' })
    const ids = all.map((p) => Number(p._id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const rows = await t.database.db.select().from(properties)
    expect(ids.length).toBe(rows.filter((p) => !p.hidden).length)
    const hidden = new Set(rows.filter((p) => p.hidden).map((p) => p.id))
    expect(hidden.size).toBeGreaterThan(0)
    expect(ids.some((id) => hidden.has(id))).toBe(false)
  })

  it('seeds every property type and rental term, each property with three images', async () => {
    const rows = await t.database.db.select().from(properties)
    expect(rows).toHaveLength(500)
    expect(new Set(rows.map((p) => p.type))).toEqual(new Set(PROPERTY_TYPES))
    expect(new Set(rows.map((p) => p.rentalTerm))).toEqual(new Set(RENTAL_TERMS))
    for (const row of rows) expect(row.images.length).toBeGreaterThanOrEqual(3)
  })

  it('seeds plausible listings: rooms and sizes that fit the type, prices that follow the place', async () => {
    const rows = await t.database.db.select().from(properties)
    const places = new Map(
      (await t.database.db.select().from(locations)).map((location) => [location.id, location]),
    )
    for (const row of rows) {
      if (row.type === 'PLOT') {
        expect([row.bedrooms, row.bathrooms, row.kitchens]).toEqual([0, 0, 0])
      }
      if (['COMMERCIAL', 'INDUSTRIAL'].includes(row.type)) expect(row.bedrooms).toBe(0)
      // No second bathroom in a small flat.
      if (row.bathrooms >= 2) expect(row.size!).toBeGreaterThanOrEqual(90)
      // No farm or plot in a dense inner district.
      if (['FARM', 'PLOT'].includes(row.type)) {
        expect(['Le Marais', 'Camden', 'Brooklyn', 'Bondi']).not.toContain(places.get(row.locationId)!.nameEn)
      }
    }
    // Homes cost more per m² in Paris than in Marseille, term for term: prices follow the place.
    const perM2 = (city: string, term: string) =>
      rows
        .filter(
          (p) =>
            ['APARTMENT', 'HOUSE', 'TOWNHOUSE'].includes(p.type) &&
            p.rentalTerm === term &&
            places.get(p.locationId)!.nameEn === city,
        )
        .map((p) => p.price / p.size!)
    let compared = 0
    for (const term of RENTAL_TERMS) {
      const [paris, marseille] = [perM2('Paris', term), perM2('Marseille', term)]
      if (!paris.length || !marseille.length) continue
      expect(Math.min(...paris)).toBeGreaterThan(Math.max(...marseille))
      compared++
    }
    expect(compared).toBeGreaterThan(0)
    // Titles are written in the place's language: no "Coastal Villa" in Le Marais.
    const marais = rows.filter((p) => places.get(p.locationId)!.nameEn === 'Le Marais')
    expect(marais.length).toBeGreaterThan(0)
    for (const row of marais) {
      expect(row.name).toMatch(
        /^(Appartement|Loft|Studio|Duplex|Maison|Villa|Maison de ville|Local commercial|Boutique|Bureaux) /,
      )
    }
  })

  it('filters by type and rental term', async () => {
    const items = await searchAll({ types: ['FARM', 'PLOT'], rentalTerms: ['DAILY'] })
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) {
      expect(['FARM', 'PLOT']).toContain(item.type)
      expect(item.rentalTerm).toBe('DAILY')
    }
  })

  it('includes child locations when filtering by a location', async () => {
    const countries = z
      .array(countryWithLocationsSchema)
      .parse((await t.app.inject('/api/countries-with-locations/en')).json())
    const locations = countries.flatMap((c) => c.locations)
    const london = locations.find((l) => l.name === 'London')!
    const camden = locations.find((l) => l.name === 'Camden')!
    expect(camden.parentId).toBe(london._id)
    const items = await searchAll({ locations: [london._id] })
    const names = new Set(items.map((p) => p.location.name))
    expect(names).toEqual(new Set(['London', 'Camden']))
  })

  it('leaves out properties booked (paid, deposit, reserved) over the chosen dates', async () => {
    const blocking = (await t.database.db.select().from(bookings)).filter((b) =>
      ['PAID', 'DEPOSIT', 'RESERVED'].includes(b.status),
    )
    const hidden = new Set(
      (await t.database.db.select().from(properties)).filter((p) => p.hidden).map((p) => p.id),
    )
    const threeDaysAfter = (day: string) => {
      const date = new Date(`${day}T00:00:00Z`)
      date.setUTCDate(date.getUTCDate() + 3)
      return date.toISOString().slice(0, 10)
    }
    // A visible property booked from today on (a search for past days is refused), with no other blocking
    // booking in the three days after this one ends.
    const booked = blocking.find(
      (b) =>
        b.from >= todayUtc() &&
        !hidden.has(b.propertyId) &&
        !blocking.some(
          (other) =>
            other !== b &&
            other.propertyId === b.propertyId &&
            other.from < threeDaysAfter(b.to) &&
            other.to > b.to,
        ),
    )
    if (!booked) throw new Error('the demo data has no blocking booking on a visible property')
    const overlapping = await searchAll({ from: booked.from, to: booked.to })
    expect(overlapping.map((p) => p._id)).not.toContain(String(booked.propertyId))
    // The day the booking ends, the property is free again.
    const later = await searchAll({ from: booked.to, to: threeDaysAfter(booked.to) })
    expect(later.map((p) => p._id)).toContain(String(booked.propertyId))
  })

  it('refuses bad search input with a 400 naming the fields, never a 500', async () => {
    const cases = [
      { size: 0 },
      { size: 'ten' },
      { types: ['CASTLE'] },
      { from: '2026-13-40', to: '2026-12-01' },
      { from: '2026-12-10', to: '2026-12-01' },
      { cursor: 'DROP TABLE' },
      { locations: ['1 or 1=1'] },
      // A NUL byte is no text the database stores or compares.
      { keyword: 'villa\u0000' },
      { keyword: '\u0000' },
      { sort: 'cheapest' },
      { minPrice: -1 },
      { minPrice: 500, maxPrice: 100 },
      { maxPrice: 'a lot' },
      // A cursor is good only with the order that gave it.
      { sort: 'priceAsc', cursor: '42' },
      { sort: 'available', cursor: '1250.5_42' },
      { sort: 'priceDesc', cursor: '12.345_42' },
      { from: daysAhead(10), to: daysAhead(12), sort: 'totalAsc', cursor: '42' },
      // Malformed dates beside a good one: the stay's rules must not price them (a 500 once).
      { from: daysAhead(10), to: 'zzzz' },
      { from: 'a@b.c', to: daysAhead(10), minTotal: 5 },
      { minBedrooms: -1 },
      { minBedrooms: 1.5 },
      { furnished: 'yes' },
      { petsAllowed: 1 },
      { minTotal: -5, from: daysAhead(10), to: daysAhead(12) },
    ]
    for (const body of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/properties/search', payload: body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      const error = response.json()
      expect(error).toMatchObject({ error: 'validation', message: expect.any(String) })
      expect(response.body).not.toMatch(/at .*\.ts:\d+|stack|select /i)
    }
  })

  it('refuses a search it cannot run as asked, naming the field and its code', async () => {
    const stay = { from: daysAhead(10), to: daysAhead(17) }
    const cases: Array<[object, string, string, string]> = [
      // [search, field, code, the English `message`]
      [
        { minPrice: 500, maxPrice: 100 },
        'maxPrice',
        'price_range_invalid',
        'maxPrice: The highest price must not be below the lowest.',
      ],
      [
        { ...stay, minTotal: 900, maxTotal: 800 },
        'maxTotal',
        'price_range_invalid',
        'maxTotal: The highest price must not be below the lowest.',
      ],
      // Before yesterday in UTC is before today everywhere on Earth.
      [
        { from: daysAhead(-2), to: daysAhead(3) },
        'from',
        'start_in_past',
        'from: The stay cannot start in the past.',
      ],
      [
        { from: '2020-01-01', to: '2020-01-08' },
        'from',
        'start_in_past',
        'from: The stay cannot start in the past.',
      ],
      [
        { from: daysAhead(800), to: daysAhead(805) },
        'from',
        'start_too_far',
        'from: A stay must start within the next two years.',
      ],
      [
        { from: daysAhead(12), to: daysAhead(10) },
        'to',
        'dates_invalid',
        'to: The end date must be after the start date.',
      ],
      [
        { from: daysAhead(10), to: daysAhead(400) },
        'to',
        'stay_too_long',
        'to: A stay is at most 365 nights.',
      ],
      [{ minTotal: 100 }, 'minTotal', 'dates_required', 'minTotal: Choose the dates of the stay first.'],
      [
        { from: stay.from, maxTotal: 100 },
        'maxTotal',
        'dates_required',
        'maxTotal: Choose the dates of the stay first.',
      ],
      [{ sort: 'totalDesc' }, 'sort', 'dates_required', 'sort: Choose the dates of the stay first.'],
    ]
    for (const [body, field, code, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/properties/search', payload: body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toEqual({ error: 'validation', message, fields: { [field]: code } })
    }
    // Today anywhere on Earth is a start: the server, knowing no time zone, takes the day before and after
    // today in UTC.
    for (const from of [daysAhead(-1), daysAhead(0), daysAhead(730), daysAhead(731)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/properties/search',
        payload: { from, to: addDays(from, 2), size: 1 },
      })
      expect(response.statusCode, from).toBe(200)
    }
  })

  it('filters by bedrooms (at least), furnished and pets allowed, alone and combined', async () => {
    const rows = (await t.database.db.select().from(properties)).filter((p) => !p.hidden)
    const idsOf = (items: PropertySummary[]) => items.map((p) => Number(p._id)).sort((a, b) => a - b)
    const expected = (keep: (p: (typeof rows)[number]) => boolean) =>
      rows
        .filter(keep)
        .map((p) => p.id)
        .sort((a, b) => a - b)

    const threeOrMore = await searchAll({ minBedrooms: 3 })
    expect(threeOrMore.length).toBeGreaterThan(0)
    expect(threeOrMore.length).toBeLessThan(rows.length)
    expect(idsOf(threeOrMore)).toEqual(expected((p) => p.bedrooms >= 3))
    for (const item of threeOrMore) expect(item.bedrooms).toBeGreaterThanOrEqual(3)

    for (const furnished of [true, false]) {
      const items = await searchAll({ furnished })
      expect(items.length).toBeGreaterThan(0)
      expect(idsOf(items)).toEqual(expected((p) => p.furnished === furnished))
    }
    for (const petsAllowed of [true, false]) {
      const items = await searchAll({ petsAllowed })
      expect(items.length).toBeGreaterThan(0)
      expect(idsOf(items)).toEqual(expected((p) => p.petsAllowed === petsAllowed))
    }

    const combined = await searchAll({ minBedrooms: 2, furnished: true, petsAllowed: true, sort: 'newest' })
    const keep = expected((p) => p.bedrooms >= 2 && p.furnished && p.petsAllowed)
    expect(keep.length).toBeGreaterThan(0)
    expect(idsOf(combined)).toEqual(keep)
    expect((await search({ minBedrooms: 2, furnished: true, petsAllowed: true })).total).toBe(keep.length)
  })

  it('answers a property in the requested language, and 404 for hidden or unknown ones', async () => {
    const [visible] = (await search({ size: 1 })).items
    const en = propertySchema.parse((await t.app.inject(`/api/property/${visible!._id}/en`)).json())
    const fr = propertySchema.parse((await t.app.inject(`/api/property/${visible!._id}/fr`)).json())
    expect(en.name).toBe(visible!.name)
    expect(en.images.length).toBeGreaterThanOrEqual(3)
    expect(en.images[0]).toEqual({
      small: expect.stringMatching(/^\/images\/properties\/[a-z]+-\d\.webp$/),
      large: expect.stringMatching(/^\/images\/properties\/large\//),
    })
    expect(en.description).not.toBe(fr.description)
    expect(fr.description).toMatch(/ à /)

    const hidden = (await t.database.db.select().from(properties)).find((p) => p.hidden)!
    const response = await t.app.inject(`/api/property/${hidden.id}/en`)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: 'not_found', message: expect.any(String) })
    expect((await t.app.inject('/api/property/999999/en')).statusCode).toBe(404)
    expect((await t.app.inject('/api/property/abc/en')).statusCode).toBe(400)
  })

  it('filters by agency, availability and name, alone and combined', async () => {
    const rows = (await t.database.db.select().from(properties)).filter((p) => !p.hidden)
    const agencyId = rows[0]!.agencyId
    const byAgency = await searchAll({ agencies: [String(agencyId)] })
    expect(byAgency.map((p) => Number(p._id)).sort()).toEqual(
      rows
        .filter((p) => p.agencyId === agencyId)
        .map((p) => p.id)
        .sort(),
    )
    // Sold out counts as unavailable: it cannot be booked.
    const unavailable = await searchAll({ availability: ['UNAVAILABLE'] })
    expect(unavailable.length).toBe(rows.filter((p) => !p.available || p.soldOut).length)
    for (const item of unavailable) expect(!item.available || item.soldOut).toBe(true)
    const bookable = await searchAll({ availability: ['AVAILABLE'] })
    expect(bookable.length).toBe(rows.filter((p) => p.available && !p.soldOut).length)
    for (const item of bookable) expect(item.available && !item.soldOut).toBe(true)
    const both = await searchAll({ availability: ['AVAILABLE', 'UNAVAILABLE'] })
    expect(both.length).toBe(rows.length)

    const named = await searchAll({ keyword: 'loft' })
    expect(named.length).toBeGreaterThan(0)
    for (const item of named) expect(item.name.toLowerCase()).toContain('loft')
    // LIKE wildcards in a keyword are literal characters, not patterns.
    expect(await searchAll({ keyword: '%' })).toHaveLength(0)

    const combined = await searchAll({
      agencies: [String(agencyId)],
      types: ['HOUSE'],
      rentalTerms: ['MONTHLY', 'YEARLY'],
      availability: ['AVAILABLE'],
    })
    const expected = rows.filter(
      (p) =>
        p.agencyId === agencyId &&
        p.type === 'HOUSE' &&
        ['MONTHLY', 'YEARLY'].includes(p.rentalTerm) &&
        p.available &&
        !p.soldOut,
    )
    expect(combined.map((p) => Number(p._id)).sort()).toEqual(expected.map((p) => p.id).sort())
  })

  it('keeps pages whole while properties are added: no duplicate, no gap', async () => {
    const before = (await t.database.db.select().from(properties)).filter((p) => !p.hidden).map((p) => p.id)
    const seen: number[] = []
    let cursor: string | null = null
    let inserted = false
    do {
      const page = await search({ size: 40, cursor })
      seen.push(...page.items.map((p) => Number(p._id)))
      cursor = page.nextCursor
      if (!inserted) {
        // New listings arrive while a renter scrolls: they belong to a new search, not to this one.
        const [template] = await t.database.db.select().from(properties).limit(1)
        const { id: _id, createdAt: _createdAt, ...copy } = template!
        await t.database.db.insert(properties).values([
          { ...copy, hidden: false },
          { ...copy, hidden: false },
        ])
        inserted = true
      }
    } while (cursor)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort((a, b) => a - b)).toEqual(before.sort((a, b) => a - b))
  })
  describe('sorted pages', () => {
    // Properties sharing one price across page boundaries, so that ties must be broken by the id.
    const TIED_PRICE = 777
    beforeAll(async () => {
      const [template] = await t.database.db.select().from(properties).limit(1)
      const { id: _id, createdAt: _createdAt, ...copy } = template!
      await t.database.db.insert(properties).values(
        Array.from({ length: 12 }, (_, i) => ({
          ...copy,
          hidden: false,
          price: TIED_PRICE,
          available: i % 3 !== 0,
          soldOut: i % 4 === 0,
        })),
      )
    })

    const bookable = (p: { available: boolean; soldOut: boolean }) => p.available && !p.soldOut
    const visibleRows = async () => (await t.database.db.select().from(properties)).filter((p) => !p.hidden)

    /** Every page of a search in pages of `size`, checking that the pages add up to the total. */
    const walk = async (body: object, size: number) => {
      const items: PropertySummary[] = []
      let cursor: string | null = null
      let total: number | null = null
      for (let pages = 0; pages < 500; pages++) {
        const page = await search({ ...body, size, cursor })
        if (cursor === null) total = page.total
        else expect(page.total).toBeNull()
        items.push(...page.items)
        cursor = page.nextCursor
        if (!cursor) break
      }
      expect(items.length).toBe(total)
      return items
    }

    const expectEveryRowOnce = async (items: PropertySummary[]) => {
      const ids = items.map((p) => Number(p._id))
      expect(new Set(ids).size).toBe(ids.length)
      expect([...ids].sort((a, b) => a - b)).toEqual(
        (await visibleRows()).map((p) => p.id).sort((a, b) => a - b),
      )
    }

    it.each([7, 15, 50])(
      'lists bookable properties first by default, newest first among them (pages of %i)',
      async (size) => {
        const items = await walk({}, size)
        await expectEveryRowOnce(items)
        const firstOther = items.findIndex((p) => !bookable(p))
        expect(firstOther).toBeGreaterThan(0)
        expect(items.slice(firstOther).every((p) => !bookable(p))).toBe(true)
        for (const part of [items.slice(0, firstOther), items.slice(firstOther)]) {
          const ids = part.map((p) => Number(p._id))
          expect(ids).toEqual([...ids].sort((a, b) => b - a))
        }
      },
    )

    it.each([7, 15, 50])(
      'sorts by price, ascending and descending, ties newest first (pages of %i)',
      async (size) => {
        const ascending = await walk({ sort: 'priceAsc' }, size)
        const descending = await walk({ sort: 'priceDesc' }, size)
        for (const [items, direction] of [
          [ascending, 1],
          [descending, -1],
        ] as const) {
          await expectEveryRowOnce(items)
          for (let i = 1; i < items.length; i++) {
            const [previous, current] = [items[i - 1]!, items[i]!]
            const byPrice = (current.price - previous.price) * direction
            expect(byPrice).toBeGreaterThanOrEqual(0)
            if (byPrice === 0) expect(Number(current._id)).toBeLessThan(Number(previous._id))
          }
          expect(items.filter((p) => p.price === TIED_PRICE).length).toBeGreaterThanOrEqual(12)
        }
      },
    )

    it('narrows by price range, bounds included, in every order, and counts the matches', async () => {
      const rows = await visibleRows()
      const expected = rows
        .filter((p) => p.price >= 100 && p.price <= TIED_PRICE)
        .map((p) => p.id)
        .sort((a, b) => a - b)
      expect(expected.length).toBeGreaterThan(12)
      for (const sort of ['available', 'newest', 'priceAsc', 'priceDesc']) {
        const items = await walk({ sort, minPrice: 100, maxPrice: TIED_PRICE }, 10)
        expect(items.map((p) => Number(p._id)).sort((a, b) => a - b)).toEqual(expected)
      }
      const exactly = await search({ minPrice: TIED_PRICE, maxPrice: TIED_PRICE, size: 1 })
      expect(exactly.total).toBe(rows.filter((p) => p.price === TIED_PRICE).length)
      expect((await search({ minPrice: 999_999_999 })).total).toBe(0)
    })

    describe('by the price of the stay', () => {
      // Far enough ahead that no demo booking holds these nights: every visible property matches. Across
      // a month's end, so that a monthly price is divided by the start's month.
      const start = daysAhead(700)
      const stay = { from: start, to: addDays(start, 40) }
      const totalOf = (p: PropertySummary) => rentalPrice(p, stay)

      beforeAll(async () => {
        const held = (await t.database.db.select().from(bookings)).filter(
          (b) => b.from < stay.to && b.to > stay.from,
        )
        expect(held).toEqual([])
      })

      /** Whether `items` are in the stay total's order, `direction` 1 ascending, ties newest first. */
      const expectByTotal = (items: PropertySummary[], direction: 1 | -1) => {
        for (let i = 1; i < items.length; i++) {
          const [previous, current] = [items[i - 1]!, items[i]!]
          const byTotal = (totalOf(current) - totalOf(previous)) * direction
          expect(byTotal, `${previous._id} then ${current._id}`).toBeGreaterThanOrEqual(0)
          if (byTotal === 0) expect(Number(current._id)).toBeLessThan(Number(previous._id))
        }
      }
      const everyAvailability = { availability: ['AVAILABLE', 'UNAVAILABLE'] }

      it('lists only what can be booked for the dates, in every order, unless asked for the others', async () => {
        const rows = await visibleRows()
        const bookableIds = rows
          .filter(bookable)
          .map((p) => p.id)
          .sort((a, b) => a - b)
        expect(bookableIds.length).toBeLessThan(rows.length)
        for (const sort of ['available', 'newest', 'priceAsc', 'priceDesc', 'totalAsc', 'totalDesc']) {
          const items = await walk({ ...stay, sort }, 50)
          expect(
            items.map((p) => Number(p._id)).sort((a, b) => a - b),
            sort,
          ).toEqual(bookableIds)
        }
        // Without dates, every visible property, as before.
        expect((await search({})).total).toBe(rows.length)
        const unbookable = await walk({ ...stay, availability: ['UNAVAILABLE'] }, 50)
        expect(unbookable.length).toBe(rows.length - bookableIds.length)
        for (const item of unbookable) expect(bookable(item)).toBe(false)
        await expectEveryRowOnce(await walk({ ...stay, ...everyAvailability }, 50))
      })

      it.each([7, 15, 50])(
        'sorts by the stay total, both ways, ties newest first; asked for every property, those that cannot be booked come last (pages of %i)',
        async (size) => {
          for (const [sort, direction] of [
            ['totalAsc', 1],
            ['totalDesc', -1],
          ] as const) {
            const items = await walk({ ...stay, sort }, size)
            expect(items.every(bookable)).toBe(true)
            expectByTotal(items, direction)
            // The order is the stay's, not the price per term: a daily price is not the cheapest stay.
            const byTerm = await walk({ ...stay, sort: sort === 'totalAsc' ? 'priceAsc' : 'priceDesc' }, 50)
            expect(items.map((p) => p._id)).not.toEqual(byTerm.map((p) => p._id))

            // A property that cannot be booked has no price for the stay to rank by: after every one that has.
            const every = await walk({ ...stay, ...everyAvailability, sort }, size)
            await expectEveryRowOnce(every)
            const firstOther = every.findIndex((p) => !bookable(p))
            expect(firstOther).toBe(items.length)
            expect(every.slice(0, firstOther).map((p) => p._id)).toEqual(items.map((p) => p._id))
            expect(every.slice(firstOther).every((p) => !bookable(p))).toBe(true)
            expectByTotal(every.slice(firstOther), direction)
            expect(every.filter((p) => p.price === TIED_PRICE).length).toBeGreaterThanOrEqual(12)
          }
        },
      )

      it('narrows by the stay total, bounds included, in every order, and counts the matches', async () => {
        const all = await walk({ ...stay, ...everyAvailability, sort: 'newest' }, 50)
        const totals = all.map(totalOf).sort((a, b) => a - b)
        // Bounds taken from the data: the lower third to the upper third, both matched exactly.
        const [minTotal, maxTotal] = [
          totals[Math.floor(totals.length / 3)]!,
          totals[Math.floor((2 * totals.length) / 3)]!,
        ]
        const expected = all
          .filter((p) => totalOf(p) >= minTotal && totalOf(p) <= maxTotal)
          .map((p) => Number(p._id))
          .sort((a, b) => a - b)
        expect(expected.length).toBeGreaterThan(12)
        expect(expected.length).toBeLessThan(all.length)
        for (const sort of ['available', 'newest', 'priceAsc', 'totalAsc', 'totalDesc']) {
          const items = await walk({ ...stay, ...everyAvailability, sort, minTotal, maxTotal }, 10)
          expect(items.map((p) => Number(p._id)).sort((a, b) => a - b)).toEqual(expected)
        }
        // A stay priced per term would keep another set: a yearly price is no stay of 40 nights.
        const perTerm = await walk(
          { ...stay, ...everyAvailability, minPrice: minTotal, maxPrice: maxTotal },
          50,
        )
        expect(perTerm.map((p) => Number(p._id)).sort((a, b) => a - b)).not.toEqual(expected)
      })
    })

    it('gives each summary its position for the map', async () => {
      const { items } = await search({ size: 5 })
      const rows = new Map((await visibleRows()).map((p) => [String(p.id), p]))
      for (const item of items) {
        expect(item.latitude).toBe(rows.get(item._id)!.latitude)
        expect(item.longitude).toBe(rows.get(item._id)!.longitude)
      }
    })
  })
})

describe.each(databaseKinds())('the count of a broad search on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind)
    // The demo's 500 and as many again: more visible properties than a search counts.
    await insertProperties(t.database.db, SEARCH_COUNT_CAP)
  })
  afterAll(() => t?.close())

  const search = async (body: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/properties/search', payload: body })
    expect(response.statusCode, response.body).toBe(200)
    return propertyPageSchema.parse(response.json())
  }

  it(`stops at ${SEARCH_COUNT_CAP} and says more match; a narrower search is counted exactly`, async () => {
    const visible = (await t.database.db.select().from(properties)).filter((p) => !p.hidden)
    expect(visible.length).toBeGreaterThan(SEARCH_COUNT_CAP)
    const broad = await search({ size: 5 })
    expect(broad).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true })

    const farms = visible.filter((p) => p.type === 'FARM').length
    expect(farms).toBeLessThan(SEARCH_COUNT_CAP)
    expect(await search({ size: 5, types: ['FARM'] })).toMatchObject({ total: farms, totalCapped: false })
    // The next pages carry no count, capped or not.
    const next = await search({ size: 5, cursor: broad.nextCursor })
    expect(next).toMatchObject({ total: null, totalCapped: false })
  })
})

describe.each(databaseKinds())('first pages kept for a few seconds on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { SEARCH_CACHE_SECONDS: '10' } })
  })
  afterAll(() => t?.close())

  const search = async (body: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/properties/search', payload: body })
    expect(response.statusCode, response.body).toBe(200)
    return propertyPageSchema.parse(response.json())
  }
  const newest = async () => {
    const [row] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .orderBy(desc(properties.id))
      .limit(1)
    return String(row!.id)
  }

  it('answers a first page without dates from memory, and reads afresh a stay or another search', async () => {
    const first = await search({ size: 3, sort: 'newest' })
    await insertProperties(t.database.db, 1, { seed: 7 })
    const added = await newest()
    expect(first.items[0]!._id).not.toBe(added)

    // The same first page, in the same words: kept (an operator's new property shows within the TTL).
    expect(await search({ size: 3, sort: 'newest' })).toEqual(first)
    // Every other read goes to the database.
    expect((await search({ size: 4, sort: 'newest' })).items[0]!._id).toBe(added)
    expect((await search({ size: 3, sort: 'newest', language: 'fr' })).items[0]!._id).toBe(added)
    const stay = { from: daysAhead(400), to: daysAhead(403) }
    expect((await search({ size: 3, sort: 'newest', ...stay })).items[0]!._id).toBe(added)
  })
})
