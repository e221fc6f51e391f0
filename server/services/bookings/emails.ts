// The booking e-mails in both languages, in one module so that a translator sees every text at once: the
// renter's confirmation (paid, or booked to pay later) and refund notice, and the agency's notices (a new booking, a cancellation
// request). Plain text is the message; the HTML part says the same.
import type { Language } from '../../../src/domain/enums.ts'
import { formatMoney } from '../../../src/domain/money.ts'
import { escapeHtml, type RenderedEmail } from '../mail/templates.ts'

export type BookingEmailKind =
  'paid' | 'payLater' | 'refunded' | 'agencyNewBooking' | 'agencyCancelRequest' | 'statusChanged'

export interface BookingEmailFacts {
  name: string
  /** The booking's status, in the recipient's language (the status-change notice). */
  status?: string
  property: string
  from: string
  to: string
  price: number
  renter: string
  link: string
}

interface Texts {
  subject: (f: BookingEmailFacts) => string
  greeting: (f: BookingEmailFacts) => string
  body: (f: BookingEmailFacts, price: string) => string
  action: string
  signature: string
}

const signature = { en: 'The Haven team', fr: 'L’équipe Haven' }
const hello = {
  en: (f: BookingEmailFacts) => `Hello ${f.name},`,
  fr: (f: BookingEmailFacts) => `Bonjour ${f.name},`,
}

const TEXTS: Record<BookingEmailKind, Record<Language, Texts>> = {
  paid: {
    en: {
      subject: (f) => `Your booking of ${f.property} is paid`,
      greeting: hello.en,
      body: (f, price) =>
        `Your payment of ${price} was received: ${f.property} is booked for you from ${f.from} to ${f.to}.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre réservation de ${f.property} est payée`,
      greeting: hello.fr,
      body: (f, price) =>
        `Votre paiement de ${price} a bien été reçu : ${f.property} vous est réservé du ${f.from} au ${f.to}.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  payLater: {
    en: {
      subject: (f) => `Your booking of ${f.property} is registered`,
      greeting: hello.en,
      body: (f, price) =>
        `Your booking of ${f.property} from ${f.from} to ${f.to} is registered. You will pay ${price} later; the agency will contact you.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre réservation de ${f.property} est enregistrée`,
      greeting: hello.fr,
      body: (f, price) =>
        `Votre réservation de ${f.property} du ${f.from} au ${f.to} est enregistrée. Vous paierez ${price} plus tard ; l’agence vous contactera.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  refunded: {
    en: {
      subject: (f) => `Your payment for ${f.property} was refunded`,
      greeting: hello.en,
      body: (f, price) =>
        `Your payment of ${price} reached us after ${f.property} had been booked by someone else from ${f.from} to ${f.to}, so your booking is cancelled and the payment refunded in full. Your bank may take a few days to show it.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre paiement pour ${f.property} a été remboursé`,
      greeting: hello.fr,
      body: (f, price) =>
        `Votre paiement de ${price} nous est parvenu après que ${f.property} a été réservé par quelqu’un d’autre du ${f.from} au ${f.to} : votre réservation est annulée et le paiement intégralement remboursé. Votre banque peut mettre quelques jours à le faire apparaître.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
  agencyNewBooking: {
    en: {
      subject: (f) => `New booking of ${f.property}`,
      greeting: hello.en,
      body: (f, price) => `${f.renter} booked ${f.property} from ${f.from} to ${f.to}, for ${price}.`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Nouvelle réservation de ${f.property}`,
      greeting: hello.fr,
      body: (f, price) => `${f.renter} a réservé ${f.property} du ${f.from} au ${f.to}, pour ${price}.`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
  agencyCancelRequest: {
    en: {
      subject: (f) => `Cancellation request for ${f.property}`,
      greeting: hello.en,
      body: (f) =>
        `${f.renter} asks to cancel their booking of ${f.property} from ${f.from} to ${f.to}. Contact them to finalize it.`,
      action: 'Open Haven',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Demande d’annulation pour ${f.property}`,
      greeting: hello.fr,
      body: (f) =>
        `${f.renter} demande l’annulation de sa réservation de ${f.property} du ${f.from} au ${f.to}. Contactez cette personne pour la finaliser.`,
      action: 'Ouvrir Haven',
      signature: signature.fr,
    },
  },
  statusChanged: {
    en: {
      subject: (f) => `Your booking of ${f.property} was updated`,
      greeting: hello.en,
      body: (f) => `Your booking of ${f.property} from ${f.from} to ${f.to} is now: ${f.status}.`,
      action: 'See my booking',
      signature: signature.en,
    },
    fr: {
      subject: (f) => `Votre réservation de ${f.property} a été mise à jour`,
      greeting: hello.fr,
      body: (f) => `Votre réservation de ${f.property} du ${f.from} au ${f.to} est maintenant : ${f.status}.`,
      action: 'Voir ma réservation',
      signature: signature.fr,
    },
  },
}

/** The e-mail of `kind` in `language`; amounts in the base currency (USD). */
export function bookingEmail(
  kind: BookingEmailKind,
  language: Language,
  facts: BookingEmailFacts,
): RenderedEmail {
  const t = TEXTS[kind][language]
  const price = formatMoney(facts.price, 'USD', language)
  const body = t.body(facts, price)
  const text = [t.greeting(facts), '', body, '', facts.link, '', t.signature, ''].join('\n')
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(t.greeting(facts))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(facts.link)}">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body></html>
`
  return { subject: t.subject(facts), text, html }
}
