// Demo data: seeded into an empty database on first start, in a few bulk statements rather than 1000-row
// `values()` inserts (docs/footguns.md).
import { count, eq, sql } from 'drizzle-orm'

import { pricedBooking, pricingOf } from '../../../src/domain/booking.ts'
import { PROPERTY_TYPES, RENTAL_TERMS, type BookingStatus } from '../../../src/domain/enums.ts'
import { hashPassword } from '../../services/auth/password.ts'
import type { Database, Db } from '../open.ts'
import {
  bookings,
  countries,
  locations,
  notificationCounters,
  notifications,
  properties,
  users,
} from '../schema.ts'
import {
  AGENCIES,
  bookingNotice,
  COUNTRIES,
  describe,
  isRural,
  layoutOf,
  priceOf,
  propertyName,
  SEED_LOCATIONS,
} from './data.ts'
import { SCENES_PER_TYPE, sceneFile } from './images.ts'
import { pick, random } from './random.ts'

export const DEMO_RENTER = {
  email: 'renter@haven.test',
  password: 'haven-demo',
  fullName: 'Camille Martin',
} as const
/**
 * The back office's demo logins (application type BACKEND): the agency whose listings the end-to-end tests
 * book, and an administrator. Every seeded agency's account takes the same password, so that any of them
 * can be tried; demo data only (SEED=false in production).
 */
export const DEMO_AGENCY = {
  email: 'agency@haven.test',
  password: 'haven-demo',
  name: 'Blue Door Lettings',
} as const
export const DEMO_ADMIN = {
  email: 'admin@haven.test',
  password: 'haven-demo',
  fullName: 'Sam Haven',
} as const
/** A second renter, so that "someone else's data" can be shown and tested. */
export const OTHER_RENTER = {
  email: 'other@haven.test',
  password: 'haven-other',
  fullName: 'Alex Morgan',
} as const

export const LOCATION_COUNT = COUNTRIES.reduce((n, c) => n + c.locations.length, 0)
export const AGENCY_COUNT = AGENCIES.length

const between = (min: number, max: number, rnd: () => number) => min + Math.floor(rnd() * (max - min + 1))

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users)
  return (row?.n ?? 0) === 0
}

interface PlaceRow {
  id: number
  countryCode: string
  nameEn: string
  nameFr: string
  latitude: number
  longitude: number
  streets: string[]
}

async function seedPlaces(db: Db): Promise<PlaceRow[]> {
  const places: PlaceRow[] = []
  let imageIndex = 0
  for (const country of COUNTRIES) {
    const [inserted] = await db
      .insert(countries)
      .values({ code: country.code, nameEn: country.en, nameFr: country.fr })
      .returning({ id: countries.id })
    const countryId = inserted!.id
    const idsByName = new Map<string, number>()
    // Parents first, so that children can point at them.
    const ordered = [...country.locations].sort(
      (a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)),
    )
    for (const location of ordered) {
      imageIndex++
      const [row] = await db
        .insert(locations)
        .values({
          countryId,
          parentId: location.parent ? idsByName.get(location.parent) : null,
          nameEn: location.en,
          nameFr: location.fr,
          latitude: location.latitude,
          longitude: location.longitude,
          image: `location-${imageIndex}.webp`,
        })
        .returning({ id: locations.id })
      idsByName.set(location.en, row!.id)
      places.push({
        id: row!.id,
        countryCode: country.code,
        nameEn: location.en,
        nameFr: location.fr,
        latitude: location.latitude,
        longitude: location.longitude,
        streets: location.streets,
      })
    }
  }
  return places
}

interface AgencyRow {
  id: number
  countries: string[]
}

async function seedAgencies(db: Db): Promise<AgencyRow[]> {
  // One hash for them all: the same password, and hashing is slow on purpose.
  const passwordHash = await hashPassword(DEMO_AGENCY.password)
  const rows = await db
    .insert(users)
    .values(
      AGENCIES.map((agency, i) => ({
        type: 'AGENCY' as const,
        email: agency.email,
        fullName: agency.name,
        phone: agency.phone,
        avatar: `agency-${i + 1}.webp`,
        passwordHash,
        activatedAt: new Date(),
        payLater: i % 3 !== 2,
      })),
    )
    .returning({ id: users.id })
  return rows.map((row, i) => ({ id: row.id, countries: AGENCIES[i]!.countries }))
}

