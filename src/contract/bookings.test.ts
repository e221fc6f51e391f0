// The stay's own rules on every request that carries one, as the server checks them.
import { describe, expect, it } from 'vitest'

import { bookingPriceRequestSchema, checkoutRequestSchema } from './bookings.ts'

describe('a stay in a request', () => {
  it('refuses a stay that does not end after it starts', () => {
    const result = checkoutRequestSchema.safeParse({
      operationId: 'op-12345678',
      propertyId: '4',
      from: '2026-06-03',
      to: '2026-06-03',
      price: 10,
      payment: 'payLater',
    })
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['to'])
  })

  it('refuses days that are not calendar days as the format error, without throwing', () => {
    for (const [from, to] of [
      ['zzzz', '2026-01-01'],
      ['2026-01-01', 'fzq7marker'],
      ['2027-13-01', '2027-01-01'],
    ]) {
      const parsed = bookingPriceRequestSchema.safeParse({ propertyId: '1', from, to })
      expect(parsed.success, `${from} ${to}`).toBe(false)
    }
  })
})
