// The French booking texts around a property's name, which the server does not choose: "de" elides or
// contracts as the name asks (server/services/french.ts), and nothing agrees with its unknown gender.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { bookingEmail, type BookingEmailKind } from './emails.ts'

const KINDS: BookingEmailKind[] = [
  'paid',
  'payLater',
  'refunded',
  'refundedLapsed',
  'cancelRequested',
  'agencyNewBooking',
  'agencyCancelRequest',
  'agencyCancelWithdrawn',
  'statusChanged',
  'amended',
  'agencyAmended',
  'lapsed',
  'agencyLapsed',
]

/** A vowel, an accented vowel, an h (kept, as in names from English), a consonant, and names with an article. */
const NAMES = [
  'Appartement Bellevue',
  'Écurie du Lac',
  'Haven House',
  'Maison Bleue',
  'Le Moulin',
  'Les Tilleuls',
]

const facts = (property: string) => ({
  name: 'Inès',
  status: 'Réservée',
  property,
  from: '2026-08-01',
  to: '2026-08-08',
  price: 840,
  renter: 'Ada Lovelace',
  link: 'https://haven.test/booking?id=1',
  previous: { from: '2026-07-01', to: '2026-07-08', price: 700 },
})

/** What a wrong "de" or an agreement with the name's gender would read like. */
function mistakes(text: string, property: string): string[] {
  const found: string[] = []
  if (/\bde [AEIOUYÉÈÊÀÂÎÔaeiouyéèêàâîô]/.test(text)) found.push('de before a vowel')
  if (/\bde (Le|Les|La) /i.test(text)) found.push('de before an article')
  if (new RegExp(`${property}[^.]*\\b(est|a été) réservée?s?\\b`).test(text))
    found.push('agrees with the name')
  if (/\b(vous est|a été) réservée?s?\b/.test(text)) found.push('agrees with the name')
  return found
}

describe('the French booking texts', () => {
  it('write every e-mail right whatever the property’s name begins with', () => {
    for (const kind of KINDS) {
      for (const property of NAMES) {
        const mail = bookingEmail(kind, 'fr', facts(property))
        for (const text of [mail.subject, mail.text]) {
          expect(mistakes(text, property), `${kind}, ${property}: ${text}`).toEqual([])
        }
      }
    }
  })

  it('elide and contract "de" before the name, as the demo data’s texts do', () => {
    const subject = (property: string) => bookingEmail('payLater', 'fr', facts(property)).subject
    expect(subject('Appartement Bellevue')).toMatch(/^Votre demande de réservation d’Appartement Bellevue, /)
    expect(subject('Le Moulin')).toMatch(/^Votre demande de réservation du Moulin, /)
    expect(subject('Maison Bleue')).toMatch(/^Votre demande de réservation de Maison Bleue, /)
  })

  it('write no notification with "de" straight before the name, nor an agreement with it', () => {
    const source = readFileSync(join(import.meta.dirname, 'events.ts'), 'utf8')
    expect(source).not.toMatch(/\bde \$\{property\}/)
    expect(source).not.toMatch(/réservée? par|vous est réservé/)
  })
})