interface GenerationPlace extends PlaceRow {
  rentPerM2: number
  central: boolean
}

/** Property rows as the bulk insert reads them (snake_case keys = the record set's columns). */
function generateProperties(
  count: number,
  places: GenerationPlace[],
  agencies: AgencyRow[],
  rnd: () => number,
) {
  const rows = []
  for (let i = 0; i < count; i++) {
    // Every type and every rental term appear, whatever the count.
    const type = PROPERTY_TYPES[i % PROPERTY_TYPES.length]!
    const rentalTerm = RENTAL_TERMS[Math.floor(i / PROPERTY_TYPES.length) % RENTAL_TERMS.length]!
    const agency = agencies[i % agencies.length]!
    // Farms, plots and warehouses are out of town: never in a dense inner district.
    const fitting = places.filter((p) => !(isRural(type) && p.central))
    const candidates = fitting.filter((p) => agency.countries.includes(p.countryCode))
    const place = pick(candidates.length ? candidates : fitting, rnd)
    const living = type === 'HOUSE' || type === 'APARTMENT' || type === 'TOWNHOUSE' || type === 'FARM'
    const layout = layoutOf(type, place.central, rnd)
    const furnished = living && rnd() < 0.55
    const price = priceOf(type, rentalTerm, layout.size, place.rentPerM2, furnished, rnd)
    const facts = {
      type,
      ...layout,
      aircon: type !== 'PLOT' && rnd() < 0.5,
      furnished,
      petsAllowed: living && rnd() < 0.4,
      locationEn: place.nameEn,
      locationFr: place.nameFr,
    }
    const { en, fr } = describe(facts)
    const { name, address } = propertyName(type, place, rnd)
    const variant = between(0, SCENES_PER_TYPE - 1, rnd)
    const options = [-1, 0, between(2, 12, rnd) * 5]
    // Out of town, a few kilometres further from the centre than a flat would be.
    const spread = isRural(type) ? 0.3 : 0.06
    rows.push({
      name,
      agency_id: agency.id,
      location_id: place.id,
      type,
      rental_term: rentalTerm,
      price,
      minimum_age: rnd() < 0.8 ? 21 : 25,
      address: `${address}, ${place.countryCode === 'FR' || place.countryCode === 'MA' ? place.nameFr : place.nameEn}`,
      description_en: en,
      description_fr: fr,
      bedrooms: layout.bedrooms,
      bathrooms: layout.bathrooms,
      kitchens: layout.kitchens,
      parking_spaces: layout.parkingSpaces,
      size: layout.size,
      aircon: facts.aircon,
      furnished: facts.furnished,
      pets_allowed: facts.petsAllowed,
      available: rnd() < 0.9,
      sold_out: rnd() < 0.04,
      hidden: rnd() < 0.03,
      images: [0, 1, 2].map((k) => sceneFile(type, variant + k)).join(','),
      cancellation: pick(options, rnd),
      amendments: pick(options, rnd),
      latitude: place.latitude + (rnd() - 0.5) * spread,
      longitude: place.longitude + (rnd() - 0.5) * spread,
    })
  }
  return rows
}

/**
 * A listing as its agency wrote it, always there whatever the generator draws: the demo's and the end-to-end
 * tests' example of a stay to book (pay later, cancellation and amendments for a fee).
 */
function showcaseProperty(places: GenerationPlace[], agencies: Array<AgencyRow & { name: string }>) {
  const place = places.find((p) => p.nameEn === 'Edinburgh')
  const agency = agencies.find((a) => a.name === 'Blue Door Lettings')
  if (!place || !agency) return null
  const facts = {
    type: 'HOUSE' as const,
    bedrooms: 3,
    bathrooms: 2,
    kitchens: 1,
    size: 145,
    aircon: false,
    furnished: true,
    petsAllowed: true,
    parkingSpaces: 1,
    locationEn: place.nameEn,
    locationFr: place.nameFr,
  }
  const { en, fr } = describe(facts)
  return {
    name: 'Skyline Villa',
    agency_id: agency.id,
    location_id: place.id,
    type: facts.type,
    rental_term: 'DAILY' as const,
    price: 240,
    minimum_age: 21,
    address: '12 Royal Mile, Edinburgh',
    description_en: en,
    description_fr: fr,
    bedrooms: facts.bedrooms,
    bathrooms: facts.bathrooms,
    kitchens: facts.kitchens,
    parking_spaces: facts.parkingSpaces,
    size: facts.size,
    aircon: facts.aircon,
    furnished: facts.furnished,
    pets_allowed: facts.petsAllowed,
    available: true,
    sold_out: false,
    hidden: false,
    images: [0, 1, 2].map((k) => sceneFile('HOUSE', k)).join(','),
    cancellation: 35,
    amendments: 20,
    latitude: place.latitude + 0.004,
    longitude: place.longitude - 0.01,
  }
}

