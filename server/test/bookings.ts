// Helpers for the checkout and payment tests: a bookable property set up as a test needs it (options, agency,
// minimum age), stays in the future, and a checkout body whose price is the server's own formula's.
import { randomUUID } from 'node:crypto'

import { and, eq, not } from 'drizzle-orm'

import { pricedBooking, pricingOf } from '../../src/domain/booking.ts'
import type { Db } from '../db/open.ts'
import { bookings, properties, users } from '../db/schema.ts'
import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { hashPassword } from '../services/auth/password.ts'
import { type PayPalStandIn, startPaymentStandIns, type StripeStandIn } from '../stand-ins/payments.ts'
import { signInCookie } from './accounts.ts'
import { type DatabaseKind, startTestApp, type TestApp } from './harness.ts'

export type PropertyRow = typeof properties.$inferSelect

/** `YYYY-MM-DD`, `days` from today (UTC). */
export const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

let taken = 0
let stays = 0
let renters = 0

/**
 * Sets the counters below back to zero. The server's test files share one process (vitest.config.ts), and
 * each starts with them there (test/setup.ts): the properties, stays and renters a file's tests get do not
 * depend on which files ran before it.
 */
export function resetBookingHelpers() {
  taken = 0
  stays = 0
  renters = 0
}

/**
 * A visible, available property no other call returned, with `overrides`, its agency allowing pay later or
 * not.
 */
export async function bookableProperty(
  db: Db,
  overrides: Partial<
    Pick<PropertyRow, 'cancellation' | 'amendments' | 'minimumAge' | 'price' | 'rentalTerm'>
  >,
  { payLater = true }: { payLater?: boolean } = {},
): Promise<PropertyRow> {
  const rows = await db
    .select()
    .from(properties)
    .where(and(not(properties.hidden), eq(properties.available, true), eq(properties.soldOut, false)))
    .orderBy(properties.id)
  const property = rows[taken++ % rows.length]!
  const [updated] = await db
    .update(properties)
    .set({ cancellation: -1, amendments: -1, minimumAge: 21, ...overrides })
    .where(eq(properties.id, property.id))
    .returning()
  await db.update(users).set({ payLater }).where(eq(users.id, property.agencyId))
  return updated!
}

export interface StayChoice {
  from?: string
  to?: string
  cancellation?: boolean
  amendments?: boolean
  payment?: 'payLater' | 'stripe' | 'payPal'
}

/**
 * A checkout body for `property` that the server accepts as it stands: its price is the formula's. Unless
 * given, the stay is 7 days of its own, after every seeded booking, so that no held stay overlaps it.
 */
export function checkoutBody(
  property: PropertyRow,
  choice: StayChoice = {},
  extra: Record<string, unknown> = {},
) {
  stays += 1
  const from = choice.from ?? dayFromToday(200 + stays * 8)
  const to = choice.to ?? dayFromToday(207 + stays * 8)
  const chosen = { cancellation: choice.cancellation ?? false, amendments: choice.amendments ?? false }
  const { breakdown } = pricedBooking(pricingOf(property), { from, to }, chosen)
  return {
    operationId: randomUUID(),
    propertyId: String(property.id),
    from,
    to,
    ...chosen,
    price: breakdown.total,
    payment: choice.payment ?? 'payLater',
    ...extra,
  }
}

/**
 * A new activated renter, signed in: its id and cookie header. For a test that counts a renter's bookings
 * (docs/product.md §12, Unpaid holds), which the demo renters' other bookings would upset.
 */
export async function freshRenter(t: TestApp): Promise<{ id: number; email: string; cookie: string }> {
  renters += 1
  const email = `renter-${renters}-${randomUUID().slice(0, 8)}@example.test`
  const password = 'renter-secret'
  const [row] = await t.database.db
    .insert(users)
    .values({
      type: 'USER',
      email,
      fullName: 'Rémi Renter',
      birthDate: '1988-06-07',
      passwordHash: await hashPassword(password),
      language: 'en',
      activatedAt: new Date(),
    })
    .returning({ id: users.id })
  return { id: row!.id, email, cookie: await signInCookie(t.app, email, password) }
}

/** The booking row of `id` (an id as the API answers it). */
export const bookingById = async (db: Db, id: string) =>
  (
    await db
      .select()
      .from(bookings)
      .where(eq(bookings.id, Number(id)))
  )[0]!

/**
 * The agency answers every pay-later booking of `userId` (its back office reserves them): the renter holds no
 * unpaid stay any more and may book again (docs/product.md §12, Unpaid holds).
 */
export async function answerUnpaidHolds(db: Db, userId: number): Promise<void> {
  await db
    .update(bookings)
    .set({ status: 'RESERVED' })
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'PENDING')))
}

/** Guest details that pass every rule, for `email`. */
export const guest = (email: string, overrides: Record<string, unknown> = {}) => ({
  fullName: 'Inès Guest',
  email,
  phone: '+33 6 98 76 54 32',
  birthDate: '1992-04-05',
  acceptTerms: true,
  language: 'fr',
  ...overrides,
})

/** An app on `kind` with 60 properties, the payment stand-ins, and both demo renters signed in. */
export interface PaymentsWorld {
  t: TestApp
  stripe: StripeStandIn
  payPal: PayPalStandIn
  cookie: string
  otherCookie: string
  close(): Promise<void>
}

export async function startPaymentsWorld(kind: DatabaseKind, rateLimitScale: string): Promise<PaymentsWorld> {
  const { stripe, payPal, env } = await startPaymentStandIns()
  const t = await startTestApp(kind, { properties: 60, env: { ...env, RATE_LIMIT_SCALE: rateLimitScale } })
  return {
    t,
    stripe,
    payPal,
    cookie: await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password),
    otherCookie: await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password),
    async close() {
      await t.close()
      await stripe.close()
      await payPal.close()
    },
  }
}
