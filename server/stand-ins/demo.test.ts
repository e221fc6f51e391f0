import { describe, expect, it } from 'vitest'

import { paymentStandInsWanted } from './demo.ts'

describe('whether the development entry starts the payment stand-ins', () => {
  it('starts them when PAYMENT_STAND_INS is on, and not otherwise', () => {
    expect(paymentStandInsWanted({ PAYMENT_STAND_INS: 'true' })).toBe(true)
    expect(paymentStandInsWanted({ PAYMENT_STAND_INS: 'false' })).toBe(false)
    expect(paymentStandInsWanted({})).toBe(false)
  })

  it('refuses them in production, beside real keys, and for a value that is no flag', () => {
    expect(() => paymentStandInsWanted({ PAYMENT_STAND_INS: 'true', NODE_ENV: 'production' })).toThrow(
      /PAYMENT_STAND_INS: cannot be on in production/,
    )
    expect(() =>
      paymentStandInsWanted({ PAYMENT_STAND_INS: 'true', STRIPE_SECRET_KEY: 'sk_live_x' }),
    ).toThrow(/cannot be on when real Stripe or PayPal keys are set/)
    expect(() => paymentStandInsWanted({ PAYMENT_STAND_INS: 'maybe' })).toThrow(/PAYMENT_STAND_INS/)
  })
})
