import { describe, expect, it } from 'vitest'

import { EXCLUDED_CODES, ISO_4217_CODES } from './currency-codes.ts'
import { CURRENCIES } from './enums.ts'

describe('ISO 4217 codes', () => {
  it('are about 150 distinct, sorted, three-letter codes', () => {
    expect(ISO_4217_CODES.length).toBeGreaterThanOrEqual(150)
    expect(new Set(ISO_4217_CODES).size).toBe(ISO_4217_CODES.length)
    expect([...ISO_4217_CODES].sort()).toEqual([...ISO_4217_CODES])
    for (const code of ISO_4217_CODES) expect(code).toMatch(/^[A-Z]{3}$/)
  })

  it("hold the app's currencies", () => {
    for (const code of CURRENCIES) expect(ISO_4217_CODES).toContain(code)
  })

  it("are the running Node.js's Intl list minus the excluded codes (regenerate when this fails)", () => {
    const excluded = new Set(Object.keys(EXCLUDED_CODES))
    const fromIntl = Intl.supportedValuesOf('currency').filter((code) => !excluded.has(code))
    expect([...ISO_4217_CODES]).toEqual(fromIntl)
  })
})
