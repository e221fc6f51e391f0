// The back office's listings (docs/product.md §6, Listings): an agency lists, reads, creates, edits, hides or
// shows, marks sold out or available and deletes its own properties; an administrator any agency's, choosing
// the agency of a new one. A property that bookings hold is never deleted (the renter's booking shows it):
// it can only be hidden. Every change tells this server's catalog caches (../catalog/changes.ts), so the
// renter's search, property page and sitemap show it at once.
import { and, asc, count, desc, eq, exists, ilike, inArray, sql, type SQL } from 'drizzle-orm'

import type {
  Listing,
  ListingListRequest,
  ListingPage,
  ListingSort,
  listingFieldsSchema,
  listingFlagsSchema,
} from '../../../src/contract/listings.ts'
import { listingListRequestSchema } from '../../../src/contract/listings.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import { PROPERTY_MESSAGES as M } from '../../../src/domain/property-rules.ts'
import type { z } from '../../../src/domain/zod-mini.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, locations, properties, propertyUploads, users } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import type { SessionUser } from '../auth/session.ts'
import { propertyImageUrl, propertyLargeImageUrl } from '../catalog/images.ts'
import { agencies } from '../catalog/queries.ts'
import type { Tx } from '../operations/once.ts'
import { deleteImageFiles, isUploadName } from './images.ts'

type Fields = z.output<typeof listingFieldsSchema>
type Flags = z.output<typeof listingFlagsSchema>
type PropertyRow = typeof properties.$inferSelect
type Ctx = Pick<AppContext, 'database' | 'storage' | 'catalog' | 'log'>

const forbidden = () => new HttpError(403, API_ERROR_CODES.forbidden, M.notYours)
const missing = () => notFound(M.notFound)
const invalidField = (field: string, message: string) =>
  new HttpError(400, API_ERROR_CODES.validation, message, { [field]: 'invalid' })

const isAdmin = (user: SessionUser) => user.type === 'ADMIN'

/** The property when the user may manage it: 404 unknown, 403 another agency's (an administrator: any). */
async function manageable(db: Db | Tx, user: SessionUser, id: number, lock = false): Promise<PropertyRow> {
  const query = db.select().from(properties).where(eq(properties.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw missing()
  if (!isAdmin(user) && row.agencyId !== user.id) throw forbidden()
  return row
}

/** Whether any booking names the property (its renter reads it in their bookings): then it is never deleted. */
const isBooked = async (db: Db | Tx, id: number) =>
  (await db.$count(bookings, eq(bookings.propertyId, id))) > 0

async function toListing(db: Db, row: PropertyRow): Promise<Listing> {
  const [agency] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, row.agencyId))
  return {
    _id: String(row.id),
    name: row.name,
    locationId: String(row.locationId),
    type: row.type,
    rentalTerm: row.rentalTerm,
    price: Number(row.price),
    minimumAge: row.minimumAge,
    address: row.address,
    descriptionEn: row.descriptionEn,
    descriptionFr: row.descriptionFr,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    kitchens: row.kitchens,
    parkingSpaces: row.parkingSpaces,
    size: row.size,
    aircon: row.aircon,
    furnished: row.furnished,
    petsAllowed: row.petsAllowed,
    available: row.available,
    soldOut: row.soldOut,
    hidden: row.hidden,
    cancellation: Number(row.cancellation),
    amendments: Number(row.amendments),
    latitude: row.latitude,
    longitude: row.longitude,
    agency: { _id: String(row.agencyId), name: agency?.name ?? '' },
    images: row.images.map((file) => ({
      file,
      small: propertyImageUrl(file),
      large: propertyLargeImageUrl(file),
    })),
    booked: await isBooked(db, row.id),
  }
}

/** Each order of the list, the id last so that a page never repeats or skips a property that ties. */
const ORDERS = {
  newest: [desc(properties.id)],
  name: [asc(properties.name), desc(properties.id)],
  priceAsc: [asc(properties.price), desc(properties.id)],
  priceDesc: [desc(properties.price), desc(properties.id)],
} satisfies Record<ListingSort, SQL[]>

