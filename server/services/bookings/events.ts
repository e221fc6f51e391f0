// Booking events: what a change tells the renter and the agency. recordBookingEvent writes it in the change's
// own transaction: their notifications, and the e-mails and pushes as outbox rows (server/services/outbox/), so
// that a change that committed is always told of, whichever server sends it. announceBookingEvent then sends
// the e-mails (the answer waits for them), starts the pushes and calls the listeners a later feature
// registered. An event that cannot be recorded fails its change (503 `change_not_saved`): a change is never
// kept without what it tells of. A failure to send is the outbox's to retry. The renter's confirmations (a
// booking, a cancellation request, a change of dates) and refund notice always go (docs/product.md §12); every
// other e-mail only to a user whose enableEmailNotifications is on. Every notification names the stay's dates (./stay-dates.ts), written in both languages and read in the
// user's: a renter's bookings of one property must not read as the same line.
import { eq } from 'drizzle-orm'

import { BOOKING_STATUS_NAMES } from '../../../src/domain/booking-status.ts'
import type { Language } from '../../../src/domain/enums.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import { bookings, bookingTimeline, properties, users } from '../../db/schema.ts'
import { changeNotSaved, failureForLog, HttpError, isDatabaseUnreachable } from '../../errors.ts'
import { withPreposition } from '../french.ts'
import { quoted } from '../mail/templates.ts'
import { addNotification } from '../notifications/notifications.ts'
import type { Tx } from '../operations/once.ts'
import { enqueue, type OutboxItem } from '../outbox/outbox.ts'
import { bookingEmail, type BookingEmailKind } from './emails.ts'
import { type AnswerableRequest, pushRequest } from './push-requests.ts'
import { formatStayRange } from './stay-dates.ts'

export type BookingEvent =
  /** A booking is confirmed: paid online (verified with the provider) or booked to pay later. */
  | { type: 'confirmed'; bookingId: number }
  /** The renter asked to cancel (docs/product.md §12); the agency finalizes it. */
  | { type: 'cancelRequested'; bookingId: number }
  /** The renter withdrew a cancellation request the agency had not decided on: the booking stands. */
  | { type: 'cancelWithdrawn'; bookingId: number }
  /**
   * A guest's pay-later request lapsed, CANCELLED by the sweep: the account was not activated within its window
   * (docs/product.md §12, Unpaid holds).
   */
  | { type: 'lapsed'; bookingId: number }
  /**
   * A pay-later request the agency did not answer by its deadline, CANCELLED by the sweep (docs/product.md §12,
   * Requests with a deadline).
   */
  | { type: 'unanswered'; bookingId: number }
  /**
   * An agency's or an administrator's decision changed the booking (./decisions.ts): `note` is what it said to
   * the renter, `refund` that the payment taken online is being refunded.
   */
  | { type: 'statusChanged'; bookingId: number; note?: string | undefined; refund?: boolean }
  /** The agency refused the renter's cancellation request, for `reason`: the booking stands. */
  | { type: 'cancelRefused'; bookingId: number; reason: string }
  /**
   * Its payment came for nights sold meanwhile, or after the booking had lapsed (its `lapsedAt` says which):
   * the booking is CANCELLED and the provider refunded it.
   */
  | { type: 'refunded'; bookingId: number }
  /** The renter changed the booking's dates (docs/product.md §12, Amendments); `previous` is what it was. */
  | { type: 'amended'; bookingId: number; previous: { from: string; to: string; price: number } }
  /** A message in the booking's timeline (./timeline.ts), told to the other side: `from` is who wrote it. */
  | { type: 'message'; bookingId: number; from: 'renter' | 'staff'; text: string }

export type BookingEventListener = (event: BookingEvent, ctx: AppContext) => Promise<void> | void

const listeners = new Set<BookingEventListener>()