const RECORD_COLUMNS = sql.raw(`name text, agency_id bigint, location_id bigint, type property_type,
  rental_term rental_term, price numeric, minimum_age int, address text, description_en text, description_fr text,
  bedrooms int, bathrooms int, kitchens int, parking_spaces int, size int, aircon boolean, furnished boolean,
  pets_allowed boolean, available boolean, sold_out boolean, hidden boolean, images text, cancellation numeric,
  amendments numeric, latitude double precision, longitude double precision`)

/**
 * Inserts generated properties in chunks of one statement each (JSON record sets, not row-by-row values).
 * With `showcase` (the demo's first seeding only), the first of them is the showcase listing.
 */
export async function insertProperties(
  db: Db,
  total: number,
  { seed = 42, chunk = 5000, showcase: withShowcase = false } = {},
): Promise<number> {
  const places = (
    await db.select().from(locations).innerJoin(countries, eq(countries.id, locations.countryId))
  ).map(({ locations: l, countries: c }): GenerationPlace => {
    const known = SEED_LOCATIONS.find((x) => x.countryCode === c.code && x.en === l.nameEn)
    return {
      ...l,
      countryCode: c.code,
      streets: known?.streets ?? ['High Street'],
      rentPerM2: known?.rentPerM2 ?? 25,
      central: known?.central ?? false,
    }
  })
  const agencyRows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(eq(users.type, 'AGENCY'))
  const agencies = agencyRows.map((a) => ({
    id: a.id,
    name: a.fullName,
    countries: AGENCIES.find((x) => x.name === a.fullName)?.countries ?? [],
  }))
  const rnd = random(seed)
  let inserted = 0
  while (inserted < total) {
    const showcase = inserted === 0 && withShowcase ? showcaseProperty(places, agencies) : null
    const rows = [
      ...(showcase ? [showcase] : []),
      ...generateProperties(Math.min(chunk, total - inserted) - (showcase ? 1 : 0), places, agencies, rnd),
    ]
    await db.execute(sql`insert into ${properties} (name, agency_id, location_id, type, rental_term, price,
      minimum_age, address, description_en, description_fr, bedrooms, bathrooms, kitchens, parking_spaces, size,
      aircon, furnished, pets_allowed, available, sold_out, hidden, images, cancellation, amendments, latitude, longitude)
      select name, agency_id, location_id, type, rental_term, price, minimum_age, address, description_en,
      description_fr, bedrooms, bathrooms, kitchens, parking_spaces, size, aircon, furnished, pets_allowed,
      available, sold_out, hidden, string_to_array(images, ','), cancellation, amendments, latitude, longitude
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${RECORD_COLUMNS})`)
    inserted += rows.length
  }
  // Fresh planner statistics: without them a bulk-loaded table is planned as if it were still small.
  await db.execute(sql`analyze ${properties}`)
  return inserted
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10)
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)

async function seedRenter(
  db: Db,
  renter: { email: string; password: string; fullName: string },
  birthDate: string,
) {
  const [row] = await db
    .insert(users)
    .values({
      type: 'USER',
      email: renter.email,
      fullName: renter.fullName,
      phone: '+33 6 12 34 56 78',
      birthDate,
      passwordHash: await hashPassword(renter.password),
      language: 'en',
      activatedAt: new Date(),
    })
    .returning({ id: users.id })
  return row!.id
}