/** The properties the user manages, by part of their name, in the order asked; a page of them and the total. */
export async function listListingsOf(
  db: Db,
  user: SessionUser,
  input: ListingListRequest,
): Promise<ListingPage> {
  const request = listingListRequestSchema.parse(input)
  const conditions: SQL[] = []
  if (!isAdmin(user)) conditions.push(eq(properties.agencyId, user.id))
  else if (request.agencyId) conditions.push(eq(properties.agencyId, Number(request.agencyId)))
  if (request.keyword)
    conditions.push(ilike(properties.name, `%${request.keyword.replace(/[\\%_]/g, '\\$&')}%`))
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: properties.id,
        name: properties.name,
        agencyId: properties.agencyId,
        agencyName: agencies.fullName,
        location: request.language === 'fr' ? locations.nameFr : locations.nameEn,
        type: properties.type,
        rentalTerm: properties.rentalTerm,
        price: properties.price,
        available: properties.available,
        soldOut: properties.soldOut,
        hidden: properties.hidden,
        images: properties.images,
      })
      .from(properties)
      .innerJoin(agencies, eq(agencies.id, properties.agencyId))
      .innerJoin(locations, eq(locations.id, properties.locationId))
      .where(where)
      .orderBy(...ORDERS[request.sort])
      .limit(request.size)
      .offset((request.page - 1) * request.size),
    db.select({ n: count() }).from(properties).where(where),
  ])
  return {
    items: rows.map((row) => ({
      _id: String(row.id),
      name: row.name,
      agency: { _id: String(row.agencyId), name: row.agencyName },
      location: row.location,
      type: row.type,
      rentalTerm: row.rentalTerm,
      price: Number(row.price),
      available: row.available,
      soldOut: row.soldOut,
      hidden: row.hidden,
      image: propertyImageUrl(row.images[0] ?? ''),
    })),
    total: Number(counted?.n ?? 0),
    page: request.page,
    size: request.size,
  }
}

export async function readListing(db: Db, user: SessionUser, id: number): Promise<Listing> {
  return toListing(db, await manageable(db, user, id))
}

/** The agency a new property is for: an agency's own; the one an administrator chose, which must be one. */
async function agencyFor(db: Db, user: SessionUser, chosen: string | undefined): Promise<number> {
  if (!isAdmin(user)) {
    if (chosen !== undefined && Number(chosen) !== user.id) throw forbidden()
    return user.id
  }
  if (chosen === undefined)
    throw new HttpError(400, API_ERROR_CODES.validation, M.agencyRequired, { agencyId: 'required' })
  const [agency] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, Number(chosen)), eq(users.type, 'AGENCY')))
  if (!agency) throw invalidField('agencyId', M.agencyRequired)
  return agency.id
}

const columnsOf = (fields: Fields) => ({
  name: fields.name,
  locationId: Number(fields.locationId),
  type: fields.type,
  rentalTerm: fields.rentalTerm,
  price: fields.price,
  minimumAge: fields.minimumAge,
  address: fields.address || null,
  descriptionEn: fields.descriptionEn,
  descriptionFr: fields.descriptionFr,
  bedrooms: fields.bedrooms,
  bathrooms: fields.bathrooms,
  kitchens: fields.kitchens,
  parkingSpaces: fields.parkingSpaces,
  size: fields.size,
  aircon: fields.aircon,
  furnished: fields.furnished,
  petsAllowed: fields.petsAllowed,
  available: fields.available,
  soldOut: fields.soldOut,
  hidden: fields.hidden,
  images: [...new Set(fields.images)],
  cancellation: fields.cancellation,
  amendments: fields.amendments,
  latitude: fields.latitude,
  longitude: fields.longitude,
})

/**
 * Checks the location, and takes the images new to the property from the user's own uploads (an image another
 * user uploaded, or never uploaded, is refused): those leave the uploads, being the property's now.
 */
async function claimImages(tx: Tx, user: SessionUser, fields: Fields, kept: readonly string[]) {
  const [location] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.id, Number(fields.locationId)))
  if (!location) throw invalidField('locationId', M.unknownLocation)
  const added = [...new Set(fields.images)].filter((file) => !kept.includes(file))
  if (added.length === 0) return
  const claimed = await tx
    .delete(propertyUploads)
    .where(and(inArray(propertyUploads.file, added), eq(propertyUploads.uploaderId, user.id)))
    .returning({ file: propertyUploads.file })
  if (claimed.length !== added.length) {
    const index = fields.images.findIndex(
      (file) => !claimed.some((c) => c.file === file) && added.includes(file),
    )
    throw new HttpError(400, API_ERROR_CODES.validation, M.unknownImage, { [`images.${index}`]: 'invalid' })
  }
}

