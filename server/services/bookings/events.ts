// Booking events go through one function, emitBookingEvent: it e-mails the renter and the agency, writes
// their notifications (each pushed to the recipient's devices, server/services/notifications/), then calls
// whatever listeners a later feature registered. A failure there is logged and never undoes the booking: the
// payment or the request stands. The renter's confirmations (a booking, a cancellation request, a change of
// dates) and refund notice always go (docs/product.md §12); every other e-mail only to a user whose enableEmailNotifications is
// on. Every notification names the stay's dates (./stay-dates.ts), written in both languages and read in the
// user's: a renter's bookings of one property must not read as the same line.
import { eq } from 'drizzle-orm'

import { BOOKING_STATUS_NAMES } from '../../../src/domain/booking-status.ts'
import type { AppContext } from '../../context.ts'
import { bookings, properties, users } from '../../db/schema.ts'
import { createNotification } from '../notifications/notifications.ts'
import { bookingEmail, type BookingEmailKind } from './emails.ts'
import { formatStayRange } from './stay-dates.ts'

export type BookingEvent =
  /** A booking is confirmed: paid online (verified with the provider) or booked to pay later. */
  | { type: 'confirmed'; bookingId: number }
  /** The renter asked to cancel (docs/product.md §12); the agency finalizes it. */
  | { type: 'cancelRequested'; bookingId: number }
  /** The renter withdrew a cancellation request the agency had not decided on: the booking stands. */
  | { type: 'cancelWithdrawn'; bookingId: number }
  /** The booking's status changed otherwise (an agency's or an administrator's decision). */
  | { type: 'statusChanged'; bookingId: number }
  /** Its payment came for nights sold meanwhile: the booking is CANCELLED and the provider refunded it. */
  | { type: 'refunded'; bookingId: number }
  /** The renter changed the booking's dates (docs/product.md §12, Amendments); `previous` is what it was. */
  | { type: 'amended'; bookingId: number; previous: { from: string; to: string; price: number } }

export type BookingEventListener = (event: BookingEvent, ctx: AppContext) => Promise<void> | void

const listeners = new Set<BookingEventListener>()