/** Adds a listener for every booking event; returns its removal. */
export function onBookingEvent(listener: BookingEventListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const TITLES = {
  paid: { en: 'Payment received', fr: 'Paiement reçu' },
  payLater: { en: 'Booking requested', fr: 'Réservation demandée' },
  newBooking: { en: 'New booking', fr: 'Nouvelle réservation' },
  cancelRequest: { en: 'Cancellation request', fr: 'Demande d’annulation' },
  cancelRequested: { en: 'Cancellation requested', fr: 'Annulation demandée' },
  cancelWithdrawn: { en: 'Cancellation request withdrawn', fr: 'Demande d’annulation retirée' },
  statusChanged: { en: 'Booking updated', fr: 'Réservation mise à jour' },
  cancelRefused: { en: 'Cancellation refused', fr: 'Annulation refusée' },
  refunded: { en: 'Payment refunded', fr: 'Paiement remboursé' },
  amended: { en: 'Booking dates changed', fr: 'Dates de réservation modifiées' },
  message: { en: 'New message', fr: 'Nouveau message' },
  lapsed: { en: 'Booking request cancelled', fr: 'Demande de réservation annulée' },
  agencyLapsed: { en: 'Booking request withdrawn', fr: 'Demande de réservation retirée' },
  unanswered: { en: 'Booking request lapsed', fr: 'Demande de réservation expirée' },
} as const

/** The renter's changes, as the booking's timeline names them (the agency's decisions write their own line). */
const RENTER_STEPS: Partial<Record<BookingEvent['type'], string>> = {
  confirmed: 'booked',
  cancelRequested: 'cancelRequest',
  cancelWithdrawn: 'cancelWithdrawal',
  amended: 'amend',
}

/** Writes what `event` tells in `tx`, and a renter's change in the timeline; answers its e-mails' outbox ids. */
async function record(tx: Tx, event: BookingEvent, publicUrl: string): Promise<number[]> {
  const [row] = await tx
    .select({ booking: bookings, property: properties.name })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, event.bookingId))
    .limit(1)
  if (!row) return []
  const { booking } = row
  const [renter] = await tx.select().from(users).where(eq(users.id, booking.userId))
  const [agency] = await tx.select().from(users).where(eq(users.id, booking.agencyId))
  if (!renter || !agency) return []
  const facts = {
    property: row.property,
    from: booking.from,
    to: booking.to,
    price: Number(booking.price),
    renter: renter.fullName,
    link: `${publicUrl}/booking?id=${booking.id}`,
  }
  /** The agency's e-mails open the back office's page of the booking, where it can act. */
  const staffLink = `${publicUrl}/admin/bookings/${booking.id}`
  const step = RENTER_STEPS[event.type]
  if (step) {
    // The renter's own change, beside the agency's decisions in the booking's timeline (./timeline.ts).
    await tx.insert(bookingTimeline).values({
      bookingId: booking.id,
      actorId: renter.id,
      kind: step,
      statusBefore: event.type === 'confirmed' && booking.status === 'PAID' ? 'VOID' : booking.status,
      statusAfter: booking.status,
    })
  }
  const status = BOOKING_STATUS_NAMES[booking.status]
  const previous = event.type === 'amended' ? event.previous : undefined
  const note =
    event.type === 'cancelRefused'
      ? event.reason
      : event.type === 'statusChanged'
        ? event.note
        : event.type === 'message'
          ? event.text
          : undefined
  const refund = event.type === 'statusChanged' && event.refund === true
  const mails: OutboxItem[] = []
  const send = (to: typeof renter, kind: BookingEmailKind) => {
    const mail = bookingEmail(kind, to.language, {
      ...facts,
      ...(to.id === agency.id ? { link: staffLink } : {}),
      name: to.fullName,
      status: status[to.language],
      previous,
      note,
      refund,
    })
    mails.push({ kind: 'mail', payload: { to: to.email, ...mail, language: to.language } })
  }
  const sendIfWanted = (to: typeof renter, kind: BookingEmailKind) => {
    if (to.enableEmailNotifications) send(to, kind)
  }
  const notify = (
    to: typeof renter,
    title: { en: string; fr: string },
    en: string,
    fr: string,
    answerable?: AnswerableRequest,
  ) =>
    addNotification(
      tx,
      {
        userId: to.id,
        bookingId: booking.id,
        title,
        message: { en, fr },
        staff: to.id === agency.id,
        ...(answerable
          ? { request: (language: Language) => pushRequest(answerable, booking, language) }
          : {}),
      },
      to.language,
    )
  const stay = {
    en: formatStayRange(booking.from, booking.to, 'en'),
    fr: formatStayRange(booking.from, booking.to, 'fr'),
  }
  const property = row.property
  const ofProperty = withPreposition('de', property)
  const renterName = renter.fullName
  if (event.type === 'confirmed') {
    const kind = booking.status === 'PAID' ? 'paid' : 'payLater'
    send(renter, kind)
    sendIfWanted(agency, 'agencyNewBooking')
    await notify(
      renter,
      TITLES[kind],
      kind === 'paid'
        ? `Your payment for ${property}, ${stay.en}, was received.`
        : `Your booking request for ${property}, ${stay.en}, was sent to the agency, which will answer it.`,
      kind === 'paid'
        ? `Votre paiement pour ${property}, ${stay.fr}, a bien été reçu.`
        : `Votre demande de réservation ${ofProperty}, ${stay.fr}, a été transmise à l’agence, qui y répondra.`,
    )
    // A pay-later request is the agency's to answer: its push can confirm or decline it.
    await notify(
      agency,
      TITLES.newBooking,
      `New booking of ${property}, ${stay.en}, by ${quoted(renterName, 'en')}.`,
      `Nouvelle réservation ${ofProperty}, ${stay.fr}, par ${quoted(renterName, 'fr')}.`,
      booking.status === 'PENDING' ? 'booking' : undefined,
    )
  } else if (event.type === 'cancelRequested') {
    send(renter, 'cancelRequested')
    sendIfWanted(agency, 'agencyCancelRequest')
    await notify(
      renter,
      TITLES.cancelRequested,
      `Your request to cancel your booking of ${property}, ${stay.en}, was sent to the agency, which will contact you.`,
      `Votre demande d’annulation de votre réservation ${ofProperty}, ${stay.fr}, a été transmise à l’agence, qui vous contactera.`,
    )
    await notify(
      agency,
      TITLES.cancelRequest,
      `${quoted(renterName, 'en')} asks to cancel their booking of ${property}, ${stay.en}.`,
      `${quoted(renterName, 'fr')} demande l’annulation de sa réservation ${ofProperty}, ${stay.fr}.`,
      'cancellation',
    )
  } else if (event.type === 'cancelWithdrawn') {
    sendIfWanted(agency, 'agencyCancelWithdrawn')
    await notify(
      agency,
      TITLES.cancelWithdrawn,
      `${quoted(renterName, 'en')} withdrew their request to cancel their booking of ${property}, ${stay.en}: the booking stands.`,
      `${quoted(renterName, 'fr')} a retiré sa demande d’annulation de sa réservation ${ofProperty}, ${stay.fr}\u00a0: la réservation est maintenue.`,
    )
  } else if (event.type === 'amended') {
    const before = {
      en: formatStayRange(event.previous.from, event.previous.to, 'en'),
      fr: formatStayRange(event.previous.from, event.previous.to, 'fr'),
    }
    send(renter, 'amended')
    sendIfWanted(agency, 'agencyAmended')
    await notify(
      renter,
      TITLES.amended,
      `Your booking of ${property} is changed: ${stay.en} (instead of ${before.en}).`,
      `Votre réservation ${ofProperty} est modifiée\u00a0: ${stay.fr} (au lieu de ${before.fr}).`,
    )
    await notify(
      agency,
      TITLES.amended,
      `${quoted(renterName, 'en')} changed their booking of ${property}: ${stay.en} (instead of ${before.en}).`,
      `${quoted(renterName, 'fr')} a modifié sa réservation ${ofProperty}\u00a0: ${stay.fr} (au lieu de ${before.fr}).`,
    )
  } else if (event.type === 'lapsed') {
    sendIfWanted(renter, 'lapsed')
    sendIfWanted(agency, 'agencyLapsed')
    await notify(
      renter,
      TITLES.lapsed,
      `Your booking request for ${property}, ${stay.en}, was cancelled: the account was not activated within 24 hours.`,
      `Votre demande de réservation ${ofProperty}, ${stay.fr}, a été annulée\u00a0: le compte n’a pas été activé dans les 24\u00a0heures.`,
    )
    await notify(
      agency,
      TITLES.agencyLapsed,
      `The booking request for ${property}, ${stay.en}, by ${quoted(renterName, 'en')} was withdrawn: the guest never activated their account.`,
      `La demande de réservation ${ofProperty}, ${stay.fr}, faite par ${quoted(renterName, 'fr')}, a été retirée\u00a0: la personne n’a jamais activé son compte.`,
    )
  } else if (event.type === 'unanswered') {
    send(renter, 'unanswered')
    sendIfWanted(agency, 'agencyUnanswered')
    await notify(
      renter,
      TITLES.unanswered,
      `Your booking request for ${property}, ${stay.en}, lapsed: the agency did not answer it within 48 hours. Its nights are free again, and nothing is owed.`,
      `Votre demande de réservation ${ofProperty}, ${stay.fr}, a expiré\u00a0: l’agence n’y a pas répondu dans les 48\u00a0heures. Ses nuits sont de nouveau libres, et rien n’est dû.`,
    )
    await notify(
      agency,
      TITLES.unanswered,
      `The booking request for ${property}, ${stay.en}, by ${quoted(renterName, 'en')} lapsed unanswered after 48 hours: its nights are free again.`,
      `La demande de réservation ${ofProperty}, ${stay.fr}, faite par ${quoted(renterName, 'fr')}, a expiré sans réponse après 48\u00a0heures\u00a0: ses nuits sont de nouveau libres.`,
    )
  } else if (event.type === 'refunded' && booking.lapsedAt) {
    send(renter, 'refundedLapsed')
    await notify(
      renter,
      TITLES.refunded,
      `Your payment for ${property}, ${stay.en}, was refunded: it reached us after your booking had lapsed.`,
      `Votre paiement pour ${property}, ${stay.fr}, a été remboursé\u00a0: il nous est parvenu après l’expiration de votre réservation.`,
    )
  } else if (event.type === 'refunded') {
    send(renter, 'refunded')
    await notify(
      renter,
      TITLES.refunded,
      `Your payment for ${property}, ${stay.en}, was refunded: these nights were booked before it reached us.`,
      `Votre paiement pour ${property}, ${stay.fr}, a été remboursé\u00a0: ces nuits ont été réservées avant qu’il nous parvienne.`,
    )
  } else if (event.type === 'message' && event.from === 'renter') {
    sendIfWanted(agency, 'agencyMessage')
    await notify(
      agency,
      TITLES.message,
      `${quoted(renterName, 'en')} wrote about their booking of ${property}, ${stay.en}: ${quoted(event.text, 'en')}.`,
      `${quoted(renterName, 'fr')} a écrit au sujet de sa réservation ${ofProperty}, ${stay.fr}\u00a0: ${quoted(event.text, 'fr')}.`,
    )
  } else if (event.type === 'message') {
    sendIfWanted(renter, 'message')
    await notify(
      renter,
      TITLES.message,
      `${quoted(agency.fullName, 'en')} wrote about your booking of ${property}, ${stay.en}: ${quoted(event.text, 'en')}.`,
      `${quoted(agency.fullName, 'fr')} a écrit au sujet de votre réservation ${ofProperty}, ${stay.fr}\u00a0: ${quoted(event.text, 'fr')}.`,
    )
  } else if (event.type === 'cancelRefused') {
    send(renter, 'cancelRefused')
    await notify(
      renter,
      TITLES.cancelRefused,
      `The agency refused to cancel your booking of ${property}, ${stay.en}: ${quoted(event.reason, 'en')}.`,
      `L’agence a refusé d’annuler votre réservation ${ofProperty}, ${stay.fr}\u00a0: ${quoted(event.reason, 'fr')}.`,
    )
  } else {
    // A decision on the renter's booking is told by e-mail whatever the renter's e-mail settings, as the
    // renter's own confirmations are (docs/product.md §12, Decisions).
    send(renter, 'statusChanged')
    const said = note
      ? {
          en: ` The agency says: ${quoted(note, 'en')}.`,
          fr: ` L’agence précise\u00a0: ${quoted(note, 'fr')}.`,
        }
      : { en: '', fr: '' }
    const refunded = refund
      ? { en: ' Your payment is being refunded.', fr: ' Votre paiement vous est remboursé.' }
      : { en: '', fr: '' }
    await notify(
      renter,
      TITLES.statusChanged,
      `Your booking of ${property}, ${stay.en}, is now: ${status.en}.${refunded.en}${said.en}`,
      `Votre réservation ${ofProperty}, ${stay.fr}, est maintenant\u00a0: ${status.fr}.${refunded.fr}${said.fr}`,
    )
  }
  return enqueue(tx, mails)
}

