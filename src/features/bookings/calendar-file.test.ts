import { describe, expect, it } from 'vitest'

import { bookingUid, calendarFile, calendarFileName, escapeText, foldLine } from './calendar-file'

const octets = (line: string) => new TextEncoder().encode(line).length

/** The file's logical lines: continuation lines (CRLF then a space) joined back. */
const unfold = (file: string) => file.replace(/\r\n /g, '').split('\r\n')

const stay = {
  uid: bookingUid('42', 'haven.example'),
  stamp: new Date('2028-04-01T09:30:15.123Z'),
  start: '2028-05-04',
  end: '2028-05-07',
  summary: 'Stay at Loft, Canal; view',
  location: 'Rue du Temple 12, Paris',
  description: 'Agency: Haven Homes\nE-mail: contact@haven.example\nPhone: +33 1 23 45 67 89',
  url: 'https://haven.example/booking?id=42',
  geo: { latitude: 48.8566, longitude: 2.3522 },
}

describe('the calendar file of a stay', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng')
  })

  it('folds lines at 75 octets with CRLF and a space, never inside a character', () => {
    expect(foldLine('short')).toBe('short')
    const long = `DESCRIPTION:${'x'.repeat(200)}`
    const folded = foldLine(long)
    const lines = folded.split('\r\n')
    expect(lines.length).toBe(3)
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75)
    expect(lines[0]).toHaveLength(75)
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(long)
    // Two-octet characters: a fold never splits one.
    const accented = `SUMMARY:${'é'.repeat(80)}`
    const parts = foldLine(accented).split('\r\n')
    for (const line of parts) expect(octets(line)).toBeLessThanOrEqual(75)
    expect(parts.join('').replace(/ /g, '')).toBe(accented)
    expect(parts.some((line) => line.includes('\uFFFD'))).toBe(false)
  })

  it('is one all-day event from check-in to check-out day, CRLF throughout', () => {
    const file = calendarFile(stay)
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    for (const line of file.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75)
    const lines = unfold(file)
    expect(lines).toContain('UID:booking-42@haven.example')
    expect(lines).toContain('DTSTAMP:20280401T093015Z')
    expect(lines).toContain('DTSTART;VALUE=DATE:20280504')
    expect(lines).toContain('DTEND;VALUE=DATE:20280507')
    expect(lines).toContain('SUMMARY:Stay at Loft\\, Canal\\; view')
    expect(lines).toContain('LOCATION:Rue du Temple 12\\, Paris')
    expect(lines).toContain('GEO:48.8566;2.3522')
    expect(lines).toContain(
      'DESCRIPTION:Agency: Haven Homes\\nE-mail: contact@haven.example\\nPhone: +33 1 23 45 67 89',
    )
    expect(lines).toContain('URL:https://haven.example/booking?id=42')
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1)
  })

  it('leaves out what the booking does not have', () => {
    const lines = unfold(calendarFile({ ...stay, location: null, geo: null, description: undefined }))
    expect(lines.some((line) => /^(LOCATION|GEO|DESCRIPTION)[:;]/.test(line))).toBe(false)
  })

  it('is named for its booking', () => {
    expect(calendarFileName('42')).toBe('haven-booking-42.ics')
  })
})
