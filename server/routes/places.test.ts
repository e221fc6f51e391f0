// The places a renter can pick (the location filter and the destinations both read this call): every place
// that has a property, each spelled one way, in the order of the interface language.
import { eq, not } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { countryWithLocationsSchema } from '../../src/contract/catalog.ts'
import type { Language } from '../../src/domain/enums.ts'
import { countries, locations, properties } from '../db/schema.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

describe.each(databaseKinds())('places on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind)
  })
  afterAll(() => t?.close())

  const places = async (language: Language) => {
    const response = await t.app.inject(`/api/countries-with-locations/${language}`)
    expect(response.statusCode, response.body).toBe(200)
    return z.array(countryWithLocationsSchema).parse(response.json())
  }
  const placeIds = async (language: Language) =>
    new Set(
      (await places(language)).flatMap((country) => country.locations.map((place) => Number(place._id))),
    )

  /** The places holding a visible property, and the places they sit in (a filter includes the places below). */
  const placesWithProperties = async () => {
    const all = await t.database.db.select().from(locations)
    const parentOf = new Map(all.map((place) => [place.id, place.parentId]))
    const held = new Set<number>()
    const rows = await t.database.db
      .select({ id: properties.locationId })
      .from(properties)
      .where(not(properties.hidden))
    for (const row of rows) {
      for (let id: number | null = row.id; id !== null; id = parentOf.get(id) ?? null) held.add(id)
    }
    return held
  }

  it('offers every place that has a property, in both languages, and no place without one', async () => {
    const held = await placesWithProperties()
    expect(held.size).toBeGreaterThan(0)
    for (const language of ['en', 'fr'] as const) expect(await placeIds(language)).toEqual(held)
    // The demo's Moroccan places: searchable under "Anywhere", so they must be findable by name too.
    const english = (await places('en')).find((country) => country.name === 'Morocco')
    expect(english?.locations.map((place) => place.name).sort()).toEqual(['Casablanca', 'Marrakech', 'Rabat'])
    const french = (await places('fr')).find((country) => country.name === 'Maroc')
    expect(french?.locations.map((place) => place.name).sort()).toEqual(['Casablanca', 'Marrakech', 'Rabat'])
  })

  it('spells each place one way: the English list and every address agree', async () => {
    for (const language of ['en', 'fr'] as const) {
      const names = (await places(language)).flatMap((country) =>
        country.locations.map((place) => place.name),
      )
      // Not twice under two spellings (nor twice at all): a name, its accents and case aside, is one place.
      const folded = names.map((name) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())
      expect(new Set(folded).size, names.join(', ')).toBe(names.length)
    }
    const english = new Map(
      (await places('en')).flatMap((country) =>
        country.locations.map((place) => [Number(place._id), place.name]),
      ),
    )
    const rows = await t.database.db
      .select({ locationId: properties.locationId, address: properties.address })
      .from(properties)
      .where(not(properties.hidden))
    expect(rows.length).toBeGreaterThan(0)
    // An address ends with its town as the town writes it; the English interface names the place the same.
    for (const row of rows) expect(row.address).toMatch(new RegExp(`, ${english.get(row.locationId)}$`))
  })

  it('sorts countries and places by the collation of the interface language', async () => {
    for (const language of ['en', 'fr'] as const) {
      const collator = new Intl.Collator(language)
      const sorted = (names: string[]) => [...names].sort((a, b) => collator.compare(a, b))
      const answer = await places(language)
      const countryNames = answer.map((country) => country.name)
      expect(countryNames).toEqual(sorted(countryNames))
      for (const country of answer) {
        const names = country.locations.map((place) => place.name)
        expect(names).toEqual(sorted(names))
      }
    }
    const french = await places('fr')
    // In French, an accented capital sorts with its letter, not after Z.
    expect(french.map((country) => country.name)).toEqual([
      'Australie',
      'États-Unis',
      'France',
      'Maroc',
      'Royaume-Uni',
    ])
    const uk = french.find((country) => country.name === 'Royaume-Uni')!.locations.map((place) => place.name)
    expect(uk.indexOf('Édimbourg')).toBeLessThan(uk.indexOf('Manchester'))
  })

  it('lists a new place once it has a property, however few places its country has', async () => {
    const [country] = await t.database.db
      .insert(countries)
      .values({ code: 'PT', nameEn: 'Portugal', nameFr: 'Portugal' })
      .returning({ id: countries.id })
    const [lisbon, porto] = await t.database.db
      .insert(locations)
      .values([
        {
          countryId: country!.id,
          nameEn: 'Lisbon',
          nameFr: 'Lisbonne',
          latitude: 38.7223,
          longitude: -9.1393,
        },
        { countryId: country!.id, nameEn: 'Porto', nameFr: 'Porto', latitude: 41.1579, longitude: -8.6291 },
      ])
      .returning({ id: locations.id })
    // A copy of a visible property, moved to Lisbon; Porto has none.
    const [model] = await t.database.db.select().from(properties).where(not(properties.hidden)).limit(1)
    const { id: _id, createdAt: _createdAt, ...fields } = model!
    await t.database.db
      .insert(properties)
      .values({ ...fields, locationId: lisbon!.id, address: 'Rua Augusta, Lisboa' })
    const portugal = (await places('fr')).find((c) => c.name === 'Portugal')
    expect(portugal?.locations.map((place) => place.name)).toEqual(['Lisbonne'])
    // Hidden, its only property no longer makes the place findable.
    await t.database.db.update(properties).set({ hidden: true }).where(eq(properties.locationId, lisbon!.id))
    expect((await placeIds('en')).has(lisbon!.id)).toBe(false)
    expect((await placeIds('en')).has(porto!.id)).toBe(false)
  })
})
