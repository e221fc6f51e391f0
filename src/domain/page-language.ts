// The language a page opens in before its visitor has chosen one on it. The server (the home page and a
// rendered screen: server/pages/language.ts), the service worker (home from its cache: sw/sw.ts) and the
// app's shell (src/i18n/locale.ts) choose alike, so that a visit paints in the language it then goes on in.
import { DEFAULT_LANGUAGE } from './constants.ts'
import { firstSpokenLanguage, isLanguage, type Language } from './enums.ts'

export interface LanguageHints {
  /** `?l=` in the page's address: asked for, it beats everything. */
  asked?: unknown
  /** The language this device last used (the `language` cookie the app writes). */
  remembered?: unknown
  /** The browser's languages, the most preferred first. */
  spoken: readonly string[]
}

/** `?l=`, then the language this device last used, then the first of the browser's Haven speaks, then en. */
export function pageLanguage({ asked, remembered, spoken }: LanguageHints): Language {
  if (isLanguage(asked)) return asked
  if (isLanguage(remembered)) return remembered
  return firstSpokenLanguage(spoken) ?? DEFAULT_LANGUAGE
}
