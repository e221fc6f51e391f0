import { describe, expect, it } from 'vitest'

import { isAtLeast } from '../domain/input-rules.ts'
import { phoneSchema, signUpSchema } from './accounts.ts'

describe('account rules', () => {
  it('counts age in whole years, birthday included', () => {
    const today = new Date('2026-11-23T12:00:00Z')
    expect(isAtLeast('2005-11-23', 21, today)).toBe(true)
    expect(isAtLeast('2005-11-24', 21, today)).toBe(false)
    expect(isAtLeast('2004-02-29', 21, new Date('2025-02-28T00:00:00Z'))).toBe(false)
    expect(isAtLeast('2004-02-29', 21, new Date('2025-03-01T00:00:00Z'))).toBe(true)
  })

  it('accepts usual phone numbers and nothing else', () => {
    for (const phone of ['+33 6 12 34 56 78', '(555) 010-0199', '0612345678']) {
      expect(phoneSchema.safeParse(phone).success, phone).toBe(true)
    }
    for (const phone of ['12ab', '12345', '+1 2', '1'.repeat(16)]) {
      expect(phoneSchema.safeParse(phone).success, phone).toBe(false)
    }
  })

  it('lower-cases the address and requires the terms', () => {
    const body = {
      email: ' Jo@Example.TEST ',
      password: 'secret',
      fullName: 'Jo',
      birthDate: '1990-01-01',
      language: 'en',
      acceptTerms: true,
    }
    expect(signUpSchema.parse(body).email).toBe('jo@example.test')
    const refused = signUpSchema.safeParse({ ...body, acceptTerms: false })
    expect(refused.error?.issues[0]?.message).toBe('accept_terms')
  })
})
