import { describe, expect, it } from 'vitest'

import { resolveLocale } from './locale'

describe('resolveLocale', () => {
  it('lets ?l= beat the user, the stored choice and the default', () => {
    expect(resolveLocale({ query: 'fr', user: 'en', stored: 'en' })).toBe('fr')
  })

  it('lets the signed-in user beat the stored choice', () => {
    expect(resolveLocale({ query: null, user: 'fr', stored: 'en' })).toBe('fr')
  })

  it('lets the stored choice beat the default', () => {
    expect(resolveLocale({ stored: 'fr' })).toBe('fr')
  })

  it('falls back to English', () => {
    expect(resolveLocale({})).toBe('en')
  })

  it('skips invalid values at every level', () => {
    expect(resolveLocale({ query: 'de', user: 'FR', stored: 'fr' })).toBe('fr')
    expect(resolveLocale({ query: '', user: 'xx', stored: 'es' })).toBe('en')
  })
})
