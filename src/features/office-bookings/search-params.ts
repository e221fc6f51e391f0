// The inbox's filters, kept in the URL's query (a link or a reload shows the same list): statuses, one
// property, stays overlapping [from, to), the renter's name or e-mail, and the page (the previous page's cursor).
import { BOOKING_DECISIONS, type BookingDecision } from '@/domain/booking-decisions'
import { BOOKING_STATUSES, type BookingStatus } from '@/domain/enums'
import { isoDay, optionalId, optionalString } from '@/lib/search-params'

export interface InboxParams {
  status?: BookingStatus
  propertyId?: string
  from?: string
  to?: string
  renter?: string
  cursor?: string
}

const isStatus = (value: unknown): value is BookingStatus =>
  typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value)

export function validateInboxParams(raw: Record<string, unknown>): InboxParams {
  const from = isoDay(raw.from)
  const to = isoDay(raw.to)
  // A range the server would refuse (its end before its start) is dropped, not sent.
  const ordered = !from || !to || from < to
  const params: InboxParams = {
    status: isStatus(raw.status) ? raw.status : undefined,
    propertyId: optionalId(raw.propertyId),
    from: ordered ? from : undefined,
    to: ordered ? to : undefined,
    renter: optionalString(raw.renter, 100)?.trim() || undefined,
    cursor: optionalId(raw.cursor),
  }
  return Object.fromEntries(Object.entries(params).filter((entry) => entry[1] !== undefined))
}

/** The inbox's address with these filters. */
export function inboxHref(params: InboxParams): string {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString()
  return query ? `/admin?${query}` : '/admin'
}

/** A booking's page opened at a decision (a push's Decline of a cancellation request opens it at the refusal). */
export interface BookingPageParams {
  decide?: BookingDecision
}

export function validateBookingPageParams(raw: Record<string, unknown>): BookingPageParams {
  const decide = raw.decide
  return typeof decide === 'string' && (BOOKING_DECISIONS as readonly string[]).includes(decide)
    ? { decide: decide as BookingDecision }
    : {}
}
