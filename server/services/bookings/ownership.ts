// Which booking is whose: a renter reaches only their own bookings. The route has found who is signed in
// (server/routes/access.ts); the services that act on one booking ask here first.
import { eq } from 'drizzle-orm'

import { BOOKING_MESSAGES as M } from '../../../src/domain/booking.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { Db } from '../../db/open.ts'
import { bookings } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'

type BookingRow = typeof bookings.$inferSelect

export const bookingNotFound = () => notFound(M.bookingNotFound)
export const notYours = () => new HttpError(403, API_ERROR_CODES.forbidden, M.notYourBooking)

/** The booking when it is `userId`'s: 404 unknown, 403 someone else's. */
export async function ownBooking(db: Db, userId: number, id: number): Promise<BookingRow> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1)
  if (!booking) throw bookingNotFound()
  if (booking.userId !== userId) throw notYours()
  return booking
}
