// The back office's reads of bookings (docs/product.md §12, Decisions; docs/api.md, Back office): the inbox, an
// agency's own properties' bookings (an administrator's: all), filtered and newest first in keyset pages, and
// one booking's page with its renter, price, payment and timeline. Whose booking is whose is `mayDecide`'s,
// the same check as the decisions'.
import { and, count, desc, eq, gt, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import type {
  BackOfficeBooking,
  InboxPage,
  InboxRow,
  inboxQuerySchema,
} from '../../../src/contract/back-office.ts'
import { availableDecisions } from '../../../src/domain/booking-decisions.ts'
import { BASE_CURRENCY, SEARCH_COUNT_CAP } from '../../../src/domain/constants.ts'
import type { BookingStatus } from '../../../src/domain/enums.ts'
import { todayUtc } from '../../../src/domain/input-rules.ts'
import { rentalDays } from '../../../src/domain/price.ts'
import type { z } from '../../../src/domain/zod-mini.ts'
import type { AppContext } from '../../context.ts'
import { bookings, properties, users } from '../../db/schema.ts'
import { type DecidingUser, mayDecide, requestLapsed } from './decisions.ts'
import { readTimeline } from './timeline.ts'

const renters = alias(users, 'renters')
const agencies = alias(users, 'agencies')

type BookingRow = typeof bookings.$inferSelect

/** `status=PENDING,RESERVED` as the statuses it names. */
export const statusesOf = (list: string | undefined) =>
  list ? (list.split(',') as BookingStatus[]) : undefined

/** The bookings `user` may see: an agency's own properties', every one for an administrator. */
export const visibleTo = (user: DecidingUser): SQL | undefined =>
  user.type === 'ADMIN' ? undefined : eq(bookings.agencyId, user.id)

/** A text as a LIKE pattern that finds it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

function toRow(row: {
  booking: BookingRow
  propertyName: string
  renterName: string
  renterEmail: string
}): InboxRow {
  const { booking } = row
  return {
    _id: String(booking.id),
    property: { _id: String(booking.propertyId), name: row.propertyName },
    renter: { _id: String(booking.userId), fullName: row.renterName, email: row.renterEmail },
    from: booking.from,
    to: booking.to,
    status: booking.status,
    price: Number(booking.price),
    currency: BASE_CURRENCY,
    cancelRequest: booking.cancelRequest,
    createdAt: booking.createdAt.toISOString(),
    answerBy: booking.status === 'PENDING' && booking.answerBy ? booking.answerBy.toISOString() : null,
  }
}

const rowColumns = {
  booking: bookings,
  propertyName: properties.name,
  renterName: renters.fullName,
  renterEmail: renters.email,
}

/**
 * The inbox: newest first (by id, the order they were made), keyset pages (the cursor is the last id of the
 * previous page), so that the thousandth page costs what the first does; the total is counted up to
 * SEARCH_COUNT_CAP. Unpaid checkouts (VOID) are left out unless asked for by status.
 */
export async function listInbox(
  ctx: AppContext,
  user: DecidingUser,
  query: z.output<typeof inboxQuerySchema>,
): Promise<InboxPage> {
  const { db } = ctx.database
  const statuses = statusesOf(query.status)
  const conditions = [
    visibleTo(user),
    statuses ? inArray(bookings.status, statuses) : ne(bookings.status, 'VOID'),
    query.propertyId ? eq(bookings.propertyId, Number(query.propertyId)) : undefined,
    query.to ? lt(bookings.from, query.to) : undefined,
    query.from ? gt(bookings.to, query.from) : undefined,
    query.renter
      ? or(
          sql`${renters.fullName} ilike ${containing(query.renter)}`,
          sql`${renters.email} ilike ${containing(query.renter)}`,
        )
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined)
  const after = query.cursor ? Number(query.cursor) : undefined
  const [rows, counted] = await Promise.all([
    db
      .select(rowColumns)
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .innerJoin(renters, eq(renters.id, bookings.userId))
      .where(and(...conditions, after === undefined ? undefined : lt(bookings.id, after)))
      .orderBy(desc(bookings.id))
      .limit(query.size + 1),
    db.select({ n: count() }).from(inboxMatches(db, Boolean(query.renter), and(...conditions))),
  ])
  const page = rows.slice(0, query.size)
  const n = Number(counted[0]?.n ?? 0)
  return {
    items: page.map(toRow),
    total: Math.min(n, SEARCH_COUNT_CAP),
    totalCapped: n > SEARCH_COUNT_CAP,
    nextCursor: rows.length > query.size ? String(page.at(-1)!.booking.id) : null,
  }
}

/**
 * The inbox's matches, up to one more than SEARCH_COUNT_CAP. The renter is joined only when the filters name
 * one: every booking has its renter, and without the join the count reads bookings_agency_stays_idx alone.
 */
function inboxMatches(db: AppContext['database']['db'], byRenter: boolean, where: SQL | undefined) {
  const matches = db
    .select({ one: sql`1` })
    .from(bookings)
    .$dynamic()
  return (byRenter ? matches.innerJoin(renters, eq(renters.id, bookings.userId)) : matches)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matches')
}

const RECORDED_MONEY = ['recordDeposit', 'recordPayment']

/** One booking's page for `user`: 404 unknown, 403 another agency's (as deciding on it). */
export async function backOfficeBookingDetail(
  ctx: AppContext,
  user: DecidingUser,
  id: number,
): Promise<BackOfficeBooking> {
  const { db } = ctx.database
  const [row] = await db
    .select({
      ...rowColumns,
      renterPhone: renters.phone,
      renterLanguage: renters.language,
      agencyName: agencies.fullName,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(renters, eq(renters.id, bookings.userId))
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(eq(bookings.id, id))
  const booking = mayDecide(user, row?.booking)
  const timeline = await readTimeline(db, booking.id)
  const paidOnline = booking.paymentProvider !== null && booking.paidAt !== null
  const recorded = timeline.findLast((entry) => RECORDED_MONEY.includes(entry.kind) && entry.amount !== null)
  return {
    ...toRow(row!),
    renter: {
      _id: String(booking.userId),
      fullName: row!.renterName,
      email: row!.renterEmail,
      phone: row!.renterPhone,
      language: row!.renterLanguage,
    },
    agency: { _id: String(booking.agencyId), name: row!.agencyName },
    cancellation: booking.cancellation,
    amendments: booking.amendments,
    breakdown: {
      days: rentalDays(booking.from, booking.to),
      rental: Number(booking.rentalPrice),
      cancellationFee: Number(booking.cancellationFee),
      amendmentsFee: Number(booking.amendmentsFee),
      total: Number(booking.price),
    },
    payment: {
      method: booking.paymentProvider ?? 'payLater',
      amount: paidOnline ? Number(booking.price) : recorded ? recorded.amount : null,
      verifiedAt: booking.paidAt ? booking.paidAt.toISOString() : null,
      refund: booking.refundStatus
        ? { status: booking.refundStatus, attempts: booking.refundAttempts }
        : null,
    },
    decisions: availableDecisions({
      status: booking.status,
      cancelRequest: booking.cancelRequest,
      paidOnline,
      stayOver: booking.to <= todayUtc(ctx.clock.now()),
      requestLapsed: requestLapsed(booking, ctx.clock.now()),
    }),
    timeline,
  }
}