/** Adds a listener for every booking event; returns its removal. */
export function onBookingEvent(listener: BookingEventListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const TITLES = {
  paid: { en: 'Payment received', fr: 'Paiement reçu' },
  payLater: { en: 'Booking confirmed', fr: 'Réservation confirmée' },
  newBooking: { en: 'New booking', fr: 'Nouvelle réservation' },
  cancelRequest: { en: 'Cancellation request', fr: 'Demande d’annulation' },
  cancelRequested: { en: 'Cancellation requested', fr: 'Annulation demandée' },
  cancelWithdrawn: { en: 'Cancellation request withdrawn', fr: 'Demande d’annulation retirée' },
  statusChanged: { en: 'Booking updated', fr: 'Réservation mise à jour' },
  refunded: { en: 'Payment refunded', fr: 'Paiement remboursé' },
  amended: { en: 'Booking dates changed', fr: 'Dates de réservation modifiées' },
} as const

async function deliver(event: BookingEvent, ctx: AppContext): Promise<void> {
  const { db } = ctx.database
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
    link: `${ctx.config.publicUrl}/booking?id=${booking.id}`,
  }
  const status = BOOKING_STATUS_NAMES[booking.status]
  const previous = event.type === 'amended' ? event.previous : undefined
  const send = async (to: typeof renter, kind: BookingEmailKind) => {
    const mail = bookingEmail(kind, to.language, {
      ...facts,
      name: to.fullName,
      status: status[to.language],
      previous,
    })
    await ctx.mail.send({ to: to.email, ...mail, language: to.language })
  }
  const sendIfWanted = async (to: typeof renter, kind: BookingEmailKind) => {
    if (to.enableEmailNotifications) await send(to, kind)
  }
  const notify = (userId: number, title: { en: string; fr: string }, en: string, fr: string) =>
    createNotification(ctx, { userId, bookingId: booking.id, title, message: { en, fr } })
  const stay = {
    en: formatStayRange(booking.from, booking.to, 'en'),
    fr: formatStayRange(booking.from, booking.to, 'fr'),
  }
  const property = row.property
  const renterName = renter.fullName
  if (event.type === 'confirmed') {
    const kind = booking.status === 'PAID' ? 'paid' : 'payLater'
    await send(renter, kind)
    await sendIfWanted(agency, 'agencyNewBooking')
    await notify(
      renter.id,
      TITLES[kind],
      kind === 'paid'
        ? `Your payment for ${property}, ${stay.en}, was received.`
        : `Your booking of ${property}, ${stay.en}, is registered.`,
      kind === 'paid'
        ? `Votre paiement pour ${property}, ${stay.fr}, a bien été reçu.`
        : `Votre réservation de ${property}, ${stay.fr}, est enregistrée.`,
    )
    await notify(
      agency.id,
      TITLES.newBooking,
      `New booking of ${property}, ${stay.en}, by ${renterName}.`,
      `Nouvelle réservation de ${property}, ${stay.fr}, par ${renterName}.`,
    )
  } else if (event.type === 'cancelRequested') {
    await send(renter, 'cancelRequested')
    await sendIfWanted(agency, 'agencyCancelRequest')
    await notify(
      renter.id,
      TITLES.cancelRequested,
      `Your request to cancel your booking of ${property}, ${stay.en}, was sent to the agency, which will contact you.`,
      `Votre demande d’annulation de votre réservation de ${property}, ${stay.fr}, a été transmise à l’agence, qui vous contactera.`,
    )
    await notify(
      agency.id,
      TITLES.cancelRequest,
      `${renterName} asks to cancel their booking of ${property}, ${stay.en}.`,
      `${renterName} demande l’annulation de sa réservation de ${property}, ${stay.fr}.`,
    )
  } else if (event.type === 'cancelWithdrawn') {
    await sendIfWanted(agency, 'agencyCancelWithdrawn')
    await notify(
      agency.id,
      TITLES.cancelWithdrawn,
      `${renterName} withdrew their request to cancel their booking of ${property}, ${stay.en}: the booking stands.`,
      `${renterName} a retiré sa demande d’annulation de sa réservation de ${property}, ${stay.fr} : la réservation est maintenue.`,
    )
  } else if (event.type === 'amended') {
    const before = {
      en: formatStayRange(event.previous.from, event.previous.to, 'en'),
      fr: formatStayRange(event.previous.from, event.previous.to, 'fr'),
    }
    await send(renter, 'amended')
    await sendIfWanted(agency, 'agencyAmended')
    await notify(
      renter.id,
      TITLES.amended,
      `Your booking of ${property} is changed: ${stay.en} (instead of ${before.en}).`,
      `Votre réservation de ${property} est modifiée : ${stay.fr} (au lieu de ${before.fr}).`,
    )
    await notify(
      agency.id,
      TITLES.amended,
      `${renterName} changed their booking of ${property}: ${stay.en} (instead of ${before.en}).`,
      `${renterName} a modifié sa réservation de ${property} : ${stay.fr} (au lieu de ${before.fr}).`,
    )
  } else if (event.type === 'refunded') {
    await send(renter, 'refunded')
    await notify(
      renter.id,
      TITLES.refunded,
      `Your payment for ${property}, ${stay.en}, was refunded: these nights were booked before it reached us.`,
      `Votre paiement pour ${property}, ${stay.fr}, a été remboursé : ces nuits ont été réservées avant qu’il nous parvienne.`,
    )
  } else {
    await sendIfWanted(renter, 'statusChanged')
    await notify(
      renter.id,
      TITLES.statusChanged,
      `Your booking of ${property}, ${stay.en}, is now: ${status.en}.`,
      `Votre réservation de ${property}, ${stay.fr}, est maintenant : ${status.fr}.`,
    )
  }
}

/** Tells the renter, the agency and the listeners; logs what fails and returns normally. */
export async function emitBookingEvent(event: BookingEvent, ctx: AppContext): Promise<void> {
  for (const handle of [deliver, ...listeners]) {
    try {
      await handle(event, ctx)
    } catch (error) {
      ctx.log.error(
        { err: { type: (error as Error).name }, event: event.type },
        'booking event not delivered',
      )
    }
  }
}
