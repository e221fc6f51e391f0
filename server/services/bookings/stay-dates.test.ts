import { describe, expect, it } from 'vitest'

import { formatStayDate, formatStayRange } from './stay-dates.ts'

describe('a stay’s dates as the booking messages write them', () => {
  it('writes a day in words, the first of the month as an ordinal in French', () => {
    expect(formatStayDate('2027-08-01', 'en')).toBe('1 August 2027')
    expect(formatStayDate('2027-08-01', 'fr')).toBe('1er août 2027')
    expect(formatStayDate('2027-12-31', 'en')).toBe('31 December 2027')
    expect(formatStayDate('2027-02-02', 'fr')).toBe('2 février 2027')
  })

  it('shortens a range within one month or one year, never across years', () => {
    expect(formatStayRange('2027-08-01', '2027-08-08', 'en')).toBe('1–8 August 2027')
    expect(formatStayRange('2027-08-01', '2027-08-08', 'fr')).toBe('1er–8 août 2027')
    expect(formatStayRange('2027-07-30', '2027-08-01', 'en')).toBe('30 July – 1 August 2027')
    expect(formatStayRange('2027-07-30', '2027-08-01', 'fr')).toBe('30 juillet – 1er août 2027')
    expect(formatStayRange('2027-12-30', '2028-01-02', 'en')).toBe('30 December 2027 – 2 January 2028')
    expect(formatStayRange('2027-12-30', '2028-01-02', 'fr')).toBe('30 décembre 2027 – 2 janvier 2028')
  })
})
