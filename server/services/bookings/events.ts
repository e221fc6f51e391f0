// Booking events go through one function, emitBookingEvent: it e-mails the renter and the agency, writes
// their notification rows, then calls whatever listeners a later feature registered (push notifications, for
// instance). A failure there is logged and never undoes the booking: the payment or the request stands.
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'

import type { Config } from '../../config.ts'
import type { Database } from '../../db/open.ts'
import { bookings, notificationCounters, notifications, properties, users } from '../../db/schema.ts'
import { sendMail } from '../mail/mail.ts'
import { bookingEmail, type BookingEmailKind } from './emails.ts'

export type BookingEvent =
  /** A booking is confirmed: paid online (verified with the provider) or booked to pay later. */
  | { type: 'confirmed'; bookingId: number }
  /** The renter asked to cancel (docs/product.md §12); the agency finalizes it. */
  | { type: 'cancelRequested'; bookingId: number }

export interface BookingEventDeps {
  config: Config
  database: Database
  log: FastifyBaseLogger
}

export type BookingEventListener = (event: BookingEvent, deps: BookingEventDeps) => Promise<void> | void

const listeners = new Set<BookingEventListener>()

/** Adds a listener for every booking event; returns its removal. */
export function onBookingEvent(listener: BookingEventListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

async function notify(deps: BookingEventDeps, userId: number, bookingId: number, en: string, fr: string) {
  await deps.database.db.transaction(async (tx) => {
    await tx.insert(notifications).values({ userId, bookingId, messageEn: en, messageFr: fr })
    await tx
      .insert(notificationCounters)
      .values({ userId, count: 1 })
      .onConflictDoUpdate({
        target: notificationCounters.userId,
        set: { count: sql`${notificationCounters.count} + 1` },
      })
  })
}

async function deliver(event: BookingEvent, deps: BookingEventDeps): Promise<void> {
  const { db } = deps.database
  const [row] = await db
    .select({ booking: bookings, property: properties.name })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, event.bookingId))
    .limit(1)
  if (!row) return
  const { booking } = row
  const [renter] = await db.select().from(users).where(eq(users.id, booking.userId))
  const [agency] = await db.select().from(users).where(eq(users.id, booking.agencyId))
  if (!renter || !agency) return
  const facts = {
    property: row.property,
    from: booking.from,
    to: booking.to,
    price: Number(booking.price),
    renter: renter.fullName,
    link: `${deps.config.publicUrl}/booking?id=${booking.id}`,
  }
  const send = async (to: typeof renter, kind: BookingEmailKind) => {
    const mail = bookingEmail(kind, to.language, { ...facts, name: to.fullName })
    await sendMail(deps, { to: to.email, ...mail, language: to.language })
  }
  if (event.type === 'confirmed') {
    const kind = booking.status === 'PAID' ? 'paid' : 'payLater'
    await send(renter, kind)
    await send(agency, 'agencyNewBooking')
    await notify(
      deps,
      renter.id,
      booking.id,
      kind === 'paid'
        ? `Your payment for ${row.property} was received.`
        : `Your booking of ${row.property} is registered.`,
      kind === 'paid'
        ? `Votre paiement pour ${row.property} a bien été reçu.`
        : `Votre réservation de ${row.property} est enregistrée.`,
    )
    await notify(
      deps,
      agency.id,
      booking.id,
      `New booking of ${row.property} by ${renter.fullName}.`,
      `Nouvelle réservation de ${row.property} par ${renter.fullName}.`,
    )
  } else {
    await send(agency, 'agencyCancelRequest')
    await notify(
      deps,
      agency.id,
      booking.id,
      `${renter.fullName} asks to cancel their booking of ${row.property}.`,
      `${renter.fullName} demande l’annulation de sa réservation de ${row.property}.`,
    )
  }
}

/** Tells the renter, the agency and the listeners; logs what fails and returns normally. */
export async function emitBookingEvent(event: BookingEvent, deps: BookingEventDeps): Promise<void> {
  for (const handle of [deliver, ...listeners]) {
    try {
      await handle(event, deps)
    } catch (error) {
      deps.log.error(
        { err: { type: (error as Error).name }, event: event.type },
        'booking event not delivered',
      )
    }
  }
}
