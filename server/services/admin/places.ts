// Places, as an administrator runs them (docs/product.md §16, Places): countries and locations with their English
// and French names and a location's coordinates for the map. A place a property uses, or that holds other
// places, is not deleted, and the refusal says why. Renters' lists read the places from the database on each
// call; the caches of search's first pages and of rendered pages are cleared at once (ctx.catalog.changed).
import { and, asc, count, eq, ne } from 'drizzle-orm'

import { ADMIN_REFUSALS } from '../../../src/domain/admin.ts'
import { FIELD_ERRORS } from '../../../src/domain/auth-messages.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { agencyCountries, countries, locations, properties } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import type { SessionUser } from '../auth/session.ts'
import type { Tx } from '../operations/once.ts'
import { actsAbout, changedFields, recordAct } from './acts.ts'

export interface CountryForm {
  code: string
  nameEn: string
  nameFr: string
}

export interface LocationForm {
  countryId: string
  parentId?: string | null
  nameEn: string
  nameFr: string
  latitude: number
  longitude: number
}

const noSuchCountry = () => notFound('This country does not exist.')
const noSuchLocation = () => notFound('This place does not exist.')
const invalidField = (field: string, message: string) =>
  new HttpError(400, API_ERROR_CODES.validation, message, { [field]: FIELD_ERRORS.invalid })

type CountryRow = typeof countries.$inferSelect
type LocationRow = typeof locations.$inferSelect

const countryAnswer = (row: CountryRow) => ({
  _id: String(row.id),
  code: row.code,
  nameEn: row.nameEn,
  nameFr: row.nameFr,
})

const locationAnswer = (row: LocationRow, propertyCount: number) => ({
  _id: String(row.id),
  countryId: String(row.countryId),
  parentId: row.parentId === null ? null : String(row.parentId),
  nameEn: row.nameEn,
  nameFr: row.nameFr,
  latitude: row.latitude,
  longitude: row.longitude,
  propertyCount,
})

const propertiesIn = async (db: Db | Tx, locationId: number) =>
  Number(
    (await db.select({ n: count() }).from(properties).where(eq(properties.locationId, locationId)))[0]?.n ??
      0,
  )

/** Every country and every place in it, with and without properties (hidden ones counted), by English name. */
export async function allPlaces(db: Db) {
  const [countryRows, locationRows, counts] = await Promise.all([
    db.select().from(countries).orderBy(asc(countries.nameEn)),
    db.select().from(locations).orderBy(asc(locations.nameEn)),
    db
      .select({ locationId: properties.locationId, n: count() })
      .from(properties)
      .groupBy(properties.locationId),
  ])
  const countOf = new Map(counts.map((row) => [row.locationId, Number(row.n)]))
  return countryRows.map((country) => ({
    ...countryAnswer(country),
    locations: locationRows
      .filter((location) => location.countryId === country.id)
      .map((location) => locationAnswer(location, countOf.get(location.id) ?? 0)),
  }))
}

async function codeFree(tx: Tx, code: string, except?: number) {
  const [taken] = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.code, code), except ? ne(countries.id, except) : undefined))
  if (taken) throw new HttpError(409, 'country_code_taken', ADMIN_REFUSALS.country_code_taken)
}

export async function countryPage(db: Db, id: number) {
  const [country] = await db.select().from(countries).where(eq(countries.id, id))
  if (!country) throw noSuchCountry()
  return { ...countryAnswer(country), acts: await actsAbout(db, 'COUNTRY', id) }
}

export async function createCountry(ctx: AppContext, admin: SessionUser, form: CountryForm) {
  const row = await ctx.database.db.transaction(async (tx) => {
    await codeFree(tx, form.code)
    const [country] = await tx.insert(countries).values(form).returning()
    await recordAct(tx, admin.id, 'COUNTRY', country!.id, 'createCountry', changedFields({}, { ...form }))
    return country!
  })
  ctx.catalog.changed()
  return countryAnswer(row)
}

export async function updateCountry(ctx: AppContext, admin: SessionUser, id: number, form: CountryForm) {
  const row = await ctx.database.db.transaction(async (tx) => {
    const [country] = await tx.select().from(countries).where(eq(countries.id, id)).for('update')
    if (!country) throw noSuchCountry()
    await codeFree(tx, form.code, id)
    const changes = changedFields(country, { ...form })
    if (Object.keys(changes).length === 0) return country
    const [next] = await tx.update(countries).set(form).where(eq(countries.id, id)).returning()
    await recordAct(tx, admin.id, 'COUNTRY', id, 'updateCountry', changes)
    return next!
  })
  ctx.catalog.changed()
  return countryAnswer(row)
}

