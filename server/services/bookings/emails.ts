// The booking e-mails in both languages, in one module so that a translator sees every text at once: the
// renter's confirmation (paid, or booked to pay later), cancellation request, change of dates and refund
// notice, and the agency's notices (a new booking, a cancellation request, its withdrawal, a change of
// dates), and a guest's request lapsed unactivated, told to both. Each names the stay's dates in the reader's
// language (./stay-dates.ts), its subject too: a renter with several bookings of one property tells them
// apart in the inbox. Plain text is the message; the HTML part says the same.
import type { Language } from '../../../src/domain/enums.ts'
import { formatMoney } from '../../../src/domain/money.ts'
import { withPreposition } from '../french.ts'
import { escapeHtml, quoted, type RenderedEmail } from '../mail/templates.ts'
import { formatStayDate, formatStayRange } from './stay-dates.ts'

export type BookingEmailKind =
  | 'paid'
  | 'payLater'
  | 'refunded'
  | 'refundedLapsed'
  | 'cancelRequested'
  | 'agencyNewBooking'
  | 'agencyCancelRequest'
  | 'agencyCancelWithdrawn'
  | 'statusChanged'
  | 'cancelRefused'
  | 'amended'
  | 'agencyAmended'
  | 'lapsed'
  | 'agencyLapsed'
  | 'unanswered'
  | 'agencyUnanswered'
  | 'message'
  | 'agencyMessage'

export interface BookingEmailFacts {
  name: string
  /** The booking's status, in the recipient's language (the status-change notice). */
  status?: string
  property: string
  /** The stay's first and last days, YYYY-MM-DD. */
  from: string
  to: string
  price: number
  renter: string
  link: string
  /** A change of dates: the stay and total before it. */
  previous?: { from: string; to: string; price: number }
  /** What the agency said with its decision (a refused cancellation's reason), as it wrote it. */
  note?: string | undefined
  /** The decision gives the payment taken online back. */
  refund?: boolean
}

/** The facts as the texts write them: the days in the reader's language, and the stay as one range. */
interface Shown extends BookingEmailFacts {
  stay: string
  /** French: "de" and the property's name, elided or contracted as the name asks ("d’Appartement…", "du Moulin"). */
  ofProperty: string
  /** A change of dates: the days and total before it, as the texts write them. */
  before: { from: string; to: string; price: string }
}

interface Texts {
  subject: (f: Shown) => string
  greeting: (f: Shown) => string
  body: (f: Shown, price: string) => string
  action: string
  signature: string
}

const signature = { en: 'The Haven team', fr: 'L’équipe Haven' }
const hello = {
  en: (f: Shown) => `Hello ${f.name},`,
  fr: (f: Shown) => `Bonjour ${f.name},`,
}

/** A refund notice: one subject whatever the reason, which `body` gives. */
const refundNotice = (body: Record<Language, Texts['body']>): Record<Language, Texts> => ({
  en: {
    subject: (f) => `Your payment for ${f.property}, ${f.stay}, was refunded`,
    greeting: hello.en,
    body: body.en,
    action: 'See my booking',
    signature: signature.en,
  },
  fr: {
    subject: (f) => `Votre paiement pour ${f.property}, ${f.stay}, a été remboursé`,
    greeting: hello.fr,
    body: body.fr,
    action: 'Voir ma réservation',
    signature: signature.fr,
  },
})

