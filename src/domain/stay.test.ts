import { describe, expect, it } from 'vitest'

import { latestStart, stayProblem } from './stay.ts'

const TODAY = '2026-11-25'

describe('stayProblem (docs/product.md §12, Bounds)', () => {
  it('accepts 1 to 365 nights starting from today to two years ahead', () => {
    expect(stayProblem(TODAY, '2026-11-26', TODAY)).toBeNull()
    expect(stayProblem(TODAY, '2027-11-25', TODAY)).toBeNull()
    expect(latestStart(TODAY)).toBe('2028-11-24')
    expect(stayProblem('2028-11-24', '2028-11-25', TODAY)).toBeNull()
  })

  it('names the field and the reason of each edge', () => {
    expect(stayProblem('2026-11-24', '2026-11-30', TODAY)).toEqual({ field: 'from', code: 'start_in_past' })
    expect(stayProblem('2028-11-25', '2028-11-26', TODAY)).toEqual({ field: 'from', code: 'start_too_far' })
    expect(stayProblem('2026-12-01', '2026-12-01', TODAY)).toEqual({ field: 'to', code: 'dates_invalid' })
    expect(stayProblem('2026-12-01', '2026-11-30', TODAY)).toEqual({ field: 'to', code: 'dates_invalid' })
    expect(stayProblem(TODAY, '2027-11-26', TODAY)).toEqual({ field: 'to', code: 'stay_too_long' })
    expect(stayProblem(TODAY, '9999-12-31', TODAY)).toEqual({ field: 'to', code: 'stay_too_long' })
  })
})