/** An event recorded in its change's transaction, to announce once that transaction committed. */
export interface RecordedEvent {
  event: BookingEvent
  /** The outbox rows of its e-mails. */
  mails: number[]
}

/**
 * Records `event` in `tx`, the transaction of the change it tells of. What cannot be recorded fails the
 * change with it: a 503 `change_not_saved` (or `unavailable`, the database being away), thrown for the
 * transaction to roll back.
 */
export async function recordBookingEvent(
  tx: Db | Tx,
  event: BookingEvent,
  ctx: Pick<AppContext, 'config' | 'log'>,
): Promise<RecordedEvent> {
  try {
    // A change's transaction, whichever type its caller holds it by (runOnce's is typed as a Db).
    return { event, mails: await record(tx as Tx, event, ctx.config.publicUrl) }
  } catch (error) {
    if (error instanceof HttpError || isDatabaseUnreachable(error)) throw error
    ctx.log.error({ err: failureForLog(error), event: event.type }, 'booking event not recorded')
    throw changeNotSaved()
  }
}

/** After the change committed: sends the event's e-mails now, starts its pushes, then calls the listeners. */
export async function announceBookingEvent(recorded: RecordedEvent, ctx: AppContext): Promise<void> {
  await ctx.outbox.send(recorded.mails)
  ctx.outbox.nudge()
  for (const listener of listeners) {
    try {
      await listener(recorded.event, ctx)
    } catch (error) {
      ctx.log.error(
        { err: { type: (error as Error).name }, event: recorded.event.type },
        'booking event listener failed',
      )
    }
  }
}

/** Records and announces `event` for a change that has already committed. */
export async function emitBookingEvent(event: BookingEvent, ctx: AppContext): Promise<void> {
  const recorded = await ctx.database.db.transaction((tx) => recordBookingEvent(tx, event, ctx))
  await announceBookingEvent(recorded, ctx)
}
