// The language chosen on this device, and the one a page load starts in.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { readChosenLanguage, resolveInitialLocale } from './chosen-language'

describe('resolveInitialLocale', () => {
  beforeEach(() => window.localStorage.clear())

  it('reads ?l= from the page URL and remembers it in localStorage `language`', () => {
    expect(resolveInitialLocale('?l=fr&foo=1')).toBe('fr')
    expect(readChosenLanguage()).toBe('fr')
    // Later visits without the parameter keep French.
    expect(resolveInitialLocale('')).toBe('fr')
  })

  it('forgets a stored language it does not speak', () => {
    window.localStorage.setItem('language', 'de')
    expect(readChosenLanguage()).toBeNull()
    expect(window.localStorage.getItem('language')).toBeNull()
  })

  it('does not remember an invalid ?l=', () => {
    window.localStorage.setItem('language', 'fr')
    expect(resolveInitialLocale('?l=de')).toBe('fr')
    expect(readChosenLanguage()).toBe('fr')
  })

  it("prefers the signed-in user's language over the stored choice", () => {
    window.localStorage.setItem('language', 'en')
    expect(resolveInitialLocale('', 'fr')).toBe('fr')
  })
  it('goes on in the language of the prerendered page the server sent, when nothing else was chosen', () => {
    expect(resolveInitialLocale('', null, 'fr')).toBe('fr')
    expect(resolveInitialLocale('', null, null)).toBe('en')
    expect(resolveInitialLocale('', 'en', 'fr')).toBe('en')
    window.localStorage.setItem('language', 'en')
    expect(resolveInitialLocale('', null, 'fr')).toBe('en')
  })

  describe("on the app's shell, which has no language of its own", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get')
    afterEach(() => {
      document.cookie = 'language=; max-age=0'
      languages.mockReset()
    })
    afterAll(() => languages.mockRestore())

    it('goes on in the language this device last used, as the server would', () => {
      languages.mockReturnValue(['en-US'])
      document.cookie = 'language=fr'
      expect(resolveInitialLocale('')).toBe('fr')
    })

    it("takes the browser's first language Haven speaks when the device used none", () => {
      languages.mockReturnValue(['de-DE', 'fr-CA', 'en'])
      expect(resolveInitialLocale('')).toBe('fr')
      languages.mockReturnValue(['de-DE'])
      expect(resolveInitialLocale('')).toBe('en')
    })

    it('lets a choice made on this device, the user and ?l= beat that guess', () => {
      languages.mockReturnValue(['fr-FR'])
      document.cookie = 'language=fr'
      expect(resolveInitialLocale('?l=en')).toBe('en')
      window.localStorage.clear()
      expect(resolveInitialLocale('', 'en')).toBe('en')
      window.localStorage.setItem('language', 'en')
      expect(resolveInitialLocale('')).toBe('en')
    })
  })
})
