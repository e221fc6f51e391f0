// One timeline per booking, shared by its renter and its agency (docs/product.md §12, One timeline per
// booking): every decision and change, who made it and when, and the messages the two sides write each other.
// A message is a line of the timeline in the transaction of its operation id, with what tells the other side
// (./events.ts: a notification, its push, an e-mail when wanted): sent twice, it is written once. Whose
// booking is whose is the renter's `ownBooking` and the agent's `mayDecide`, the decisions' own check.
import { asc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import type { TimelineEntry } from '../../../src/contract/bookings.ts'
import type { UserType } from '../../../src/domain/enums.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, bookingTimeline, users } from '../../db/schema.ts'
import { runOnce } from '../operations/once.ts'
import { type DecidingUser, mayDecide } from './decisions.ts'
import { announceBookingEvent, type RecordedEvent, recordBookingEvent } from './events.ts'
import { bookingNotFound, ownBooking } from './ownership.ts'

const actors = alias(users, 'actors')

type TimelineRow = typeof bookingTimeline.$inferSelect

const toEntry = (entry: TimelineRow, actor: { type: UserType; name: string } | null): TimelineEntry => ({
  _id: String(entry.id),
  kind: entry.kind,
  actor:
    entry.actorId !== null && actor
      ? { _id: String(entry.actorId), type: actor.type, name: actor.name }
      : null,
  at: entry.createdAt.toISOString(),
  statusBefore: entry.statusBefore,
  statusAfter: entry.statusAfter,
  note: entry.note,
  amount: entry.amount === null ? null : Number(entry.amount),
})

/** The booking's timeline, oldest first. */
export async function readTimeline(db: Db, bookingId: number): Promise<TimelineEntry[]> {
  const rows = await db
    .select({ entry: bookingTimeline, actorType: actors.type, actorName: actors.fullName })
    .from(bookingTimeline)
    .leftJoin(actors, eq(actors.id, bookingTimeline.actorId))
    .where(eq(bookingTimeline.bookingId, bookingId))
    .orderBy(asc(bookingTimeline.id))
  return rows.map(({ entry, actorType, actorName }) =>
    toEntry(entry, actorType !== null && actorName !== null ? { type: actorType, name: actorName } : null),
  )
}

/** Who writes: the booking's renter, or an agent who may decide on it (its agency, an administrator). */
export type MessageAuthor = DecidingUser & { fullName: string }

/**
 * Writes `text` in the booking's timeline for `author` and tells the other side. On the renter's `side`, the
 * author writes on their own booking (404 unknown or void, 403 another's); on the staff's, on a booking it
 * may decide on (the route lets agencies and administrators only). `operationId` makes a
 * second delivery answer the first line and tell nobody again.
 */
export async function writeBookingMessage(
  ctx: AppContext,
  side: 'renter' | 'staff',
  author: MessageAuthor,
  bookingId: number,
  { text, operationId }: { text: string; operationId?: string | undefined },
): Promise<TimelineEntry> {
  const { db } = ctx.database
  const fromRenter = side === 'renter'
  const booking = fromRenter
    ? await ownBooking(db, author.id, bookingId)
    : mayDecide(author, (await db.select().from(bookings).where(eq(bookings.id, bookingId)))[0])
  if (booking.status === 'VOID') throw bookingNotFound()
  let recorded: RecordedEvent | undefined
  const entry = await runOnce(db, author.id, 'booking-message', operationId, async (tx) => {
    const [current] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, booking.id))
    const status = current?.status ?? booking.status
    const [row] = await tx
      .insert(bookingTimeline)
      .values({
        bookingId: booking.id,
        actorId: author.id,
        kind: 'message',
        statusBefore: status,
        statusAfter: status,
        note: text,
      })
      .returning()
    recorded = await recordBookingEvent(
      tx,
      { type: 'message', bookingId: booking.id, from: fromRenter ? 'renter' : 'staff', text },
      ctx,
    )
    return toEntry(row!, { type: author.type, name: author.fullName })
  })
  if (recorded) await announceBookingEvent(recorded, ctx)
  return entry
}
