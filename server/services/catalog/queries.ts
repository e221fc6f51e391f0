// Reads of the public catalog. Hidden properties never leave the server.
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  not,
  sql,
  type SQL,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import type {
  Agency,
  CountryWithLocations,
  Property,
  PropertyPage,
  PropertySearch,
  PropertySummary,
} from '../../../src/contract/catalog.ts'
import { propertySearchSchema } from '../../../src/contract/catalog.ts'
import { SEARCH_COUNT_CAP } from '../../../src/domain/constants.ts'
import { type Language, type PropertySort, RENTAL_TERMS, type RentalTerm } from '../../../src/domain/enums.ts'
import { daysInMonth, isLeapYear, rentalDays } from '../../../src/domain/price.ts'
import { isBookable as isBookableRow, searchedAvailability } from '../../../src/domain/search-rules.ts'
import type { Db } from '../../db/open.ts'
import { countries, locations, properties, users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { nightsFree } from '../bookings/holding.ts'
import { agencyImageUrl, locationImageUrl, propertyImageUrl, propertyLargeImageUrl } from './images.ts'

export const agencies = alias(users, 'agencies')

export async function allAgencies(db: Db): Promise<Agency[]> {
  const rows = await db
    .select({ id: users.id, name: users.fullName, avatar: users.avatar, propertyCount: count(properties.id) })
    .from(users)
    .leftJoin(properties, and(eq(properties.agencyId, users.id), not(properties.hidden)))
    .where(and(eq(users.type, 'AGENCY'), eq(users.blacklisted, false)))
    .groupBy(users.id)
    .orderBy(asc(users.fullName))
  return rows.map((row) => ({
    _id: String(row.id),
    name: row.name,
    image: agencyImageUrl(row.avatar),
    propertyCount: Number(row.propertyCount),
  }))
}

/**
 * Every place a renter can find a property in, by country, names in `language` and sorted by its collation
 * (in French, Édimbourg before Manchester). The list follows the properties, not a minimum of places per
 * country: a place searchable under "Anywhere" is also in the location filter and the destinations.
 */
export async function countriesWithLocations(db: Db, language: Language): Promise<CountryWithLocations[]> {
  const rows = await db
    .select({
      countryId: countries.id,
      countryName: language === 'fr' ? countries.nameFr : countries.nameEn,
      id: locations.id,
      name: language === 'fr' ? locations.nameFr : locations.nameEn,
      parentId: locations.parentId,
      latitude: locations.latitude,
      longitude: locations.longitude,
      image: locations.image,
      hasProperty: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(properties)
          .where(and(eq(properties.locationId, locations.id), not(properties.hidden))),
      )}`,
    })
    .from(locations)
    .innerJoin(countries, eq(countries.id, locations.countryId))
  // A filter on a place includes the places below it: a city whose properties are all in one of its
  // districts is offered too.
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]))
  const offered = new Set<number>()
  for (const row of rows) {
    if (!row.hasProperty) continue
    for (let id: number | null = row.id; id !== null && !offered.has(id); id = parentOf.get(id) ?? null) {
      offered.add(id)
    }
  }
  const collator = new Intl.Collator(language)
  const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name)
  const byCountry = new Map<number, CountryWithLocations>()
  for (const row of rows) {
    if (!offered.has(row.id)) continue
    let country = byCountry.get(row.countryId)
    if (!country) {
      country = { _id: String(row.countryId), name: row.countryName, locations: [] }
      byCountry.set(row.countryId, country)
    }
    country.locations.push({
      _id: String(row.id),
      name: row.name,
      countryId: String(row.countryId),
      parentId: row.parentId === null ? null : String(row.parentId),
      latitude: row.latitude,
      longitude: row.longitude,
      image: locationImageUrl(row.image),
    })
  }
  const listed = [...byCountry.values()].sort(byName)
  for (const country of listed) country.locations.sort(byName)
  return listed
}

export function summaryColumns(language: Language) {
  return {
    id: properties.id,
    name: properties.name,
    type: properties.type,
    rentalTerm: properties.rentalTerm,
    price: properties.price,
    bedrooms: properties.bedrooms,
    bathrooms: properties.bathrooms,
    size: properties.size,
    available: properties.available,
    soldOut: properties.soldOut,
    images: properties.images,
    agencyId: agencies.id,
    agencyName: agencies.fullName,
    agencyAvatar: agencies.avatar,
    locationId: locations.id,
    locationName: language === 'fr' ? locations.nameFr : locations.nameEn,
    latitude: properties.latitude,
    longitude: properties.longitude,
  }
}

export type SummaryRow = {
  id: number
  name: string
  type: PropertySummary['type']
  rentalTerm: PropertySummary['rentalTerm']
  price: number
  bedrooms: number
  bathrooms: number
  size: number | null
  available: boolean
  soldOut: boolean
  images: string[]
  agencyId: number
  agencyName: string
  agencyAvatar: string | null
  locationId: number
  locationName: string
  latitude: number | null
  longitude: number | null
}

export function toSummary(row: SummaryRow): PropertySummary {
  return {
    _id: String(row.id),
    name: row.name,
    type: row.type,
    rentalTerm: row.rentalTerm,
    price: Number(row.price),
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    size: row.size,
    available: row.available,
    soldOut: row.soldOut,
    image: propertyImageUrl(row.images[0] ?? ''),
    agency: { _id: String(row.agencyId), name: row.agencyName, image: agencyImageUrl(row.agencyAvatar) },
    location: { _id: String(row.locationId), name: row.locationName },
    latitude: row.latitude,
    longitude: row.longitude,
  }
}

const invalidCursor = () =>
  new HttpError(400, 'validation', 'cursor: not a cursor this server gave.', { cursor: 'invalid' })

/** A cursor that is the last id of the previous page, for lists that walk ids downwards (newest first). */
export function decodeCursor(cursor: string | null | undefined): number | undefined {
  return decodePosition(cursor, 'newest')?.id
}

/**
 * A bookable property ranks 0, any other 1: the default order lists what can be booked first. Sold out
 * counts as not available, as the property screen offers no Book button for it (docs/product.md §6).
 */
const bookableRank = sql<number>`(case when ${properties.available} and not ${properties.soldOut} then 0 else 1 end)`
const isBookable = and(eq(properties.available, true), eq(properties.soldOut, false))!

/** The position after which a page starts, decoded from the previous page's `nextCursor`. */
type Position =
  | { sort: 'newest'; id: number }
  | { sort: 'available'; rank: 0 | 1; id: number }
  | { sort: 'priceAsc' | 'priceDesc'; price: string; id: number }
  | { sort: 'totalAsc' | 'totalDesc'; rank: 0 | 1; total: string; id: number }

const ID_PART = '[1-9][0-9]{0,15}'
const PRICE_CURSOR = new RegExp(`^(-?[0-9]{1,10}(?:\\.[0-9]{1,2})?)_(${ID_PART})$`)
// A stay's price can be a price per day times 365 nights: more digits than a stored price.
const TOTAL_CURSOR = new RegExp(`^([01])_([0-9]{1,16}(?:\\.[0-9]{1,2})?)_(${ID_PART})$`)
const CURSOR_SHAPES = {
  newest: new RegExp(`^(${ID_PART})$`),
  available: new RegExp(`^([01])_(${ID_PART})$`),
  priceAsc: PRICE_CURSOR,
  priceDesc: PRICE_CURSOR,
  totalAsc: TOTAL_CURSOR,
  totalDesc: TOTAL_CURSOR,
} satisfies Record<PropertySort, RegExp>

/**
 * A cursor names the last property of the previous page by its sort key and id, so that the next page
 * starts right after it whatever the order: `42` (newest), `0_42` (available first: its rank, then id),
 * `1250.5_42` (by price: that price, then id), `0_1250.5_42` (by the stay's price: the rank, that price,
 * then id). A cursor of another shape was not given by this server.
 */
function decodePosition(cursor: string | null | undefined, sort: PropertySort): Position | undefined {
  if (!cursor) return undefined
  const match = CURSOR_SHAPES[sort].exec(cursor)
  if (!match) throw invalidCursor()
  const id = Number(match.at(-1))
  switch (sort) {
    case 'newest':
      return { sort, id }
    case 'available':
      return { sort, rank: match[1] === '0' ? 0 : 1, id }
    case 'priceAsc':
    case 'priceDesc':
      return { sort, price: match[1]!, id }
    case 'totalAsc':
    case 'totalDesc':
      return { sort, rank: match[1] === '0' ? 0 : 1, total: match[2]!, id }
  }
}

const rankOf = (row: { available: boolean; soldOut: boolean }) => (isBookableRow(row) ? 0 : 1)

function encodeCursor(
  row: { id: number; price: number; available: boolean; soldOut: boolean; stayTotal: string | null },
  sort: PropertySort,
) {
  switch (sort) {
    case 'newest':
      return String(row.id)
    case 'available':
      return `${rankOf(row)}_${row.id}`
    case 'priceAsc':
    case 'priceDesc':
      return `${row.price}_${row.id}`
    case 'totalAsc':
    case 'totalDesc':
      return `${rankOf(row)}_${row.stayTotal}_${row.id}`
  }
}

/** What each term's price is divided by for a night of a stay starting on `from` (`rentalPrice`). */
function termDivisors(from: string): Record<RentalTerm, number> {
  const yearDays = isLeapYear(Number(from.slice(0, 4))) ? 366 : 365
  return { MONTHLY: daysInMonth(from), WEEKLY: 7, DAILY: 1, YEARLY: yearDays }
}

/**
 * The price of the stay [from, to) in SQL: the rental price formula (docs/product.md §11, `rentalPrice`), the
 * stay alone. The dates are the search's, so each term's divisor is a constant: the start date's month and
 * year. PostgreSQL divides the decimal price exactly (to 16 digits or more) and rounds half away from zero,
 * as the formula rounds the decimal value.
 */
function stayTotalOf(from: string, to: string): SQL<string> {
  const days = rentalDays(from, to)
  const divisor = termDivisors(from)
  return sql<string>`round(${properties.price} * ${days}::numeric / (case ${properties.rentalTerm} when 'MONTHLY' then ${divisor.MONTHLY}::numeric when 'WEEKLY' then 7 when 'DAILY' then 1 else ${divisor.YEARLY}::numeric end), 2)`
}

type Search = ReturnType<typeof propertySearchSchema.parse>

/** The stay's price, when the search has dates (the schema made sure they are a stay). */
const stayTotalOfSearch = (search: Search) =>
  search.from && search.to ? stayTotalOf(search.from, search.to) : undefined

/**
 * Rows after `position` in its order. Ties on the sort key fall back to the id, newest first. Where the key
 * and the id run in opposite directions, a row comparison cannot say it, so the key's own bound comes first
 * (`price >= p and (…)`): it is what lets PostgreSQL start the index scan at the page instead of reading
 * every row before it.
 */
function after(position: Position, total: SQL<string> | undefined): SQL {
  switch (position.sort) {
    case 'newest':
      return lt(properties.id, position.id)
    case 'available':
      return sql`(${bookableRank} >= ${position.rank} and (${bookableRank} > ${position.rank} or ${properties.id} < ${position.id}))`
    case 'priceAsc':
      return sql`(${properties.price} >= ${position.price}::numeric and (${properties.price} > ${position.price}::numeric or ${properties.id} < ${position.id}))`
    case 'priceDesc':
      return sql`(${properties.price}, ${properties.id}) < (${position.price}::numeric, ${position.id})`
    case 'totalAsc':
      return sql`(${bookableRank} >= ${position.rank} and (${bookableRank} > ${position.rank} or (${total} >= ${position.total}::numeric and (${total} > ${position.total}::numeric or ${properties.id} < ${position.id}))))`
    case 'totalDesc':
      return sql`(${bookableRank} >= ${position.rank} and (${bookableRank} > ${position.rank} or (${total}, ${properties.id}) < (${position.total}::numeric, ${position.id})))`
  }
}

function orderOf(sort: PropertySort, total: SQL<string> | undefined): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(properties.id)]
    case 'available':
      return [asc(bookableRank), desc(properties.id)]
    case 'priceAsc':
      return [asc(properties.price), desc(properties.id)]
    case 'priceDesc':
      return [desc(properties.price), desc(properties.id)]
    // Asked for every property, those that cannot be booked have no stay to price: after those that have.
    case 'totalAsc':
      return [asc(bookableRank), sql`${total} asc`, desc(properties.id)]
    case 'totalDesc':
      return [asc(bookableRank), sql`${total} desc`, desc(properties.id)]
  }
}

/** What the search's filters keep, without the cursor: the page and the total count share them. */
function filterConditions(search: Search, total: SQL<string> | undefined): SQL[] {
  const conditions: SQL[] = [not(properties.hidden)]
  if (search.locations?.length) {
    const roots = sql.join(
      search.locations.map((id) => sql`${Number(id)}`),
      sql`, `,
    )
    // A location includes every location below it, at any depth.
    conditions.push(
      sql`${properties.locationId} in (with recursive tree(id) as (select id from ${locations} where id in (${roots}) union select l.id from ${locations} l join tree on l.parent_id = tree.id) select id from tree)`,
    )
  }
  if (search.agencies?.length) conditions.push(inArray(properties.agencyId, search.agencies.map(Number)))
  if (search.types?.length) conditions.push(inArray(properties.type, search.types))
  if (search.rentalTerms?.length) conditions.push(inArray(properties.rentalTerm, search.rentalTerms))
  const availability = searchedAvailability(search.availability, Boolean(search.from && search.to))
  if (availability.length === 1) {
    conditions.push(availability[0] === 'AVAILABLE' ? isBookable : not(isBookable))
  }
  if (search.keyword)
    conditions.push(ilike(properties.name, `%${search.keyword.replace(/[\\%_]/g, '\\$&')}%`))
  if (search.minPrice !== undefined) conditions.push(gte(properties.price, search.minPrice))
  if (search.maxPrice !== undefined) conditions.push(lte(properties.price, search.maxPrice))
  if (total && search.minTotal !== undefined) conditions.push(sql`${total} >= ${search.minTotal}::numeric`)
  if (total && search.maxTotal !== undefined) conditions.push(sql`${total} <= ${search.maxTotal}::numeric`)
  if (search.minBedrooms !== undefined) conditions.push(gte(properties.bedrooms, search.minBedrooms))
  if (search.furnished !== undefined) conditions.push(eq(properties.furnished, search.furnished))
  if (search.petsAllowed !== undefined) conditions.push(eq(properties.petsAllowed, search.petsAllowed))
  if (search.from && search.to) {
    conditions.push(nightsFree(sql`${properties.id}`, search.from, search.to))
  }
  return conditions
}

/**
 * How many properties the filters keep, up to one more than SEARCH_COUNT_CAP: a broad search stops counting
 * there instead of reading the whole catalog (an index scan of at most 1,001 entries).
 */
async function countMatches(db: Db, conditions: SQL[]): Promise<{ total: number; totalCapped: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(properties)
    .where(and(...conditions))
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matches')
  const [counted] = await db.select({ n: count() }).from(matches)
  const n = Number(counted?.n ?? 0)
  return { total: Math.min(n, SEARCH_COUNT_CAP), totalCapped: n > SEARCH_COUNT_CAP }
}

/** The page's rows, one more than its size (there is a next page when it comes). */
function pageRows(db: Db, search: Search, position: Position | undefined, total: SQL<string> | undefined) {
  const columns = summaryColumns(search.language)
  if (!total || (search.sort !== 'totalAsc' && search.sort !== 'totalDesc')) {
    return db
      .select({ ...columns, stayTotal: total ?? sql<string | null>`null` })
      .from(properties)
      .innerJoin(agencies, eq(agencies.id, properties.agencyId))
      .innerJoin(locations, eq(locations.id, properties.locationId))
      .where(and(...filterConditions(search, total), ...(position ? [after(position, total)] : [])))
      .orderBy(...orderOf(search.sort, total))
      .limit(search.size + 1)
  }
  const page = stayPricePage(search, position, total)
  return db
    .select({ ...columns, stayTotal: sql<string>`page.stay_total` })
    .from(sql`(${page}) as page`)
    .innerJoin(properties, sql`${properties.id} = page.id`)
    .innerJoin(agencies, eq(agencies.id, properties.agencyId))
    .innerJoin(locations, eq(locations.id, properties.locationId))
    .orderBy(...orderOf(search.sort, sql<string>`page.stay_total`))
}

/** The bookable states of a property that a search by the stay's price ranks: its rank, then its columns. */
const BOOKABLE_STATES = [
  { rank: 0, available: true, soldOut: false },
  { rank: 1, available: false, soldOut: false },
  { rank: 1, available: false, soldOut: true },
  { rank: 1, available: true, soldOut: true },
] as const

/**
 * The ids and stay prices of a page by the stay's price: `select id, stay_total`, in the page's order, one row
 * more than its size.
 *
 * The stay's price depends on the dates, so no index holds its order; but for one term it is the price per term
 * times a constant (the nights over the term's divisor), rounded to the cent: it never decreases as the price
 * grows. So the page is merged from one stream per term and bookable state (rank), each read in price order
 * from properties_stay_price_idx (term, available, sold out, price, id) and stopping after a page of rows that
 * pass every filter (availability too, tested per row as the stream goes). A stream's page by price is its page
 * by stay price but for one thing: rounding can give a higher price the same stay price as the stream's last
 * row, and then the id decides (newest first), so the rows after the last one that share its stay price are
 * taken too (an index range a cent of the stay's price wide). The candidates' own order, then, is exact. A
 * bound on the stay's price (the lowest and highest, the cursor's) becomes a bound on each stream's price,
 * widened by a cent of the stay's price so that the index range holds every row the exact conditions keep.
 */
function stayPricePage(search: Search, position: Position | undefined, total: SQL<string>): SQL {
  const ascending = search.sort === 'totalAsc'
  const nights = rentalDays(search.from!, search.to!)
  const divisors = termDivisors(search.from!)
  const kept = searchedAvailability(search.availability, true)
  const terms = search.rentalTerms?.length
    ? RENTAL_TERMS.filter((term) => search.rentalTerms!.includes(term))
    : RENTAL_TERMS
  const cursor = position?.sort === 'totalAsc' || position?.sort === 'totalDesc' ? position : undefined
  const size = search.size + 1
  // Every filter of the search and the cursor's exact condition, asked of each row a stream reads.
  const filters = and(...filterConditions(search, total), ...(position ? [after(position, total)] : []))!
  const byPrice = ascending
    ? sql`${properties.price} asc, ${properties.id} desc`
    : sql`${properties.price} desc, ${properties.id} desc`
  /** The price per term whose stay's price is `stayPrice` and a cent more (1) or less (-1). */
  const priceAt = (stayPrice: SQL, cents: 1 | -1, divisor: SQL) =>
    sql`((${stayPrice} + ${sql.raw(cents === 1 ? '0.01' : '-0.01')}) * ${divisor} / ${nights}::numeric)`

  const firsts: SQL[] = []
  for (const state of BOOKABLE_STATES) {
    if (!kept.includes(state.rank === 0 ? 'AVAILABLE' : 'UNAVAILABLE')) continue
    // A page after the cursor has no row of a rank before the cursor's.
    if (cursor && state.rank < cursor.rank) continue
    for (const term of terms) {
      const divisor = sql`${divisors[term]}::numeric`
      const lows: SQL[] = []
      const highs: SQL[] = []
      if (search.minTotal !== undefined) lows.push(priceAt(sql`${search.minTotal}::numeric`, -1, divisor))
      if (search.maxTotal !== undefined) highs.push(priceAt(sql`${search.maxTotal}::numeric`, 1, divisor))
      if (cursor?.rank === state.rank) {
        if (ascending) lows.push(priceAt(sql`${cursor.total}::numeric`, -1, divisor))
        else highs.push(priceAt(sql`${cursor.total}::numeric`, 1, divisor))
      }
      const inStream = and(
        eq(properties.rentalTerm, term),
        eq(properties.available, state.available),
        eq(properties.soldOut, state.soldOut),
        ...lows.map((low) => sql`${properties.price} >= ${low}`),
        ...highs.map((high) => sql`${properties.price} <= ${high}`),
        filters,
      )
      firsts.push(
        sql`(select ${firsts.length}::int as stream, ${state.rank}::int as rank, ${term}::rental_term as term, ${state.available}::boolean as available, ${state.soldOut}::boolean as sold_out, ${divisor} as divisor, ${properties.id} as id, ${properties.price} as price, ${total} as stay_total from ${properties} where ${inStream} order by ${byPrice} limit ${size})`,
      )
    }
  }
  if (!firsts.length) return sql`select null::bigint as id, null::numeric as stay_total where false`
  // The last row of each stream that reached its limit (a stream that stopped before has no row after it),
  // and the rows after it in its order that share its stay's price.
  const lastFirst = ascending ? sql`price desc, id asc` : sql`price asc, id asc`
  const afterLast = ascending
    ? sql`${properties.price} >= l.price and ${properties.price} <= ${priceAt(sql`l.stay_total`, 1, sql`l.divisor`)} and (${properties.price} > l.price or ${properties.id} < l.id)`
    : sql`${properties.price} <= l.price and ${properties.price} >= ${priceAt(sql`l.stay_total`, -1, sql`l.divisor`)} and (${properties.price} < l.price or ${properties.id} < l.id)`
  return sql`with firsts as materialized (${sql.join(firsts, sql` union all `)}),
lasts as (select distinct on (stream) * from firsts where stream in (select stream from firsts group by stream having count(*) = ${size}) order by stream, ${lastFirst}),
ties as (select l.rank, t.id, t.stay_total from lasts l cross join lateral (select ${properties.id} as id, ${total} as stay_total from ${properties} where ${properties.rentalTerm} = l.term and ${properties.available} = l.available and ${properties.soldOut} = l.sold_out and ${afterLast} and ${total} = l.stay_total and ${filters}) t)
select id, stay_total from (select rank, id, stay_total from firsts union all select rank, id, stay_total from ties) candidates
order by rank, stay_total ${sql.raw(ascending ? 'asc' : 'desc')}, id desc limit ${size}`
}

/**
 * Keyset pagination over visible properties in the chosen order: no OFFSET, and no duplicate or gap
 * between pages even while properties are added. The first page also counts the matches (up to the cap).
 */
export async function searchProperties(db: Db, input: PropertySearch): Promise<PropertyPage> {
  const search = propertySearchSchema.parse(input)
  const position = decodePosition(search.cursor, search.sort)
  const total = stayTotalOfSearch(search)
  const conditions = filterConditions(search, total)

  // The page and, on the first one, the count: two queries at once (on PostgreSQL, two connections).
  const [rows, counted] = await Promise.all([
    pageRows(db, search, position, total),
    position ? null : countMatches(db, conditions),
  ])

  const hasMore = rows.length > search.size
  const page = hasMore ? rows.slice(0, search.size) : rows
  const last = page.at(-1)
  return {
    items: page.map((row) => toSummary(row as SummaryRow)),
    nextCursor: hasMore && last ? encodeCursor(last, search.sort) : null,
    total: counted?.total ?? null,
    totalCapped: counted?.totalCapped ?? false,
  }
}

export async function findProperty(db: Db, id: number, language: Language): Promise<Property | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns(language),
      description: language === 'fr' ? properties.descriptionFr : properties.descriptionEn,
      address: properties.address,
      minimumAge: properties.minimumAge,
      kitchens: properties.kitchens,
      parkingSpaces: properties.parkingSpaces,
      aircon: properties.aircon,
      furnished: properties.furnished,
      petsAllowed: properties.petsAllowed,
      cancellation: properties.cancellation,
      amendments: properties.amendments,
    })
    .from(properties)
    .innerJoin(agencies, eq(agencies.id, properties.agencyId))
    .innerJoin(locations, eq(locations.id, properties.locationId))
    .where(and(eq(properties.id, id), not(properties.hidden)))
  if (!row) return undefined
  return {
    ...toSummary(row as SummaryRow),
    description: row.description,
    address: row.address,
    minimumAge: row.minimumAge,
    kitchens: row.kitchens,
    parkingSpaces: row.parkingSpaces,
    aircon: row.aircon,
    furnished: row.furnished,
    petsAllowed: row.petsAllowed,
    cancellation: Number(row.cancellation),
    amendments: Number(row.amendments),
    images: row.images.map((file) => ({ small: propertyImageUrl(file), large: propertyLargeImageUrl(file) })),
  }
}
