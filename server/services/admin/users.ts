// Users, as an administrator sees and acts on them (docs/product.md §16, Users): the searchable list, a user's
// page (bookings, sign-ins, the record of acts), suspension and its lifting, and the account e-mails sent again.
// A suspension never deletes: the user's bookings and the agencies' view of them stay.
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm'

import { ADMIN_REFUSALS, type UserState } from '../../../src/domain/admin.ts'
import type { UserType } from '../../../src/domain/enums.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, properties, sessions, signIns, users } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import { queueAccountEmail } from '../auth/accounts.ts'
import type { UserRow } from '../auth/public-user.ts'
import type { SessionUser } from '../auth/session.ts'
import { agencies } from '../catalog/queries.ts'
import type { Tx } from '../operations/once.ts'
import { actsAbout, recordAct } from './acts.ts'

/** Bookings and sign-ins shown on a user's page: the latest. */
export const USER_PAGE_ROWS = 100

export const noSuchUser = () => notFound('This user does not exist.')

export function stateOf(user: Pick<UserRow, 'blacklisted' | 'activatedAt'>): UserState {
  if (user.blacklisted) return 'suspended'
  return user.activatedAt ? 'active' : 'inactive'
}

const STATE_CONDITIONS: Record<UserState, SQL> = {
  suspended: eq(users.blacklisted, true),
  inactive: and(eq(users.blacklisted, false), isNull(users.activatedAt))!,
  active: and(eq(users.blacklisted, false), isNotNull(users.activatedAt))!,
}

/** `%` and `_` typed are letters to find, not wildcards. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const summary = (user: UserRow) => ({
  _id: String(user.id),
  fullName: user.fullName,
  email: user.email,
  type: user.type,
  state: stateOf(user),
  createdAt: user.createdAt.toISOString(),
})

export interface UserSearch {
  keyword?: string
  type?: UserType
  state?: UserState
  page: number
  size: number
}

/** The users matching the search, newest first, a page at a time, and how many match. */
export async function listUsers(db: Db, { keyword, type, state, page, size }: UserSearch) {
  const conditions: SQL[] = []
  if (keyword) {
    const pattern = likePattern(keyword)
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern))!)
  }
  if (type) conditions.push(eq(users.type, type))
  if (state) conditions.push(STATE_CONDITIONS[state])
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(users).where(where),
  ])
  return { rows: rows.map(summary), total: Number(total?.n ?? 0) }
}

async function userById(db: Db | Tx, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!user) throw noSuchUser()
  return user
}

/** A user's page: the account, their latest bookings and sign-ins, and what administrators did to it. */
export async function userPage(db: Db, id: number) {
  const user = await userById(db, id)
  const [booked, signedIn, acts] = await Promise.all([
    db
      .select({ booking: bookings, propertyName: properties.name, agencyName: agencies.fullName })
      .from(bookings)
      .innerJoin(properties, eq(properties.id, bookings.propertyId))
      .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
      .where(eq(bookings.userId, id))
      .orderBy(desc(bookings.id))
      .limit(USER_PAGE_ROWS),
    db.select().from(signIns).where(eq(signIns.userId, id)).orderBy(desc(signIns.id)).limit(USER_PAGE_ROWS),
    actsAbout(db, user.type === 'AGENCY' ? 'AGENCY' : 'USER', id),
  ])
  return {
    user: {
      ...summary(user),
      phone: user.phone,
      language: user.language,
      activatedAt: user.activatedAt?.toISOString() ?? null,
    },
    bookings: booked.map(({ booking, propertyName, agencyName }) => ({
      _id: String(booking.id),
      propertyId: String(booking.propertyId),
      propertyName,
      agencyName,
      from: booking.from,
      to: booking.to,
      status: booking.status,
      price: booking.price,
      createdAt: booking.createdAt.toISOString(),
    })),
    signIns: signedIn.map((row) => ({
      at: row.createdAt.toISOString(),
      address: row.address,
      userAgent: row.userAgent,
    })),
    acts,
  }
}

/**
 * Suspends a renter (blacklists them): every session of theirs ends at once, on every device and server (the
 * sessions are rows: the next call of any of them finds none), with its push subscriptions; signing in then
 * reads 'Your account is suspended.'. Their bookings stay. Suspending a suspended renter changes nothing.
 */
export async function suspendUser(ctx: AppContext, admin: SessionUser, id: number) {
  return ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update')
    if (!user) throw noSuchUser()
    if (user.type !== 'USER')
      throw new HttpError(409, 'suspend_renters_only', ADMIN_REFUSALS.suspend_renters_only)
    if (!user.blacklisted) {
      await tx.update(users).set({ blacklisted: true, updatedAt: new Date() }).where(eq(users.id, id))
      const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id })
      await recordAct(tx, admin.id, 'USER', id, 'suspend', {
        blacklisted: [false, true],
        sessionsEnded: ended.length,
      })
    }
    return { _id: String(id), state: stateOf({ ...user, blacklisted: true }) }
  })
}

/** Lifts a suspension: the user signs in again. Lifting none changes nothing. */
export async function liftSuspension(ctx: AppContext, admin: SessionUser, id: number) {
  return ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update')
    if (!user) throw noSuchUser()
    if (user.type !== 'USER')
      throw new HttpError(409, 'suspend_renters_only', ADMIN_REFUSALS.suspend_renters_only)
    if (user.blacklisted) {
      await tx.update(users).set({ blacklisted: false, updatedAt: new Date() }).where(eq(users.id, id))
      await recordAct(tx, admin.id, 'USER', id, 'liftSuspension', { blacklisted: [true, false] })
    }
    return { _id: String(id), state: stateOf({ ...user, blacklisted: false }) }
  })
}

/**
 * The activation e-mail again (a new link; the earlier ones still work until one is followed), or a password
 * reset's, through the outbox as the user's own request would send it. An administrator does not wait on the
 * send: a failed one is retried by the outbox.
 */
export async function sendAccountLink(
  ctx: AppContext,
  admin: SessionUser,
  id: number,
  kind: 'activation' | 'passwordReset',
) {
  const mails = await ctx.database.db.transaction(async (tx) => {
    const user = await userById(tx, id)
    if (kind === 'activation' && user.activatedAt)
      throw new HttpError(409, 'already_activated', ADMIN_REFUSALS.already_activated)
    const subject = user.type === 'AGENCY' ? 'AGENCY' : 'USER'
    const action = kind === 'activation' ? 'resendActivation' : 'startPasswordReset'
    await recordAct(tx, admin.id, subject, id, action, { to: user.email })
    return queueAccountEmail(tx, ctx, user, kind)
  })
  await ctx.outbox.send(mails)
  return { sent: true }
}
