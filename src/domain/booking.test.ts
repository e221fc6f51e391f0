import { describe, expect, it } from 'vitest'

import {
  minimumAgeMessage,
  oldEnough,
  priceBreakdown,
  type PropertyOptions,
  resolveOptions,
} from './booking.ts'

const property = (overrides: Partial<PropertyOptions> = {}): PropertyOptions => ({
  price: 700,
  rentalTerm: 'DAILY',
  cancellation: -1,
  amendments: -1,
  ...overrides,
})
const none = { cancellation: false, amendments: false }

describe('priceBreakdown: the rental price by term', () => {
  it('daily: price × days, across a month end', () => {
    const b = priceBreakdown(property({ price: 80 }), { from: '2026-01-30', to: '2026-02-02' }, none)
    expect(b).toEqual({ days: 3, rental: 240, cancellationFee: 0, amendmentsFee: 0, total: 240 })
  })

  it('weekly: price × days ÷ 7, across a year end', () => {
    const b = priceBreakdown(
      property({ price: 700, rentalTerm: 'WEEKLY' }),
      { from: '2026-12-28', to: '2027-01-07' },
      none,
    )
    expect(b.days).toBe(10)
    expect(b.total).toBe(1000)
  })

  it('monthly: divided by the days of the month the stay starts in, whatever month it ends in', () => {
    const monthly = property({ price: 3000, rentalTerm: 'MONTHLY' })
    // 10 days from 25 January (31 days) and from 25 April (30 days).
    expect(priceBreakdown(monthly, { from: '2026-01-25', to: '2026-02-04' }, none).total).toBe(967.74)
    expect(priceBreakdown(monthly, { from: '2026-04-25', to: '2026-05-05' }, none).total).toBe(1000)
    // February: 28 days in 2026, 29 in the leap year 2028.
    expect(priceBreakdown(monthly, { from: '2026-02-20', to: '2026-03-02' }, none).total).toBe(1071.43)
    expect(priceBreakdown(monthly, { from: '2028-02-20', to: '2028-03-01' }, none).total).toBe(1034.48)
  })

  it('yearly: divided by 365, or 366 when the stay starts in a leap year', () => {
    const yearly = property({ price: 36_600, rentalTerm: 'YEARLY' })
    expect(priceBreakdown(yearly, { from: '2028-02-28', to: '2028-03-01' }, none)).toMatchObject({
      days: 2,
      total: 200,
    })
    expect(priceBreakdown(yearly, { from: '2027-02-28', to: '2027-03-02' }, none).total).toBe(200.55)
  })
})

describe('options: −1 not offered, 0 included and taken, positive a fee', () => {
  it('adds a chosen fee, and only a chosen one', () => {
    const p = property({ price: 100, cancellation: 45, amendments: 12.5 })
    const stay = { from: '2026-06-01', to: '2026-06-03' }
    expect(priceBreakdown(p, stay, { cancellation: true, amendments: true })).toEqual({
      days: 2,
      rental: 200,
      cancellationFee: 45,
      amendmentsFee: 12.5,
      total: 257.5,
    })
    expect(priceBreakdown(p, stay, { cancellation: false, amendments: true }).total).toBe(212.5)
    expect(priceBreakdown(p, stay, none).total).toBe(200)
  })

  it('takes an included option whatever was asked, and costs nothing for it', () => {
    const p = property({ cancellation: 0, amendments: 0 })
    const { options, refused } = resolveOptions(p, none)
    expect(options).toEqual({ cancellation: true, amendments: true })
    expect(refused).toEqual([])
    expect(priceBreakdown(p, { from: '2026-06-01', to: '2026-06-02' }, options).total).toBe(700)
  })

  it('refuses an option that is not offered, and never gives it', () => {
    const p = property({ cancellation: -1, amendments: 30 })
    expect(resolveOptions(p, { cancellation: true, amendments: false })).toEqual({
      options: none,
      refused: ['cancellation'],
    })
    expect(resolveOptions(p, { cancellation: false, amendments: true })).toEqual({
      options: { cancellation: false, amendments: true },
      refused: [],
    })
  })
})

describe('checkout rules', () => {
  it('asks 21 years, or the property’s higher minimum age', () => {
    const today = new Date('2026-06-15T12:00:00Z')
    expect(oldEnough('2005-06-15', 21, today)).toBe(true)
    expect(oldEnough('2005-06-16', 21, today)).toBe(false)
    expect(oldEnough('2005-06-15', 25, today)).toBe(false)
    expect(oldEnough('2005-06-15', 18, today)).toBe(true)
    expect(minimumAgeMessage(21)).toBe('You must be at least 21 years old.')
    expect(minimumAgeMessage(25)).toBe('You must be at least 25 years old.')
  })
})
