import { describe, expect, it } from 'vitest'

import { guestSchema } from './guest.ts'

describe('a guest checkout', () => {
  it('needs every guest field, the terms accepted and 21 years, as field codes', () => {
    const result = guestSchema.safeParse({
      fullName: '',
      email: 'not-an-address',
      phone: '',
      birthDate: '2020-01-01',
      acceptTerms: false,
    })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(messages).toEqual({
      fullName: 'required',
      email: 'invalid_email',
      phone: 'required',
      birthDate: 'too_young',
      acceptTerms: 'accept_terms',
    })
  })
})
