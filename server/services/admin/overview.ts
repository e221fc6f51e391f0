// The platform at a glance (docs/product.md §16), the administrator's first screen: bookings by status, payments
// and refunds, the outbox's backlog, sign-ups and activations. Read from the database, never from one server's
// memory, so every server answers the same. Weeks start on Monday, months on the 1st, both at 00:00 UTC.
import { and, count, gte, isNotNull, isNull, min, sql, sum } from 'drizzle-orm'

import type { Clock } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, outbox, users } from '../../db/schema.ts'
import { listFailedRefunds } from '../payments/refunds.ts'

/** The start of the week (Monday) and of the month of `now`, at 00:00 UTC. */
export function periodStarts(now: Date): { week: Date; month: Date } {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const week = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 24 * 60 * 60 * 1000)
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  return { week, month }
}

export async function platformOverview(db: Db, clock: Clock) {
  const { week, month } = periodStarts(clock.now())
  const byStatus = async (since: Date) =>
    Object.fromEntries(
      (
        await db
          .select({ status: bookings.status, n: count() })
          .from(bookings)
          .where(gte(bookings.createdAt, since))
          .groupBy(bookings.status)
      ).map((row) => [row.status, Number(row.n)]),
    )
  const taken = async (since: Date) => {
    const [row] = await db
      .select({ total: sum(bookings.price), n: count() })
      .from(bookings)
      .where(and(isNotNull(bookings.paidAt), gte(bookings.paidAt, since)))
    return { taken: Number(row?.total ?? 0), count: Number(row?.n ?? 0) }
  }
  const usersSince = async (column: typeof users.createdAt | typeof users.activatedAt, since: Date) =>
    db.$count(users, and(sql`${users.type} = 'USER'`, gte(column, since)))
  const [weekStatuses, monthStatuses, weekTaken, monthTaken, refundRows, failedRefunds, mail, accounts] =
    await Promise.all([
      byStatus(week),
      byStatus(month),
      taken(week),
      taken(month),
      db
        .select({ status: bookings.refundStatus, n: count() })
        .from(bookings)
        .where(isNotNull(bookings.refundStatus))
        .groupBy(bookings.refundStatus),
      listFailedRefunds(db),
      db
        .select({
          backlog: sql<number>`count(*) filter (where ${outbox.failedAt} is null)`,
          failed: sql<number>`count(*) filter (where ${outbox.failedAt} is not null)`,
          oldest: min(sql`case when ${outbox.failedAt} is null then ${outbox.createdAt} end`),
        })
        .from(outbox),
      Promise.all([
        usersSince(users.createdAt, week),
        usersSince(users.createdAt, month),
        usersSince(users.activatedAt, week),
        usersSince(users.activatedAt, month),
        db.$count(users, and(sql`${users.type} = 'USER'`, isNull(users.activatedAt))),
      ]),
    ])
  const refunds = new Map(refundRows.map((row) => [row.status, Number(row.n)]))
  const [outboxRow] = mail
  const oldest = outboxRow?.oldest as Date | string | null | undefined
  return {
    bookings: { week: weekStatuses, month: monthStatuses },
    payments: { week: weekTaken, month: monthTaken },
    refunds: {
      refunded: refunds.get('refunded') ?? 0,
      pending: refunds.get('pending') ?? 0,
      failed: failedRefunds.map((row) => ({
        bookingId: String(row.bookingId),
        provider: row.provider,
        amount: row.amount,
        attempts: row.attempts,
        nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      })),
    },
    outbox: {
      backlog: Number(outboxRow?.backlog ?? 0),
      failed: Number(outboxRow?.failed ?? 0),
      oldestUndeliveredAt: oldest ? new Date(oldest).toISOString() : null,
    },
    accounts: {
      signUps: { week: accounts[0], month: accounts[1] },
      activations: { week: accounts[2], month: accounts[3] },
      notActivated: accounts[4],
    },
  }
}