const TEXTS: Record<BookingEmailKind, Record<Language, Texts>> = {
  paid: {
    en: {
      subject: (f) => `Your booking of ${f.property}, ${f.stay}, is paid`,
      greeting: hello.en,
      body: (f, price) =>
        `Your payment of ${price} was received: ${f.property} is booked for you from ${f.from} to ${f.to}.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre réservation ${f.ofProperty}, ${f.stay}, est payée`,
      greeting: hello.fr,
      body: (f, price) =>
        `Votre paiement de ${price} a bien été reçu\u00a0: nous vous avons réservé ${f.property} du ${f.from} au ${f.to}.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  payLater: {
    en: {
      subject: (f) => `Your booking request for ${f.property}, ${f.stay}, is sent`,
      greeting: hello.en,
      body: (f, price) =>
        `You asked to book ${f.property} from ${f.from} to ${f.to}. The agency will answer your request; until then, these nights are held for you. You will pay ${price} later.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre demande de réservation ${f.ofProperty}, ${f.stay}, est envoyée`,
      greeting: hello.fr,
      body: (f, price) =>
        `Vous avez demandé à réserver ${f.property} du ${f.from} au ${f.to}. L’agence répondra à votre demande\u202f; d’ici là, ces nuits vous sont gardées. Vous paierez ${price} plus tard.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  refunded: refundNotice({
    en: (f, price) =>
      `Your payment of ${price} reached us after ${f.property} had been booked by someone else from ${f.from} to ${f.to}, so your booking is cancelled and the payment refunded in full. Your bank may take a few days to show it.`,
    fr: (f, price) =>
      `Votre paiement de ${price} nous est parvenu après que quelqu’un d’autre a réservé ${f.property} du ${f.from} au ${f.to}\u00a0: votre réservation est annulée et le paiement intégralement remboursé. Votre banque peut mettre quelques jours à le faire apparaître.`,
  }),
  refundedLapsed: refundNotice({
    en: (f, price) =>
      `Your payment of ${price} reached us after your booking of ${f.property} from ${f.from} to ${f.to} had lapsed, so it is cancelled and the payment refunded in full. Your bank may take a few days to show it.`,
    fr: (f, price) =>
      `Votre paiement de ${price} nous est parvenu après l’expiration de votre réservation ${f.ofProperty} du ${f.from} au ${f.to}\u00a0: elle est annulée et le paiement intégralement remboursé. Votre banque peut mettre quelques jours à le faire apparaître.`,
  }),
  cancelRequested: {
    en: {
      subject: (f) => `Your cancellation request for ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `We sent the agency your request to cancel your booking of ${f.property} from ${f.from} to ${f.to}. The agency decides, and will contact you to finalize it; you will be told its decision. Until then, you can withdraw your request from the page of your booking.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre demande d’annulation pour ${f.property}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `Nous avons transmis à l’agence votre demande d’annulation de votre réservation ${f.ofProperty} du ${f.from} au ${f.to}. L’agence décide, et vous contactera pour la finaliser\u202f; sa décision vous sera communiquée. D’ici là, vous pouvez retirer votre demande depuis la page de votre réservation.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  agencyNewBooking: {
    en: {
      subject: (f) => `New booking of ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f, price) => `${f.renter} booked ${f.property} from ${f.from} to ${f.to}, for ${price}.`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Nouvelle réservation ${f.ofProperty}, ${f.stay}`,
      greeting: hello.fr,
      body: (f, price) => `${f.renter} a réservé ${f.property} du ${f.from} au ${f.to}, pour ${price}.`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
  agencyCancelRequest: {
    en: {
      subject: (f) => `Cancellation request for ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `${f.renter} asks to cancel their booking of ${f.property} from ${f.from} to ${f.to}. Contact them to finalize it.`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Demande d’annulation pour ${f.property}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `${f.renter} demande l’annulation de sa réservation ${f.ofProperty} du ${f.from} au ${f.to}. Contactez cette personne pour la finaliser.`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
  agencyCancelWithdrawn: {
    en: {
      subject: (f) => `Cancellation request withdrawn for ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `${f.renter} withdrew their request to cancel their booking of ${f.property} from ${f.from} to ${f.to}: the booking stands.`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Demande d’annulation retirée pour ${f.property}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `${f.renter} a retiré sa demande d’annulation de sa réservation ${f.ofProperty} du ${f.from} au ${f.to}\u00a0: la réservation est maintenue.`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
  amended: {
    en: {
      subject: (f) => `Your booking of ${f.property} is changed: ${f.stay}`,
      greeting: hello.en,
      body: (f, price) =>
        `Your booking of ${f.property} now runs from ${f.from} to ${f.to}, instead of ${f.before.from} to ${f.before.to}. Its total is ${price} (it was ${f.before.price}).`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre réservation ${f.ofProperty} est modifiée\u00a0: ${f.stay}`,
      greeting: hello.fr,
      body: (f, price) =>
        `Votre réservation ${f.ofProperty} va désormais du ${f.from} au ${f.to}, au lieu du ${f.before.from} au ${f.before.to}. Son total est de ${price} (il était de ${f.before.price}).`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  agencyAmended: {
    en: {
      subject: (f) => `Booking of ${f.property} changed: ${f.stay}`,
      greeting: hello.en,
      body: (f, price) =>
        `${f.renter} changed the dates of their booking of ${f.property}: now from ${f.from} to ${f.to}, instead of ${f.before.from} to ${f.before.to}. Its total is ${price} (it was ${f.before.price}).`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Réservation ${f.ofProperty} modifiée\u00a0: ${f.stay}`,
      greeting: hello.fr,
      body: (f, price) =>
        `${f.renter} a modifié les dates de sa réservation ${f.ofProperty}\u00a0: désormais du ${f.from} au ${f.to}, au lieu du ${f.before.from} au ${f.before.to}. Son total est de ${price} (il était de ${f.before.price}).`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
  lapsed: {
    en: {
      subject: (f) => `Booking request cancelled: ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `Your booking request for ${f.property} from ${f.from} to ${f.to} was cancelled: the account was not activated within 24 hours.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Demande de réservation annulée\u00a0: ${f.property}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `Votre demande de réservation ${f.ofProperty} du ${f.from} au ${f.to} a été annulée\u00a0: le compte n’a pas été activé dans les 24\u00a0heures.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  agencyLapsed: {
    en: {
      subject: (f) => `Booking request withdrawn: ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `The booking request for ${f.property} from ${f.from} to ${f.to} by ${f.renter} was withdrawn: the guest never activated their account.`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Demande de réservation retirée\u00a0: ${f.property}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `La demande de réservation ${f.ofProperty} du ${f.from} au ${f.to}, faite par ${f.renter}, a été retirée\u00a0: la personne n’a jamais activé son compte.`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
  unanswered: {
    en: {
      subject: (f) => `Booking request lapsed: ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `Your booking request for ${f.property} from ${f.from} to ${f.to} lapsed: the agency did not answer it within 48 hours. Its nights are free again, and nothing is owed.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Demande de réservation expirée\u00a0: ${f.property}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `Votre demande de réservation ${f.ofProperty} du ${f.from} au ${f.to} a expiré\u00a0: l’agence n’y a pas répondu dans les 48\u00a0heures. Ses nuits sont de nouveau libres, et rien n’est dû.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  agencyUnanswered: {
    en: {
      subject: (f) => `Booking request lapsed unanswered: ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `The booking request for ${f.property} from ${f.from} to ${f.to} by ${f.renter} lapsed unanswered after 48 hours: its nights are free again.`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Demande de réservation expirée sans réponse\u00a0: ${f.property}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `La demande de réservation ${f.ofProperty} du ${f.from} au ${f.to}, faite par ${f.renter}, a expiré sans réponse après 48\u00a0heures\u00a0: ses nuits sont de nouveau libres.`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
  statusChanged: {
    en: {
      subject: (f) => `Your booking of ${f.property}, ${f.stay}, is now: ${f.status}`,
      greeting: hello.en,
      body: (f) =>
        `Your booking of ${f.property} from ${f.from} to ${f.to} is now: ${f.status}.` +
        (f.refund ? ' Your payment is being refunded to the means you paid with.' : '') +
        (f.note ? ` The agency says: ${quoted(f.note, 'en')}.` : ''),
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre réservation ${f.ofProperty}, ${f.stay}, est maintenant\u00a0: ${f.status}`,
      greeting: hello.fr,
      body: (f) =>
        `Votre réservation ${f.ofProperty} du ${f.from} au ${f.to} est maintenant\u00a0: ${f.status}.` +
        (f.refund ? ' Votre paiement vous est remboursé par le moyen avec lequel vous avez payé.' : '') +
        (f.note ? ` L’agence précise\u00a0: ${quoted(f.note, 'fr')}.` : ''),
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  cancelRefused: {
    en: {
      subject: (f) => `Cancellation refused: ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `The agency refused to cancel your booking of ${f.property} from ${f.from} to ${f.to}: ${quoted(f.note ?? '', 'en')}. Your booking stands.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Annulation refusée\u00a0: ${f.property}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `L’agence a refusé d’annuler votre réservation ${f.ofProperty} du ${f.from} au ${f.to}\u00a0: ${quoted(f.note ?? '', 'fr')}. Votre réservation est maintenue.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  message: {
    en: {
      subject: (f) => `A message about your booking of ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `The agency wrote about your booking of ${f.property} from ${f.from} to ${f.to}: ${quoted(f.note ?? '', 'en')}. You can answer it on your booking's page.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Un message au sujet de votre réservation ${f.ofProperty}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `L’agence a écrit au sujet de votre réservation ${f.ofProperty} du ${f.from} au ${f.to}\u00a0: ${quoted(f.note ?? '', 'fr')}. Vous pouvez lui répondre sur la page de votre réservation.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  agencyMessage: {
    en: {
      subject: (f) => `A message from ${f.renter} about ${f.property}, ${f.stay}`,
      greeting: hello.en,
      body: (f) =>
        `${f.renter} wrote about their booking of ${f.property} from ${f.from} to ${f.to}: ${quoted(f.note ?? '', 'en')}.`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Un message de ${f.renter} au sujet ${f.ofProperty}, ${f.stay}`,
      greeting: hello.fr,
      body: (f) =>
        `${f.renter} a écrit au sujet de sa réservation ${f.ofProperty} du ${f.from} au ${f.to}\u00a0: ${quoted(f.note ?? '', 'fr')}.`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
}

/** The e-mail of `kind` in `language`; amounts in the base currency (USD), days in `language`. */
export function bookingEmail(
  kind: BookingEmailKind,
  language: Language,
  facts: BookingEmailFacts,
): RenderedEmail {
  const t = TEXTS[kind][language]
  const shown: Shown = {
    ...facts,
    // People's names are theirs, not Haven's words (../mail/templates.ts quoted).
    name: quoted(facts.name, language),
    renter: quoted(facts.renter, language),
    from: formatStayDate(facts.from, language),
    to: formatStayDate(facts.to, language),
    stay: formatStayRange(facts.from, facts.to, language),
    ofProperty: withPreposition('de', facts.property),
    before: {
      from: facts.previous ? formatStayDate(facts.previous.from, language) : '',
      to: facts.previous ? formatStayDate(facts.previous.to, language) : '',
      price: facts.previous ? formatMoney(facts.previous.price, 'USD', language) : '',
    },
  }
  const price = formatMoney(facts.price, 'USD', language)
  const body = t.body(shown, price)
  const text = [t.greeting(shown), '', body, '', facts.link, '', t.signature, ''].join('\n')
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(t.greeting(shown))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(facts.link)}">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body></html>
`
  return { subject: t.subject(shown), text, html }
}
