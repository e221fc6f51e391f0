import { describe, expect, it } from 'vitest'

import { formatDayInput, parseDayInput } from './day'

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