/**
 * Upload names among `files` that no property shows any more: their files are deleted once the change is
 * committed. The demo's shared pictures are never among them.
 */
async function unusedOf(db: Db, files: readonly string[]): Promise<string[]> {
  const candidates = files.filter(isUploadName)
  if (candidates.length === 0) return []
  const used = await db
    .select({ file: sql<string>`f.file` })
    .from(sql`unnest(${sql.param(candidates)}::text[]) as f(file)`)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(properties)
          .where(sql`f.file = any(${properties.images})`),
      ),
    )
  return candidates.filter((file) => !used.some((row) => row.file === file))
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

async function afterChange(ctx: Ctx, dropped: readonly string[]) {
  ctx.catalog.changed()
  if (dropped.length === 0) return
  const unused = await unusedOf(ctx.database.db, dropped)
  await deleteImageFiles(ctx, unused)
}

export async function createListingFor(ctx: Ctx, user: SessionUser, fields: Fields): Promise<Listing> {
  const { db } = ctx.database
  const agencyId = await agencyFor(db, user, fields.agencyId)
  const row = await db.transaction(async (tx) => {
    await claimImages(tx, user, fields, [])
    const [created] = await tx
      .insert(properties)
      .values({ ...columnsOf(fields), agencyId })
      .returning()
    return created!
  })
  await afterChange(ctx, [])
  return toListing(db, row)
}

export async function updateListingFor(
  ctx: Ctx,
  user: SessionUser,
  id: number,
  fields: Fields,
): Promise<Listing> {
  const { db } = ctx.database
  // An administrator may move a property to another agency; an agency keeps its own.
  const agencyId = isAdmin(user) && fields.agencyId ? await agencyFor(db, user, fields.agencyId) : undefined
  if (!isAdmin(user) && fields.agencyId !== undefined && Number(fields.agencyId) !== user.id)
    throw forbidden()
  const { row, dropped } = await db.transaction(async (tx) => {
    const current = await manageable(tx, user, id, true)
    await claimImages(tx, user, fields, current.images)
    const [updated] = await tx
      .update(properties)
      .set({ ...columnsOf(fields), ...(agencyId ? { agencyId } : {}) })
      .where(eq(properties.id, id))
      .returning()
    return { row: updated!, dropped: current.images.filter((file) => !updated!.images.includes(file)) }
  })
  await afterChange(ctx, dropped)
  return toListing(db, row)
}

export async function setListingFlagsFor(
  ctx: Ctx,
  user: SessionUser,
  id: number,
  flags: Flags,
): Promise<Listing> {
  const { db } = ctx.database
  await manageable(db, user, id)
  const changes = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined))
  const [row] = Object.keys(changes).length
    ? await db.update(properties).set(changes).where(eq(properties.id, id)).returning()
    : await db.select().from(properties).where(eq(properties.id, id))
  await afterChange(ctx, [])
  return toListing(db, row!)
}

/** Deletes a property no booking names, with its images; one that bookings hold is refused (409): hide it. */
export async function deleteListingFor(
  ctx: Ctx,
  user: SessionUser,
  id: number,
): Promise<{ deleted: boolean }> {
  const { db } = ctx.database
  const images = await db
    .transaction(async (tx) => {
      const current = await manageable(tx, user, id, true)
      if (await isBooked(tx, id)) throw new HttpError(409, API_ERROR_CODES.propertyBooked, M.propertyBooked)
      await tx.delete(properties).where(eq(properties.id, id))
      return current.images
    })
    .catch((error: unknown) => {
      // A booking made in the meantime: the database's foreign key refuses the delete.
      if (isForeignKeyViolation(error))
        throw new HttpError(409, API_ERROR_CODES.propertyBooked, M.propertyBooked)
      throw error
    })
  await afterChange(ctx, images)
  return { deleted: true }
}
