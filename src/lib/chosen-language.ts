// The interface language the visitor chose on this device (`?l=` or the header's switch, docs/product.md §3),
// kept in localStorage `language` (./device-store.ts), and the language a page load starts in. Here rather than
// in src/i18n, which sits below the device store and keeps no state of the device's but the `language` cookie.
import { isLanguage, type Language } from '@/domain/enums'
import { activateLocale } from '@/i18n/activate'
import { guessedLanguage, resolveLocale } from '@/i18n/locale'

import { DEVICE_ENTRIES, readDevice, writeDevice } from './device-store'

/** The language chosen on this device, or null when none was. */
export function readChosenLanguage(): Language | null {
  return readDevice(DEVICE_ENTRIES.language)
}

/** The user's explicit choice: remembered, then applied (catalog and <html lang>). */
export async function switchLanguage(language: Language): Promise<void> {
  writeDevice(DEVICE_ENTRIES.language, language)
  await activateLocale(language)
}

/**
 * The locale to start with, from the page URL, the signed-in user's language (the session store's, passed in)
 * and the choice made on this device, then the language of the page the server sent (the prerendered home page
 * or a rendered screen, in the language it guessed for this visitor: the app continues in it rather than
 * repaint it), or, on the app's shell, the same guess made here; remembers a valid `?l=`.
 */
export function resolveInitialLocale(
  search: string,
  userLanguage: string | null = null,
  servedLanguage: string | null = null,
): Language {
  const query = new URLSearchParams(search).get('l')
  const locale = resolveLocale({
    query,
    user: userLanguage,
    stored: readChosenLanguage(),
    fallback: isLanguage(servedLanguage) ? servedLanguage : guessedLanguage(),
  })
  if (isLanguage(query)) writeDevice(DEVICE_ENTRIES.language, query)
  return locale
}
