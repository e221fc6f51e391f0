import { describe, expect, it } from 'vitest'

import { mayRequestCancellation } from './cancellation.ts'
import type { BookingStatus } from './enums.ts'

const TODAY = '2026-11-25'

const booking = (status: BookingStatus, from: string, cancellation = true) => ({ cancellation, status, from })

describe('mayRequestCancellation (docs/product.md §12)', () => {
  it('lets a renter with the option ask before the stay starts', () => {
    expect(mayRequestCancellation(booking('PENDING', '2026-11-26'), TODAY)).toBe(true)
    expect(mayRequestCancellation(booking('PAID', '2026-11-26T00:00:00.000Z'), TODAY)).toBe(true)
  })

  it('refuses without the option, from the first day, once cancelled, and while unpaid online', () => {
    expect(mayRequestCancellation(booking('PENDING', '2026-11-26', false), TODAY)).toBe(false)
    expect(mayRequestCancellation(booking('PENDING', TODAY), TODAY)).toBe(false)
    expect(mayRequestCancellation(booking('CANCELLED', '2026-11-26'), TODAY)).toBe(false)
    expect(mayRequestCancellation(booking('VOID', '2026-11-26'), TODAY)).toBe(false)
  })
})