async function seedAdministrator(db: Db) {
  await db.insert(users).values({
    type: 'ADMIN',
    email: DEMO_ADMIN.email,
    fullName: DEMO_ADMIN.fullName,
    passwordHash: await hashPassword(DEMO_ADMIN.password),
    language: 'en',
    activatedAt: new Date(),
  })
}

/** Bookings in several statuses and a few notifications, some unread, for a renter. */
async function seedActivity(db: Db, userId: number, rnd: () => number, today: Date) {
  const visible = await db
    .select()
    .from(properties)
    .where(sql`not ${properties.hidden} and ${properties.available} and not ${properties.soldOut}`)
    .orderBy(properties.id)
    .limit(60)
  const plans: Array<{ status: BookingStatus; start: number; nights: number; cancellation: boolean }> = [
    { status: 'PAID', start: 12, nights: 6, cancellation: true },
    { status: 'DEPOSIT', start: 30, nights: 14, cancellation: false },
    { status: 'RESERVED', start: 45, nights: 31, cancellation: true },
    { status: 'PENDING', start: 60, nights: 3, cancellation: false },
    { status: 'PAID', start: -40, nights: 7, cancellation: false },
    { status: 'CANCELLED', start: -20, nights: 5, cancellation: true },
    // Never VOID: that is a checkout waiting for its payment, which a renter's list does not show.
    { status: 'PAID', start: -90, nights: 2, cancellation: false },
  ]
  const made = []
  for (const plan of plans) {
    const property = visible[Math.floor(rnd() * visible.length)]!
    const from = isoDate(addDays(today, plan.start))
    const to = isoDate(addDays(today, plan.start + plan.nights))
    const { columns } = pricedBooking(
      pricingOf(property),
      { from, to },
      {
        cancellation: plan.cancellation,
        amendments: false,
      },
    )
    const [booking] = await db
      .insert(bookings)
      .values({
        userId,
        propertyId: property.id,
        agencyId: property.agencyId,
        from,
        to,
        status: plan.status,
        ...columns,
        paymentProvider: plan.status === 'PAID' || plan.status === 'DEPOSIT' ? 'stripe' : null,
        paidAt: plan.status === 'PAID' ? today : null,
      })
      .returning({ id: bookings.id })
    made.push({ id: booking!.id, status: plan.status, property })
  }
  const messages: Array<typeof notifications.$inferInsert> = made
    .slice(0, 5)
    .map(({ id, status, property }, i) => {
      const { en, fr } = bookingNotice(status, property.name)
      return { userId, bookingId: id, messageEn: en, messageFr: fr, isRead: i >= 3 }
    })
  messages.push({
    userId,
    bookingId: null,
    messageEn: 'Welcome to Haven! Your bookings stay on your phone, even offline.',
    messageFr: 'Bienvenue sur Haven\u202f! Vos réservations restent sur votre téléphone, même hors ligne.',
    isRead: true,
  })
  await db.insert(notifications).values(messages)
  const unread = messages.filter((m) => !m.isRead).length
  await db.insert(notificationCounters).values({ userId, count: unread })
}

export interface SeedResult {
  properties: number
  renterId: number
  otherRenterId: number
}

/** The whole demo world into an empty database. */
export async function seedDemo(
  db: Db,
  { properties: total = 500, today = new Date() } = {},
): Promise<SeedResult> {
  await seedPlaces(db)
  await seedAgencies(db)
  const inserted = await insertProperties(db, total, { showcase: true })
  await seedAdministrator(db)
  const renterId = await seedRenter(db, DEMO_RENTER, '1994-05-17')
  const otherRenterId = await seedRenter(db, OTHER_RENTER, '1988-11-02')
  const rnd = random(7)
  await seedActivity(db, renterId, rnd, today)
  await seedActivity(db, otherRenterId, rnd, today)
  return { properties: inserted, renterId, otherRenterId }
}

/**
 * The demo world, only into an empty database, and by one server at a time: servers started together on one
 * PostgreSQL would each find it empty and each seed it. Null when it was not empty.
 */
export function seedDemoIfEmpty(
  database: Database,
  options: Parameters<typeof seedDemo>[1] = {},
): Promise<SeedResult | null> {
  return database.withLock('seed', async () =>
    (await isEmpty(database.db)) ? seedDemo(database.db, options) : null,
  )
}
