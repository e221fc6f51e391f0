import { describe, expect, it } from 'vitest'

import { formatMoney, formatNumber, truncate } from './money.ts'

const nbsp = '\u00a0'

describe('formatNumber', () => {
  it('groups thousands with a comma in English and a space in French', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567')
    expect(formatNumber(1234567, 'fr')).toBe(`1${nbsp}234${nbsp}567`)
  })
  it('shows two decimals only when the amount has cents', () => {
    expect(formatNumber(1200, 'en')).toBe('1,200')
    expect(formatNumber(1200.5, 'en')).toBe('1,200.50')
    expect(formatNumber(1200.5, 'fr')).toBe(`1${nbsp}200,50`)
    expect(formatNumber(0.07, 'en')).toBe('0.07')
  })
  it('does not group below a thousand', () => {
    expect(formatNumber(999, 'en')).toBe('999')
  })
  it('rounds to cents, carrying into the whole part', () => {
    expect(formatNumber(999.999, 'en')).toBe('1,000')
  })
})

describe('formatMoney', () => {
  it('puts $ and £ before the amount', () => {
    expect(formatMoney(1500, 'USD', 'en')).toBe('$1,500')
    expect(formatMoney(1500.25, 'GBP', 'en')).toBe('£1,500.25')
    expect(formatMoney(1500, 'AUD', 'en')).toBe('A$1,500')
  })
  it('puts other symbols after the amount', () => {
    expect(formatMoney(1500, 'EUR', 'fr')).toBe(`1${nbsp}500${nbsp}€`)
    expect(formatMoney(1500.5, 'EUR', 'en')).toBe(`1,500.50${nbsp}€`)
  })
  it('keeps the sign in front of the symbol', () => {
    expect(formatMoney(-20, 'USD', 'en')).toBe('-$20')
  })
})

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('Loft', 10)).toBe('Loft')
  })
  it('cuts long text with an ellipsis within the limit', () => {
    const cut = truncate('A bright loft above the harbour', 12)
    expect(cut).toBe('A bright lo…')
    expect(cut.length).toBeLessThanOrEqual(12)
  })
})
