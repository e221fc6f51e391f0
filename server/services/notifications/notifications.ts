// Notifications (docs/product.md §12): the list, the unread count, marking read or unread, deleting, and
// creating one (booking events). The counter row of a user is the lock every change takes first, and the
// count is then recounted from the rows, so it equals the unread notifications whatever runs at the same
// time. Each change carries the client's operation id: a replay (the offline queue sending again) finds it in
// `operations` and changes nothing.
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm'

import type { NotificationPage } from '../../../src/contract/notifications.ts'
import type { Language, UserType } from '../../../src/domain/enums.ts'
import { API_ERROR_CODES } from '../../../src/domain/error-codes.ts'
import type { PushPayload, PushRequest } from '../../../src/domain/notifications.ts'
import type { Db } from '../../db/open.ts'
import { notificationCounters, notifications } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { claimOperation, type Tx } from '../operations/once.ts'
import { enqueue } from '../outbox/outbox.ts'
import { liveSubscriptionIds } from './push.ts'

const NOT_YOUR_NOTIFICATION = 'These are not your notifications.'

const linkOf = (bookingId: number | null, staff = false) =>
  bookingId === null
    ? staff
      ? '/admin'
      : '/notifications'
    : staff
      ? `/admin/bookings/${bookingId}`
      : `/booking?id=${bookingId}`

/** Takes the user's counter row (made when missing) for the rest of the transaction. */
async function lockCounter(tx: Tx, userId: number): Promise<void> {
  await tx
    .insert(notificationCounters)
    .values({ userId, count: 0 })
    .onConflictDoUpdate({
      target: notificationCounters.userId,
      set: { count: sql`${notificationCounters.count}` },
    })
}

/** Sets the counter to the unread rows, read after the lock so every earlier change is counted. */
async function recount(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .update(notificationCounters)
    .set({
      count: sql`(select count(*)::int from ${notifications} where ${notifications.userId} = ${userId} and not ${notifications.isRead})`,
    })
    .where(eq(notificationCounters.userId, userId))
    .returning({ count: notificationCounters.count })
  return row?.count ?? 0
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: notificationCounters.count })
    .from(notificationCounters)
    .where(eq(notificationCounters.userId, userId))
  return row?.count ?? 0
}

export async function listNotifications(
  db: Db,
  user: { id: number; language: Language; type: UserType },
  page: number,
  pageSize: number,
): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [total] = await db
    .select({ count: count() })
    .from(notifications)
    .where(eq(notifications.userId, user.id))
  return {
    items: rows.map((row) => ({
      _id: String(row.id),
      message: user.language === 'fr' ? row.messageFr : row.messageEn,
      bookingId: row.bookingId === null ? null : String(row.bookingId),
      // An agency's or an administrator's notice opens the back office's page of the booking.
      link: linkOf(row.bookingId, user.type !== 'USER'),
      isRead: row.isRead,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    pageSize,
    total: total?.count ?? 0,
    unread: await unreadCount(db, user.id),
  }
}

export type NotificationChange = 'read' | 'unread' | 'delete'

/**
 * Marks `ids` read or unread, or deletes them, and answers the unread count. Ids of another user's
 * notifications refuse the whole call (403) before anything changes; ids that no longer exist are already
 * deleted, so they are left alone. The same `operationId` again changes nothing; without one, every call
 * takes effect.
 */
export async function changeNotifications(
  db: Db,
  userId: number,
  change: NotificationChange,
  ids: string[],
  operationId: string | undefined,
): Promise<number> {
  const wanted = [...new Set(ids.map(Number))]
  return db.transaction(async (tx) => {
    const [foreign] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(inArray(notifications.id, wanted), ne(notifications.userId, userId)))
      .limit(1)
    if (foreign) throw new HttpError(403, API_ERROR_CODES.forbidden, NOT_YOUR_NOTIFICATION)
    // A second delivery waits here for the first to commit, then finds its operation id taken.
    const first =
      operationId === undefined || (await claimOperation(tx, userId, `${change}-notifications`, operationId))
    await lockCounter(tx, userId)
    if (first) {
      const mine = and(eq(notifications.userId, userId), inArray(notifications.id, wanted))
      if (change === 'delete') await tx.delete(notifications).where(mine)
      else
        await tx
          .update(notifications)
          .set({ isRead: change === 'read' })
          .where(mine)
    }
    return recount(tx, userId)
  })
}

export interface NewNotification {
  userId: number
  bookingId: number | null
  /** The push's title, in each language. */
  title: Record<Language, string>
  message: Record<Language, string>
  /** An agency's or an administrator's: its push opens the back office's page of the booking. */
  staff?: boolean
  /** A staff push's Accept and Decline (server/services/bookings/push-requests.ts), in the given language. */
  request?: (language: Language) => PushRequest
}

/**
 * Writes the notification and counts it, in `tx` (the transaction of the change it tells of), and queues its
 * push, in `language`, with the unread count, to each of the user's devices: one outbox row per device
 * (server/services/outbox/), so that a device is retried alone.
 */
export async function addNotification(tx: Tx, note: NewNotification, language: Language): Promise<void> {
  await lockCounter(tx, note.userId)
  await tx.insert(notifications).values({
    userId: note.userId,
    bookingId: note.bookingId,
    messageEn: note.message.en,
    messageFr: note.message.fr,
  })
  const unread = await recount(tx, note.userId)
  const push: PushPayload = {
    title: note.title[language],
    body: note.message[language],
    url: linkOf(note.bookingId, note.staff),
    badge: unread,
    tag: note.bookingId === null ? 'haven' : `booking-${note.bookingId}`,
    ...(note.request ? { request: note.request(language) } : {}),
  }
  const devices = await liveSubscriptionIds(tx, note.userId)
  await enqueue(
    tx,
    devices.map((subscriptionId) => ({
      kind: 'push',
      payload: { userId: note.userId, subscriptionId, push },
    })),
  )
}
