// The booking statuses' names (docs/product.md §5) in each language: the renter's screens show them, and the
// server's e-mails and notifications write them. Kept here rather than in a Lingui catalog: the server reads
// no catalog. Apart from enums.ts, which the first load carries, so that only the screens that show a status
// carry its names.
import type { BookingStatus, Language } from './enums.ts'

export const BOOKING_STATUS_NAMES: Record<BookingStatus, Record<Language, string>> = {
  VOID: { en: 'Void', fr: 'Provisoire' },
  PENDING: { en: 'Pending', fr: 'En attente' },
  DEPOSIT: { en: 'Deposit', fr: 'Acompte' },
  PAID: { en: 'Paid', fr: 'Payée' },
  RESERVED: { en: 'Reserved', fr: 'Réservée' },
  CANCELLED: { en: 'Cancelled', fr: 'Annulée' },
}
