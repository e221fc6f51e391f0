// The holding rule (docs/product.md §12): a stay's nights are sold once. `holdsNights` in src/domain says which
// bookings hold their nights; this is the same rule in SQL, for checkout, payment and search, and the lock
// that makes it hold under concurrency: every write that makes a booking hold nights first locks the
// property's row, inside its transaction, then looks for an overlap. Nights its agency closed (blocked_nights:
// an owner's stay, works) are held as booked ones are, by every check here; closing them takes the same lock.
import { and, eq, gt, lt, ne, type SQL, sql } from 'drizzle-orm'

import { BOOKING_MESSAGES as M, type PriceBreakdown } from '../../../src/domain/booking.ts'
import { HOLDING_BOOKING_STATUSES } from '../../../src/domain/enums.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { Db } from '../../db/open.ts'
import { blockedNights, bookings, properties } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'

/** A transaction's handle or the database: both run the same queries. */
export type Runner = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

/** `bookings` rows that hold their nights now (the SQL of `holdsNights`), as an alias-free condition. */
export function holdingNow(alias = 'bookings'): SQL {
  const statuses = sql.join(
    HOLDING_BOOKING_STATUSES.filter((status) => status !== 'PENDING').map((status) => sql`${status}`),
    sql`, `,
  )
  const t = sql.raw(alias)
  return sql`(${t}.status in (${statuses}) or (${t}.status = 'PENDING' and (${t}.expires_at is null or ${t}.expires_at > now()) and (${t}.answer_by is null or ${t}.answer_by > now())) or (${t}.status = 'VOID' and ${t}.expires_at > now()))`
}

/**
 * Whether [from, to) of the property (a column or a value) is free of held nights: no booking holding its nights
 * and no closed night overlaps it. Search's condition; the checks below are this, for one property.
 *
 * It is asked of one property at a time, from the index on (property_id, from_date, to_date): `offset 0` keeps
 * PostgreSQL from turning it into an anti-join. It cannot estimate how many properties two date comparisons
 * leave free, guesses almost none, and then prefers to hash every overlapping booking of the platform once (on
 * 500,000 bookings, a scan of the table) over probing the few thousand properties that a page read in an
 * index's order, or a capped count, reads before it stops (docs/performance.md, Query shapes at scale).
 */
export function nightsFree(propertyId: SQL | number, from: string, to: string): SQL {
  return sql`(not exists (select 1 from ${bookings} b where b.property_id = ${propertyId} and ${holdingNow('b')} and b.from_date < ${to} and b.to_date > ${from} offset 0) and not exists (select 1 from ${blockedNights} bn where bn.property_id = ${propertyId} and bn.from_date < ${to} and bn.to_date > ${from} offset 0))`
}

/**
 * Locks the property's row until the transaction ends: two checkouts (or a checkout and a payment) of the same
 * property then take their turn, and the second sees the first's booking.
 */
export async function lockProperty(tx: Runner, propertyId: number): Promise<void> {
  await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update')
}

/** What an overlap check leaves out: the booking itself, or the same checkout delivered again. */
export interface NotCounted {
  bookingId?: number
  operation?: { userId: number; operationId: string }
}

/**
 * Whether a booking that holds its nights (leaving out `notCounted`), or a closed night, overlaps [from, to) of
 * the property.
 */
export async function overlapsHeldStay(
  tx: Runner,
  propertyId: number,
  from: string,
  to: string,
  { bookingId, operation }: NotCounted = {},
): Promise<boolean> {
  const [blocked] = await tx
    .select({ id: blockedNights.id })
    .from(blockedNights)
    .where(
      and(eq(blockedNights.propertyId, propertyId), lt(blockedNights.from, to), gt(blockedNights.to, from)),
    )
    .limit(1)
  if (blocked) return true
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        holdingNow(),
        lt(bookings.from, to),
        gt(bookings.to, from),
        bookingId === undefined ? undefined : ne(bookings.id, bookingId),
        operation === undefined
          ? undefined
          : sql`not (${bookings.userId} = ${operation.userId} and ${bookings.operationId} is not distinct from ${operation.operationId})`,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * The last step before a booking holds [from, to) of the property (checkout, a change of dates), under the
 * property's lock: refused with 409 `already_booked` when another held stay overlaps it, else the columns
 * that write the stay's dates and its price.
 */
export async function claimStay(
  tx: Runner,
  propertyId: number,
  stay: { from: string; to: string },
  breakdown: PriceBreakdown,
  notCounted: NotCounted,
) {
  if (await overlapsHeldStay(tx, propertyId, stay.from, stay.to, notCounted)) {
    throw new HttpError(409, API_ERROR_CODES.alreadyBooked, M.alreadyBooked)
  }
  return {
    from: stay.from,
    to: stay.to,
    price: breakdown.total,
    rentalPrice: breakdown.rental,
    cancellationFee: breakdown.cancellationFee,
    amendmentsFee: breakdown.amendmentsFee,
  }
}

/**
 * The held stays of a visible property that end after `today`, closed nights among them (a renter is not told
 * which is which), in date order; null for no such property.
 */
export async function heldStays(
  db: Db,
  propertyId: number,
  today: string,
): Promise<Array<{ from: string; to: string }> | null> {
  const [property] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.hidden, false)))
  if (!property) return null
  const [booked, closed] = await Promise.all([
    db
      .select({ from: bookings.from, to: bookings.to })
      .from(bookings)
      .where(and(eq(bookings.propertyId, propertyId), holdingNow(), gt(bookings.to, today))),
    db
      .select({ from: blockedNights.from, to: blockedNights.to })
      .from(blockedNights)
      .where(and(eq(blockedNights.propertyId, propertyId), gt(blockedNights.to, today))),
  ])
  return [...booked, ...closed].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
}
