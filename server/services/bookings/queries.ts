// The renter's bookings (docs/product.md §12): a keyset-paged list, one booking with its price breakdown, and
// the cancellation request and its withdrawal. Temporary bookings of an online checkout not paid yet are no booking of the
// renter's until paid, so they are left out.
import { and, desc, eq, gte, inArray, lt, ne, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'

import type {
  BookingDetail,
  bookingListRequestSchema,
  BookingPage,
  BookingSummary,
} from '../../../src/contract/bookings.ts'
import { BOOKING_MESSAGES as M } from '../../../src/domain/booking.ts'
import { cancellableNow } from '../../../src/domain/cancellation.ts'
import { BASE_CURRENCY } from '../../../src/domain/constants.ts'
import type { Language } from '../../../src/domain/enums.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import { todayUtc } from '../../../src/domain/input-rules.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, locations, properties, users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { propertyImageUrl } from '../catalog/images.ts'
import { decodeCursor } from '../catalog/queries.ts'
import { runOnce } from '../operations/once.ts'
import { announceBookingEvent, type RecordedEvent, recordBookingEvent } from './events.ts'
import { ownBooking } from './ownership.ts'
import { readTimeline } from './timeline.ts'

const agencies = alias(users, 'agencies')

const columns = {
  booking: bookings,
  propertyName: properties.name,
  propertyImages: properties.images,
  propertyRentalTerm: properties.rentalTerm,
  propertyAddress: properties.address,
  agencyName: agencies.fullName,
}

/** What only the booking's own page shows: the agency's contact and where the property is. */
const detailColumns = {
  ...columns,
  agencyEmail: agencies.email,
  agencyPhone: agencies.phone,
  propertyAmendments: properties.amendments,
  propertyLatitude: properties.latitude,
  propertyLongitude: properties.longitude,
}

type Row = {
  booking: typeof bookings.$inferSelect
  propertyName: string
  propertyImages: string[]
  agencyName: string
}

function toSummary(row: Row): BookingSummary {
  const { booking } = row
  return {
    _id: String(booking.id),
    property: {
      _id: String(booking.propertyId),
      name: row.propertyName,
      image: propertyImageUrl(row.propertyImages[0] ?? ''),
    },
    agency: { _id: String(booking.agencyId), name: row.agencyName },
    from: booking.from,
    to: booking.to,
    price: Number(booking.price),
    status: booking.status,
    cancellation: booking.cancellation,
    cancelRequest: booking.cancelRequest,
  }
}

/** Newest first; the cursor is the last id of the previous page (docs/architecture.md, Keyset pagination). */
export async function listBookings(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof bookingListRequestSchema>,
): Promise<BookingPage> {
  const after = decodeCursor(input.cursor)
  const conditions: SQL[] = [eq(bookings.userId, userId), ne(bookings.status, 'VOID')]
  if (after !== undefined) conditions.push(lt(bookings.id, after))
  if (input.statuses?.length) conditions.push(inArray(bookings.status, input.statuses))
  // docs/product.md §12: a stay is upcoming until its check-out day has passed (UTC), then past.
  const today = todayUtc(ctx.clock.now())
  if (input.when === 'upcoming') conditions.push(gte(bookings.to, today))
  if (input.when === 'past') conditions.push(lt(bookings.to, today))
  const rows = await ctx.database.db
    .select(columns)
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(and(...conditions))
    .orderBy(desc(bookings.id))
    .limit(input.size + 1)
  const page = rows.slice(0, input.size)
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > input.size ? String(page.at(-1)!.booking.id) : null,
  }
}

/** One of renter `userId`'s bookings with every detail; 403 or 404 otherwise. */
export async function bookingDetail(
  ctx: AppContext,
  userId: number,
  id: number,
  language: Language,
): Promise<BookingDetail> {
  const { db } = ctx.database
  const own = await ownBooking(db, userId, id)
  if (own.status === 'VOID') throw new HttpError(404, API_ERROR_CODES.notFound, M.bookingNotFound)
  const [row] = await db
    .select({ ...detailColumns, location: language === 'fr' ? locations.nameFr : locations.nameEn })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .innerJoin(locations, eq(locations.id, properties.locationId))
    .where(eq(bookings.id, own.id))
  if (!row) throw new HttpError(404, API_ERROR_CODES.notFound, M.bookingNotFound)
  const summary = toSummary(row)
  const { booking } = row
  return {
    ...summary,
    property: {
      ...summary.property,
      rentalTerm: row.propertyRentalTerm,
      amendments: Number(row.propertyAmendments),
      address: row.propertyAddress,
      location: row.location,
      latitude: row.propertyLatitude,
      longitude: row.propertyLongitude,
    },
    agency: { ...summary.agency, email: row.agencyEmail, phone: row.agencyPhone },
    amendments: booking.amendments,
    currency: BASE_CURRENCY,
    breakdown: {
      days: Math.round((Date.parse(booking.to) - Date.parse(booking.from)) / 86_400_000),
      rental: Number(booking.rentalPrice),
      cancellationFee: Number(booking.cancellationFee),
      amendmentsFee: Number(booking.amendmentsFee),
      total: Number(booking.price),
    },
    paymentProvider: booking.paymentProvider,
    paidAt: booking.paidAt ? booking.paidAt.toISOString() : null,
    refundStatus: booking.refundStatus,
    createdAt: booking.createdAt.toISOString(),
    timeline: await readTimeline(db, booking.id),
  }
}

