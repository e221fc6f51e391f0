// A renter's own open hold (docs/product.md §12, Own hold): a checkout still waiting for its online payment,
// within its window, holds its nights against everyone but its renter. The renter who checks out again the
// same property for nights it holds (a reload during the payment, a second tab, the back button) gets that
// booking back when it is the same checkout (same stay, options, price and way to pay), and its provider's
// same session; a different one releases it, as a lapse does (a payment still made for it is refunded), and is
// booked afresh. Both run under the property's lock, in the checkout's transaction; only the renter's own
// holds are ever resumed or released.
import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'

import type { OwnHolds } from '../../../src/contract/bookings.ts'
import type { PaymentMethod } from '../../../src/domain/booking.ts'
import type { Db } from '../../db/open.ts'
import { bookings } from '../../db/schema.ts'
import type { Runner } from './holding.ts'

type BookingRow = typeof bookings.$inferSelect

/** The renter's bookings still waiting for a payment, not lapsed: the only ones resumed or released. */
const renterUnpaid = (renterId: number) =>
  and(eq(bookings.userId, renterId), eq(bookings.status, 'VOID'), isNull(bookings.lapsedAt))

/** The renter's checkouts of the property still waiting for their online payment within their window. */
export function openOwnHolds(
  tx: Runner,
  renterId: number,
  propertyId: number,
  overlapping?: { from: string; to: string },
): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        renterUnpaid(renterId),
        eq(bookings.propertyId, propertyId),
        isNotNull(bookings.paymentProvider),
        // The database's clock, as `holdingNow`'s: what it calls held is what is resumed here.
        sql`${bookings.expiresAt} > now()`,
        overlapping ? lt(bookings.from, overlapping.to) : undefined,
        overlapping ? gt(bookings.to, overlapping.from) : undefined,
      ),
    )
    .orderBy(bookings.id)
}

/** What a checkout asks for, as its booking would keep it. */
export interface AskedCheckout {
  from: string
  to: string
  payment: PaymentMethod
  cancellation: boolean
  amendments: boolean
  price: number
}

/** Whether `hold` is the checkout asked for again: resumed as it is rather than released. */
export const sameCheckout = (hold: BookingRow, asked: AskedCheckout) =>
  hold.from === asked.from &&
  hold.to === asked.to &&
  hold.paymentProvider === asked.payment &&
  hold.cancellation === asked.cancellation &&
  hold.amendments === asked.amendments &&
  Math.abs(Number(hold.price) - asked.price) < 0.005

/**
 * Releases the renter's holds `ids` at once, as a lapse does: kept, marked lapsed, their nights free within this
 * transaction (`now()` is its start, so the holding rule no longer counts them) and their operation ids let go.
 * Their provider may still be paid until the window the renter was given closes (Stripe's session lives as
 * long): it is asked then, by the sweep, and a payment it reports is refunded (./../payments/confirm.ts), as
 * the webhook or the renter's return would have it refunded earlier.
 */
export async function releaseOwnHolds(tx: Runner, renterId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  await tx
    .update(bookings)
    .set({
      lapsedAt: sql`now()`,
      providerCheckAt: sql`${bookings.expiresAt}`,
      expiresAt: sql`least(${bookings.expiresAt}, now())`,
      operationId: null,
    })
    .where(and(inArray(bookings.id, ids), renterUnpaid(renterId)))
}

/** GET /api/own-holds/{propertyId}: what the renter's calendar does not count as booked, and may resume. */
export async function listOwnHolds(db: Db, renterId: number, propertyId: number): Promise<OwnHolds> {
  const holds = await openOwnHolds(db, renterId, propertyId)
  return {
    holds: holds.map((hold) => ({
      bookingId: String(hold.id),
      from: hold.from,
      to: hold.to,
      payment: hold.paymentProvider!,
      cancellation: hold.cancellation,
      amendments: hold.amendments,
      price: Number(hold.price),
      expiresAt: hold.expiresAt!.toISOString(),
    })),
  }
}
