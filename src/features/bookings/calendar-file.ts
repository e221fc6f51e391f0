// A stay as an iCalendar file (RFC 5545), made on the device so "Add to calendar" works offline: one all-day
// event from check-in to check-out day, with the property, its address and the agency's contact.

export interface StayEvent {
  /** Unique and stable across downloads, so a calendar updates the event instead of adding a second one. */
  uid: string
  /** When the file was made. */
  stamp: Date
  /** Check-in day, YYYY-MM-DD. */
  start: string
  /**
   * Check-out day, YYYY-MM-DD. An all-day DTEND is exclusive: the event covers the nights, as hotel and
   * rental calendars do.
   */
  end: string
  summary: string
  location?: string | null
  description?: string
  /** The booking's page. */
  url?: string
  geo?: { latitude: number; longitude: number } | null
}

/** RFC 5545 §3.1: a content line is at most 75 octets; longer ones go on with CRLF and one space. */
const MAX_LINE_OCTETS = 75
const CRLF = '\r\n'
const encoder = new TextEncoder()

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** A content line folded at 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const character of line) {
    const size = encoder.encode(character).length
    // Continuation lines start with the space that marks them, which counts in their 75.
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current)
      current = ' '
      octets = 1
    }
    current += character
    octets += size
  }
  parts.push(current)
  return parts.join(CRLF)
}

/** YYYY-MM-DD (or an ISO moment's day) as an iCalendar DATE: 20280504. */
const calendarDate = (day: string) => day.slice(0, 10).replace(/-/g, '')

/** A moment as an iCalendar UTC DATE-TIME: 20280504T093000Z. */
const calendarMoment = (moment: Date) =>
  moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** The booking's event id: the booking id and the host that made it (RFC 5545 §3.8.4.7 suggests a domain). */
export const bookingUid = (bookingId: string, host: string) => `booking-${bookingId}@${host}`

export const calendarFileName = (bookingId: string) => `haven-booking-${bookingId}.ics`

/** The whole file: CRLF line ends, every line folded, text escaped. */
export function calendarFile(event: StayEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Haven//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${calendarMoment(event.stamp)}`,
    `DTSTART;VALUE=DATE:${calendarDate(event.start)}`,
    `DTEND;VALUE=DATE:${calendarDate(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ]
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
  if (event.geo) lines.push(`GEO:${event.geo.latitude};${event.geo.longitude}`)
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
  if (event.url) lines.push(`URL:${event.url}`)
  // A stay is not a meeting: it should not make the renter look busy all week.
  lines.push('TRANSP:TRANSPARENT', 'END:VEVENT', 'END:VCALENDAR')
  return lines.map(foldLine).join(CRLF) + CRLF
}
