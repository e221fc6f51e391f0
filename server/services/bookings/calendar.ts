// The back office's calendar and closed nights (docs/product.md §12, Blocked nights): an agency reads the
// bookings and closed nights of one of its properties, or of all of them (an administrator: of any), over a
// range of days, and closes nights of its own properties (an owner's stay, works) or opens them again. Closed
// nights are held as booked ones are (./holding.ts): closing them takes the property's lock and is refused over
// nights a booking holds, as a checkout is.
import { and, asc, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm'

import type {
  BlockedNights,
  blockNightsRequestSchema,
  Calendar,
  calendarQuerySchema,
} from '../../../src/contract/back-office.ts'
import { BOOKING_MESSAGES as M } from '../../../src/domain/booking.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { z } from '../../../src/domain/zod-mini.ts'
import type { AppContext } from '../../context.ts'
import { blockedNights, bookings, properties } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import { statusesOf, visibleTo } from './back-office.ts'
import type { DecidingUser } from './decisions.ts'
import { lockProperty, overlapsHeldStay, type Runner } from './holding.ts'

/** The properties `user` runs: an agency's own, every one for an administrator. */
const ownProperties = (user: DecidingUser): SQL | undefined =>
  user.type === 'ADMIN' ? undefined : eq(properties.agencyId, user.id)

/** The property when `user` runs it: 404 unknown, 403 another agency's. */
async function ownProperty(db: Runner, user: DecidingUser, propertyId: number) {
  const [property] = await db
    .select({ id: properties.id, name: properties.name, agencyId: properties.agencyId })
    .from(properties)
    .where(eq(properties.id, propertyId))
  if (!property) throw notFound(M.propertyNotFound)
  if (user.type !== 'ADMIN' && property.agencyId !== user.id)
    throw new HttpError(403, API_ERROR_CODES.forbidden, M.notYourProperty)
  return property
}

/**
 * The bookings (unpaid checkouts left out, or the statuses asked for) and closed nights overlapping
 * [from, to): of one property `user` runs (403 another agency's), or of all of them.
 */
export async function calendar(
  ctx: AppContext,
  user: DecidingUser,
  query: z.output<typeof calendarQuerySchema>,
): Promise<Calendar> {
  const { db } = ctx.database
  const propertyId = query.propertyId ? (await ownProperty(db, user, Number(query.propertyId))).id : undefined
  const statuses = statusesOf(query.status)
  // An agency's month (thousands of bookings, read in stay order from bookings_agency_stays_idx alone) asks each
  // property's name by its key; joined, PostgreSQL would read the whole properties table to hash it. The
  // administrator's (every agency's: tens of thousands) joins, as hashing the table once is then the cheaper.
  const byKey = user.type !== 'ADMIN'
  const bookingRows = db
    .select({
      id: bookings.id,
      propertyId: bookings.propertyId,
      name: byKey
        ? sql<string>`(select ${properties.name} from ${properties} where ${properties.id} = ${bookings.propertyId})`
        : sql<string>`${properties.name}`,
      from: bookings.from,
      to: bookings.to,
      status: bookings.status,
    })
    .from(bookings)
    .$dynamic()
  const [booked, closed] = await Promise.all([
    (byKey ? bookingRows : bookingRows.innerJoin(properties, eq(properties.id, bookings.propertyId)))
      .where(
        and(
          visibleTo(user),
          propertyId === undefined ? undefined : eq(bookings.propertyId, propertyId),
          statuses ? inArray(bookings.status, statuses) : ne(bookings.status, 'VOID'),
          lt(bookings.from, query.to),
          gt(bookings.to, query.from),
        ),
      )
      .orderBy(asc(bookings.from), asc(bookings.id)),
    db
      .select({ blocked: blockedNights, name: properties.name })
      .from(blockedNights)
      .innerJoin(properties, eq(properties.id, blockedNights.propertyId))
      .where(
        and(
          ownProperties(user),
          propertyId === undefined ? undefined : eq(blockedNights.propertyId, propertyId),
          lt(blockedNights.from, query.to),
          gt(blockedNights.to, query.from),
        ),
      )
      .orderBy(asc(blockedNights.from), asc(blockedNights.id)),
  ])
  return {
    bookings: booked.map((row) => ({
      _id: String(row.id),
      property: { _id: String(row.propertyId), name: row.name },
      from: row.from,
      to: row.to,
      status: row.status,
    })),
    blocked: closed.map(({ blocked, name }) => toBlocked(blocked, name)),
  }
}

function toBlocked(row: typeof blockedNights.$inferSelect, propertyName: string): BlockedNights {
  return {
    _id: String(row.id),
    property: { _id: String(row.propertyId), name: propertyName },
    from: row.from,
    to: row.to,
    note: row.note,
  }
}

/**
 * Closes [from, to) of a property `user` runs, under the property's lock: refused (409 `nights_held`) when a
 * booking holds some of those nights or some are closed already.
 */
export function blockPropertyNights(
  ctx: AppContext,
  user: DecidingUser,
  request: z.output<typeof blockNightsRequestSchema>,
): Promise<BlockedNights> {
  return ctx.database.db.transaction(async (tx) => {
    const property = await ownProperty(tx, user, Number(request.propertyId))
    await lockProperty(tx, property.id)
    if (await overlapsHeldStay(tx, property.id, request.from, request.to))
      throw new HttpError(409, API_ERROR_CODES.nightsHeld, M.nightsHeld)
    const [row] = await tx
      .insert(blockedNights)
      .values({
        propertyId: property.id,
        from: request.from,
        to: request.to,
        note: request.note || null,
        createdBy: user.id,
      })
      .returning()
    return toBlocked(row!, property.name)
  })
}

/** Opens closed nights again: 404 unknown, 403 another agency's property's. */
export async function unblockPropertyNights(
  ctx: AppContext,
  user: DecidingUser,
  id: number,
): Promise<{ _id: string }> {
  const { db } = ctx.database
  const [row] = await db.select().from(blockedNights).where(eq(blockedNights.id, id))
  if (!row) throw notFound(M.blockedNightsNotFound)
  await ownProperty(db, user, row.propertyId)
  await db.delete(blockedNights).where(eq(blockedNights.id, id))
  return { _id: String(id) }
}
