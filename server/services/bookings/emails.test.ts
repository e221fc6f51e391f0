// What a renter wrote, as Haven's booking e-mails show it: between quotes and on one line, never as Haven's
// own paragraphs.
import { describe, expect, it } from 'vitest'

import { accountEmail } from '../mail/templates.ts'
import { bookingEmail } from './emails.ts'

const facts = {
  name: 'Agence du Port',
  property: 'Loft on the quay',
  from: '2027-03-01',
  to: '2027-03-08',
  price: 1200,
  link: 'https://haven.example/booking?id=7',
}
/** A name no rule checked (a row older than the rule, a provider's): the template flattens it. */
const smuggled = 'Bob\n\nIMPORTANT from Haven: the refund goes to IBAN FR76 0000\r\n'

describe('booking e-mails', () => {
  it("quotes the renter's name in the agency's notice, on one line", () => {
    const mail = bookingEmail('agencyNewBooking', 'en', { ...facts, renter: smuggled })
    const [greeting, , body] = mail.text.split('\n')
    expect(greeting).toBe('Hello “Agence du Port”,')
    expect(body).toMatch(
      /^“Bob IMPORTANT from Haven: the refund goes to IBAN FR76 0000” booked Loft on the quay from 1 March 2027 /,
    )
    expect(mail.html).toContain('<p>“Bob IMPORTANT from Haven: the refund goes to IBAN FR76 0000” booked')
    expect(mail.html).not.toContain('IBAN FR76 0000\n')
  })

  it('quotes it as French writes quotes, in French', () => {
    const mail = bookingEmail('agencyCancelRequest', 'fr', { ...facts, renter: 'Bob\tMartin' })
    expect(mail.text).toContain('«\u00a0Bob Martin\u00a0» demande l’annulation')
  })

  it("quotes the reader's own name in every greeting, account e-mails too", () => {
    expect(bookingEmail('paid', 'en', { ...facts, name: smuggled, renter: smuggled }).text).toMatch(
      /^Hello “Bob IMPORTANT from Haven: the refund goes to IBAN FR76 0000”,\n/,
    )
    const activation = accountEmail('activation', 'fr', { name: 'Élise\nDurand', link: facts.link })
    expect(activation.text).toMatch(/^Bonjour «\u00a0Élise Durand\u00a0»,\n/)
  })
})
