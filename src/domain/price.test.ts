import { describe, expect, it } from 'vitest'

import { daysInMonth, isLeapYear, optionPolicy, rentalDays, rentalPrice } from './price.ts'

describe('rentalDays', () => {
  it('counts whole days between two dates', () => {
    expect(rentalDays('2026-03-01', '2026-03-08')).toBe(7)
  })
  it('rounds a part day up', () => {
    expect(rentalDays(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-02T11:00:00Z'))).toBe(2)
  })
  it('is 0 when the end is not after the start', () => {
    expect(rentalDays('2026-03-08', '2026-03-08')).toBe(0)
    expect(rentalDays('2026-03-09', '2026-03-08')).toBe(0)
  })
  it('crosses a year end', () => {
    expect(rentalDays('2026-12-30', '2027-01-02')).toBe(3)
  })
  it('rejects a date it cannot read', () => {
    expect(() => rentalDays('tomorrow', '2026-01-01')).toThrow(RangeError)
  })
})

describe('calendar helpers', () => {
  it('knows leap years, centuries included', () => {
    expect([2024, 2026, 1900, 2000].map(isLeapYear)).toEqual([true, false, false, true])
  })
  it('knows month lengths, February of leap years included', () => {
    expect(daysInMonth('2024-02-10')).toBe(29)
    expect(daysInMonth('2026-02-10')).toBe(28)
    expect(daysInMonth('2026-04-30')).toBe(30)
    expect(daysInMonth('2026-12-31')).toBe(31)
  })
})

describe('rentalPrice', () => {
  const base = { price: 700, cancellation: 0 }

  it('daily: price × days', () => {
    expect(rentalPrice({ ...base, rentalTerm: 'DAILY' }, { from: '2026-05-01', to: '2026-05-04' })).toBe(2100)
  })
  it('weekly: price × days ÷ 7', () => {
    expect(rentalPrice({ ...base, rentalTerm: 'WEEKLY' }, { from: '2026-05-01', to: '2026-05-11' })).toBe(
      1000,
    )
  })
  it('monthly: price × days ÷ days in the month the stay starts', () => {
    // 31 days in January: 10 days of 3100 a month is 1000.
    const jan = rentalPrice(
      { ...base, price: 3100, rentalTerm: 'MONTHLY' },
      { from: '2026-01-25', to: '2026-02-04' },
    )
    expect(jan).toBe(1000)
    // The same 10 days starting in February 2026 (28 days) cost more per day.
    const feb = rentalPrice(
      { ...base, price: 2800, rentalTerm: 'MONTHLY' },
      { from: '2026-02-25', to: '2026-03-07' },
    )
    expect(feb).toBe(1000)
  })
  it('monthly on the last day of a month uses that month', () => {
    expect(
      rentalPrice({ ...base, price: 3000, rentalTerm: 'MONTHLY' }, { from: '2026-04-30', to: '2026-05-01' }),
    ).toBe(100)
  })
  it('yearly: price × days ÷ 365, or 366 in a leap year', () => {
    expect(
      rentalPrice({ ...base, price: 36500, rentalTerm: 'YEARLY' }, { from: '2026-06-01', to: '2026-06-11' }),
    ).toBe(1000)
    expect(
      rentalPrice({ ...base, price: 36600, rentalTerm: 'YEARLY' }, { from: '2028-06-01', to: '2028-06-11' }),
    ).toBe(1000)
  })
  it('rounds to cents', () => {
    expect(
      rentalPrice({ ...base, price: 100, rentalTerm: 'WEEKLY' }, { from: '2026-05-01', to: '2026-05-02' }),
    ).toBe(14.29)
  })

  describe('cancellation fee', () => {
    const period = { from: '2026-05-01', to: '2026-05-02' }
    it('is added when chosen and the property charges for it', () => {
      expect(
        rentalPrice({ price: 100, rentalTerm: 'DAILY', cancellation: 25 }, { ...period, cancellation: true }),
      ).toBe(125)
    })
    it('is not added when not chosen', () => {
      expect(
        rentalPrice(
          { price: 100, rentalTerm: 'DAILY', cancellation: 25 },
          { ...period, cancellation: false },
        ),
      ).toBe(100)
    })
    it('is nothing when included (0) or unavailable (−1)', () => {
      expect(
        rentalPrice({ price: 100, rentalTerm: 'DAILY', cancellation: 0 }, { ...period, cancellation: true }),
      ).toBe(100)
      expect(
        rentalPrice({ price: 100, rentalTerm: 'DAILY', cancellation: -1 }, { ...period, cancellation: true }),
      ).toBe(100)
    })
  })
})

describe('optionPolicy', () => {
  it('reads −1, 0 and a positive value', () => {
    expect([-1, 0, 15].map(optionPolicy)).toEqual(['unavailable', 'included', 'fee'])
  })
})
