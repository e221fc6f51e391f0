// The staff's pushes an agent can act on (docs/product.md §12, Push): a new pay-later request and a
// cancellation request carry Accept and Decline, which the back office's worker (sw/back-office-sw.ts) sends
// as the decision the screen would send, with the status and request the push was written for. Written here in
// the agency's language, as every push text is: the worker has no catalogs.
import type { BookingDecision, DecisionRefusal } from '../../../src/domain/booking-decisions.ts'
import type { BookingStatus, Language } from '../../../src/domain/enums.ts'
import { type PushAction, PUSH_ACTIONS, type PushRequest } from '../../../src/domain/notifications.ts'

/** What is asked of the agency: a pay-later booking to answer, or a renter's request to cancel. */
export type AnswerableRequest = 'booking' | 'cancellation'

const TOLD = {
  en: 'The renter is told.',
  fr: 'Le locataire est prévenu.',
}

/**
 * What each button decides, and what is said once it is done. Declining a cancellation request is refusing
 * it, which needs a reason for the renter (REASON_REQUIRED): that button opens the booking's page at the
 * refusal instead of refusing silently.
 */
const ANSWERS: Record<
  AnswerableRequest,
  Record<PushAction, { decision: BookingDecision; done: Record<Language, string> }>
> = {
  booking: {
    accept: { decision: 'confirm', done: { en: 'Booking confirmed.', fr: 'Réservation confirmée.' } },
    decline: {
      decision: 'decline',
      done: { en: 'Booking request declined.', fr: 'Demande de réservation refusée.' },
    },
  },
  cancellation: {
    accept: {
      decision: 'acceptCancellation',
      done: { en: 'Cancellation accepted.', fr: 'Annulation acceptée.' },
    },
    decline: {
      decision: 'refuseCancellation',
      done: { en: 'Cancellation refused.', fr: 'Annulation refusée.' },
    },
  },
}

const BUTTONS: Record<PushAction, Record<Language, string>> = {
  accept: { en: 'Accept', fr: 'Accepter' },
  decline: { en: 'Decline', fr: 'Refuser' },
}

/**
 * The refusals a button can meet, the status and request being those it saw (any other is the screen's to
 * explain): the back office's own words (src/features/office-bookings/labels.ts).
 */
const REFUSALS: Partial<Record<DecisionRefusal, Record<Language, string>>> = {
  booking_changed: {
    en: 'This booking was answered meanwhile: see what was decided.',
    fr: 'Quelqu’un a répondu à cette réservation entre-temps\u00a0: voyez ce qui a été décidé.',
  },
  request_lapsed: {
    en: 'This request was not answered in time: it has lapsed and its nights are free again.',
    fr: 'Cette demande n’a pas reçu de réponse à temps\u00a0: elle a expiré et ses nuits sont de nouveau libres.',
  },
  stay_over: {
    en: 'This stay is over: it can no longer be changed.',
    fr: 'Ce séjour est terminé\u00a0: il ne peut plus être modifié.',
  },
}

const FAILED: Record<Language, string> = {
  en: 'The answer could not be sent: open the booking to decide.',
  fr: 'La réponse n’a pas pu être envoyée\u00a0: ouvrez la réservation pour décider.',
}

/** The buttons and outcomes of a push about `request`, for a booking as it is now, in `language`. */
export function pushRequest(
  request: AnswerableRequest,
  booking: { id: number; status: BookingStatus; cancelRequest: boolean },
  language: Language,
): PushRequest {
  return {
    bookingId: booking.id,
    seenStatus: booking.status,
    seenCancelRequest: booking.cancelRequest,
    actions: PUSH_ACTIONS.map((action) => {
      const { decision, done } = ANSWERS[request][action]
      return {
        action,
        title: BUTTONS[action][language],
        decision,
        done: `${done[language]} ${TOLD[language]}`,
      }
    }),
    refusals: Object.fromEntries(
      Object.entries(REFUSALS).map(([code, text]) => [code, text[language]]),
    ) as PushRequest['refusals'],
    failed: FAILED[language],
  }
}
