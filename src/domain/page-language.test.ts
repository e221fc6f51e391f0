import { describe, expect, it } from 'vitest'

import { pageLanguage } from './page-language.ts'

describe('pageLanguage', () => {
  it.each([
    [{ asked: 'fr', remembered: 'en', spoken: ['en-GB'] }, 'fr'],
    [{ asked: 'de', remembered: 'fr', spoken: ['en-GB'] }, 'fr'],
    [{ asked: null, remembered: 'en', spoken: ['fr-CA', 'fr'] }, 'en'],
    [{ remembered: 'es', spoken: ['de-DE', 'fr-CA', 'en'] }, 'fr'],
    [{ spoken: ['de', 'es'] }, 'en'],
    [{ spoken: [] }, 'en'],
  ])('%o → %s', (hints, language) => {
    expect(pageLanguage(hints)).toBe(language)
  })
})
