// Unpaid holds (docs/product.md §12): a stay held without money taken (to pay later until the agency answers,
// or waiting for an online payment) keeps other renters out of its nights, so nobody holds many at once, and
// an account whose address nobody proved holds its pay-later stay only for a window, as an online checkout
// does: activated within it, the stay is held until the agency answers; not, it lapses and is cancelled.
import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm'

import { BOOKING_MESSAGES as M, PAYMENT_WINDOW_MS } from '../../../src/domain/booking.ts'
import {
  MAX_UNPAID_HOLDS,
  MAX_UNVERIFIED_UNPAID_HOLDS,
  UNVERIFIED_HOLD_MS,
} from '../../../src/domain/constants.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { announceBookingEvent, type RecordedEvent, recordBookingEvent } from './events.ts'
import { holdingNow, lockProperty, type NotCounted, type Runner } from './holding.ts'

/** Until when a new booking holds its nights without money taken; null: until the agency answers. */
export function holdExpiry(now: Date, { online, verified }: { online: boolean; verified: boolean }) {
  if (online) return new Date(now.getTime() + PAYMENT_WINDOW_MS)
  return verified ? null : new Date(now.getTime() + UNVERIFIED_HOLD_MS)
}

/**
 * Refuses a checkout that would give `renter` one unpaid hold too many (409), leaving out the same checkout
 * delivered again. The renter's row stays locked until the transaction ends: checkouts of one renter, of any
 * properties, take their turn from here, and each counts what the one before it booked.
 */
export async function checkUnpaidHolds(
  tx: Runner,
  renter: { id: number; activatedAt: Date | null },
  today: string,
  { operation }: Pick<NotCounted, 'operation'> = {},
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, renter.id)).for('update')
  const verified = renter.activatedAt !== null
  const limit = verified ? MAX_UNPAID_HOLDS : MAX_UNVERIFIED_UNPAID_HOLDS
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, renter.id),
        inArray(bookings.status, ['PENDING', 'VOID']),
        holdingNow(),
        gt(bookings.to, today),
        operation === undefined
          ? undefined
          : sql`${bookings.operationId} is distinct from ${operation.operationId}`,
      ),
    )
  if ((row?.count ?? 0) < limit) return
  throw verified
    ? new HttpError(409, API_ERROR_CODES.unpaidHoldsLimit, M.unpaidHoldsLimit)
    : new HttpError(409, API_ERROR_CODES.unverifiedHoldsLimit, M.unverifiedHoldsLimit)
}

/**
 * Once `userId`'s address is proved: the pay-later stays still within their window are held until the agency
 * answers. Under each property's lock, and only while the window is still open by the database's clock: a
 * stay whose window closed may have been booked by someone else meanwhile.
 */
export async function keepVerifiedHolds(db: Db, userId: number): Promise<void> {
  const waiting = await db
    .select({ id: bookings.id, propertyId: bookings.propertyId })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'PENDING'), isNotNull(bookings.expiresAt)))
  for (const booking of waiting) {
    await db.transaction(async (tx) => {
      await lockProperty(tx, booking.propertyId)
      await tx
        .update(bookings)
        .set({ expiresAt: null })
        .where(
          and(
            eq(bookings.id, booking.id),
            eq(bookings.status, 'PENDING'),
            sql`${bookings.expiresAt} > clock_timestamp()`,
          ),
        )
    })
  }
}

/** Cancels one lapsed hold and records its event, in one transaction; undefined when it no longer lapses. */
function lapseOne(ctx: AppContext, id: number, now: Date): Promise<RecordedEvent | undefined> {
  return ctx.database.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'CANCELLED' })
      .where(
        and(
          eq(bookings.id, id),
          eq(bookings.status, 'PENDING'),
          isNotNull(bookings.expiresAt),
          lt(bookings.expiresAt, now),
        ),
      )
      .returning({ id: bookings.id })
    return cancelled ? recordBookingEvent(tx, { type: 'lapsed', bookingId: id }, ctx) : undefined
  })
}

/**
 * The sweep of pay-later stays whose window closed before their account was activated: each is CANCELLED,
 * and its renter and agency told why. Returns how many lapsed.
 */
export async function lapseUnverifiedHolds(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const lapsed = await ctx.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'PENDING'), isNotNull(bookings.expiresAt), lt(bookings.expiresAt, now)))
    .orderBy(asc(bookings.id))
  let count = 0
  // Oldest first, each on its own: one that cannot be recorded is logged and left to the next sweep.
  for (const { id } of lapsed) {
    const recorded = await lapseOne(ctx, id, now).catch((error: unknown) => {
      ctx.log.error({ bookingId: id, err: { type: (error as Error).name } }, 'lapse not recorded')
      return undefined
    })
    if (!recorded) continue
    count += 1
    await announceBookingEvent(recorded, ctx)
  }
  return count
}
