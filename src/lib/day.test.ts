import { describe, expect, it } from 'vitest'

import { formatDay, formatDayInput, formatFullDay, formatMoment, formatStayDates, parseDayInput } from './day'

describe('days typed in the interface language', () => {
  it('show month first in English and day first in French', () => {
    expect(formatDayInput('2027-09-20', 'en')).toBe('09/20/2027')
    expect(formatDayInput('2027-09-20', 'fr')).toBe('20/09/2027')
    expect(formatDayInput('', 'fr')).toBe('')
  })

  it('read the language’s order, with /, . or -, and the ISO form', () => {
    expect(parseDayInput('09/20/2027', 'en')).toBe('2027-09-20')
    expect(parseDayInput('20/09/2027', 'fr')).toBe('2027-09-20')
    expect(parseDayInput('20.9.2027', 'fr')).toBe('2027-09-20')
    expect(parseDayInput(' 2027-09-20 ', 'fr')).toBe('2027-09-20')
    expect(parseDayInput('', 'en')).toBe('')
  })

  it('refuse what is no day, or not one yet', () => {
    expect(parseDayInput('20/09/2027', 'en')).toBeUndefined()
    expect(parseDayInput('30/02/1990', 'fr')).toBeUndefined()
    expect(parseDayInput('1990-02-30', 'en')).toBeUndefined()
    expect(parseDayInput('09/2', 'en')).toBeUndefined()
    expect(parseDayInput('tomorrow', 'en')).toBeUndefined()
  })

  it('know leap days', () => {
    expect(parseDayInput('29/02/2028', 'fr')).toBe('2028-02-29')
    expect(parseDayInput('02/29/2027', 'en')).toBeUndefined()
  })
})

describe('days in words', () => {
  it('write the first of a month as an ordinal in French: 1er août', () => {
    expect(formatDay('2028-08-01', 'fr')).toBe('1er août 2028')
    expect(formatFullDay('2028-08-01', 'fr')).toBe('mardi 1er août 2028')
    // Noon UTC: the first of August on any device's clock.
    expect(formatMoment('2028-08-01T12:00:00Z', 'fr')).toMatch(/^1er août 2028\b/)
  })

  it('leave the other days, and English, as they are', () => {
    expect(formatDay('2028-08-02', 'fr')).toBe('2 août 2028')
    expect(formatDay('2028-08-11', 'fr')).toBe('11 août 2028')
    expect(formatDay('2028-08-21', 'fr')).toBe('21 août 2028')
    expect(formatDay('2028-08-01', 'en')).toBe('Aug 1, 2028')
    expect(formatFullDay('2028-08-01', 'en')).toBe('Tuesday, August 1, 2028')
  })
})

describe('a stay’s dates in a few words', () => {
  it('read the same from the server’s ICU and the browser’s: plain spaces around the dash', () => {
    // Node writes thin spaces around the range's dash where Chromium writes plain ones: a page the server
    // rendered would then fail to hydrate.
    expect(formatStayDates('2027-09-28', '2027-10-02', 'en')).toBe('Sep 28 – Oct 2, 2027')
    expect(formatStayDates('2027-09-28', '2027-10-02', 'fr')).toBe('28 sept. – 2 oct. 2027')
    expect(formatStayDates('2027-12-18', '2027-12-23', 'en')).toBe('Dec 18 – 23, 2027')
  })
})