/** Deletes a country without places and that no agency serves; refused (409) otherwise. */
export async function deleteCountry(ctx: AppContext, admin: SessionUser, id: number) {
  await ctx.database.db.transaction(async (tx) => {
    const [country] = await tx.select().from(countries).where(eq(countries.id, id)).for('update')
    if (!country) throw noSuchCountry()
    const [places] = await tx.select({ n: count() }).from(locations).where(eq(locations.countryId, id))
    const [served] = await tx
      .select({ n: count() })
      .from(agencyCountries)
      .where(eq(agencyCountries.countryId, id))
    if (Number(places?.n ?? 0) + Number(served?.n ?? 0) > 0)
      throw new HttpError(409, 'country_in_use', ADMIN_REFUSALS.country_in_use)
    await tx.delete(countries).where(eq(countries.id, id))
    await recordAct(tx, admin.id, 'COUNTRY', id, 'deleteCountry', {
      code: [country.code, null],
      nameEn: [country.nameEn, null],
      nameFr: [country.nameFr, null],
    })
  })
  ctx.catalog.changed()
  return { deleted: true }
}

/**
 * The location's country and parent as ids, each checked: the country exists, the parent is a place of that
 * country, and not the location itself nor a place inside it (a place cannot sit inside itself).
 */
async function checkedPlacement(tx: Tx, form: LocationForm, self?: number) {
  const countryId = Number(form.countryId)
  const [country] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))
  if (!country) throw invalidField('countryId', 'Unknown country.')
  if (form.parentId === undefined || form.parentId === null) return { countryId, parentId: null }
  const parentId = Number(form.parentId)
  // Up from the parent: a place of this country, and never the location itself (depth bounded, as a guard).
  let current: number | null = parentId
  for (let depth = 0; current !== null && depth < 50; depth += 1) {
    const [place] = await tx
      .select({ id: locations.id, countryId: locations.countryId, parentId: locations.parentId })
      .from(locations)
      .where(eq(locations.id, current))
    if (!place || (depth === 0 && place.countryId !== countryId))
      throw invalidField('parentId', 'Unknown place in this country.')
    if (self !== undefined && place.id === self)
      throw invalidField('parentId', 'A place cannot sit inside itself.')
    current = place.parentId
  }
  return { countryId, parentId }
}

const locationValues = (form: LocationForm, placement: { countryId: number; parentId: number | null }) => ({
  ...placement,
  nameEn: form.nameEn,
  nameFr: form.nameFr,
  latitude: form.latitude,
  longitude: form.longitude,
})

export async function locationPage(db: Db, id: number) {
  const [location] = await db.select().from(locations).where(eq(locations.id, id))
  if (!location) throw noSuchLocation()
  return {
    ...locationAnswer(location, await propertiesIn(db, id)),
    acts: await actsAbout(db, 'LOCATION', id),
  }
}

export async function createLocation(ctx: AppContext, admin: SessionUser, form: LocationForm) {
  const row = await ctx.database.db.transaction(async (tx) => {
    const values = locationValues(form, await checkedPlacement(tx, form))
    const [location] = await tx.insert(locations).values(values).returning()
    await recordAct(tx, admin.id, 'LOCATION', location!.id, 'createLocation', changedFields({}, values))
    return location!
  })
  ctx.catalog.changed()
  return locationAnswer(row, 0)
}

export async function updateLocation(ctx: AppContext, admin: SessionUser, id: number, form: LocationForm) {
  const { db } = ctx.database
  const row = await db.transaction(async (tx) => {
    const [location] = await tx.select().from(locations).where(eq(locations.id, id)).for('update')
    if (!location) throw noSuchLocation()
    const values = locationValues(form, await checkedPlacement(tx, form, id))
    const changes = changedFields(location, values)
    if (Object.keys(changes).length === 0) return location
    const [next] = await tx.update(locations).set(values).where(eq(locations.id, id)).returning()
    await recordAct(tx, admin.id, 'LOCATION', id, 'updateLocation', changes)
    return next!
  })
  ctx.catalog.changed()
  return locationAnswer(row, await propertiesIn(db, id))
}

/** Deletes a place no property uses and no other place sits in; refused (409), saying which, otherwise. */
export async function deleteLocation(ctx: AppContext, admin: SessionUser, id: number) {
  await ctx.database.db.transaction(async (tx) => {
    const [location] = await tx.select().from(locations).where(eq(locations.id, id)).for('update')
    if (!location) throw noSuchLocation()
    if ((await propertiesIn(tx, id)) > 0)
      throw new HttpError(409, 'location_in_use', ADMIN_REFUSALS.location_in_use)
    const [inside] = await tx.select({ n: count() }).from(locations).where(eq(locations.parentId, id))
    if (Number(inside?.n ?? 0) > 0)
      throw new HttpError(409, 'location_has_places', ADMIN_REFUSALS.location_has_places)
    await tx.delete(locations).where(eq(locations.id, id))
    await recordAct(tx, admin.id, 'LOCATION', id, 'deleteLocation', {
      nameEn: [location.nameEn, null],
      nameFr: [location.nameFr, null],
    })
  })
  ctx.catalog.changed()
  return { deleted: true }
}