type BookingRow = typeof bookings.$inferSelect

/**
 * A renter's change to their booking's cancellation request (docs/product.md §12), in the transaction of its
 * operation id: the answer is kept, so the same change delivered again after a later one changes nothing.
 * `change` refuses or writes, and says whether it changed anything: only then is the agency told.
 */
async function changeCancelRequest<T extends { bookingId: string; cancelRequest: boolean }>(
  ctx: AppContext,
  userId: number,
  id: number,
  {
    kind,
    operationId,
    answer,
    event,
  }: {
    kind: string
    operationId: string | undefined
    answer: (bookingId: string) => T
    event: 'cancelRequested' | 'cancelWithdrawn'
  },
  change: (tx: Db, current: BookingRow) => Promise<boolean>,
): Promise<T> {
  const booking = await ownBooking(ctx.database.db, userId, id)
  if (booking.status === 'VOID') throw new HttpError(404, API_ERROR_CODES.notFound, M.bookingNotFound)
  let recorded: RecordedEvent | undefined
  const result = await runOnce(ctx.database.db, booking.userId, kind, operationId, async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, booking.id))
    if (current && (await change(tx, current))) {
      recorded = await recordBookingEvent(tx, { type: event, bookingId: booking.id }, ctx)
    }
    return answer(String(booking.id))
  })
  if (recorded) await announceBookingEvent(recorded, ctx)
  return result
}

/**
 * The renter asks to cancel: only with the cancellation option, before the stay starts, and not once
 * cancelled. Asking again answers the same and tells nobody twice.
 */
export function requestCancellation(
  ctx: AppContext,
  userId: number,
  id: number,
  operationId?: string,
): Promise<{ bookingId: string; cancelRequest: true }> {
  const answer = (bookingId: string) => ({ bookingId, cancelRequest: true as const })
  return changeCancelRequest(
    ctx,
    userId,
    id,
    { kind: 'cancel-booking', operationId, answer, event: 'cancelRequested' },
    async (tx, current) => {
      if (current.cancelRequest) return false
      if (!current.cancellation)
        throw new HttpError(409, API_ERROR_CODES.cancellationNotTaken, M.cancellationNotTaken)
      const today = todayUtc(ctx.clock.now())
      if (!cancellableNow(current, today)) {
        throw new HttpError(409, API_ERROR_CODES.cancellationTooLate, M.cancellationTooLate)
      }
      const [asked] = await tx
        .update(bookings)
        .set({ cancelRequest: true })
        .where(and(eq(bookings.id, current.id), eq(bookings.cancelRequest, false)))
        .returning({ id: bookings.id })
      return asked !== undefined
    },
  )
}

/**
 * The renter withdraws a cancellation request the agency has not decided on: the booking stands, and the
 * agency is told. Nothing pending answers the same and tells nobody; a booking the agency has cancelled
 * meanwhile is refused (409 `cancellation_decided`).
 */
export function withdrawCancellation(
  ctx: AppContext,
  userId: number,
  id: number,
  operationId?: string,
): Promise<{ bookingId: string; cancelRequest: false }> {
  const answer = (bookingId: string) => ({ bookingId, cancelRequest: false as const })
  return changeCancelRequest(
    ctx,
    userId,
    id,
    { kind: 'withdraw-cancellation', operationId, answer, event: 'cancelWithdrawn' },
    async (tx, current) => {
      if (!current.cancelRequest) return false
      if (current.status === 'CANCELLED')
        throw new HttpError(409, API_ERROR_CODES.cancellationDecided, M.cancellationDecided)
      const [withdrawn] = await tx
        .update(bookings)
        .set({ cancelRequest: false })
        .where(
          and(
            eq(bookings.id, current.id),
            eq(bookings.cancelRequest, true),
            ne(bookings.status, 'CANCELLED'),
          ),
        )
        .returning({ id: bookings.id })
      return withdrawn !== undefined
    },
  )
}
