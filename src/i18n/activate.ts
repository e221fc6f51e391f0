import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '@/domain/constants'
import type { Language } from '@/domain/enums'

import { loadLocale } from './catalogs'

/** Loads the locale's catalogs in use (./catalogs.ts) and switches the page to it. */
export async function activateLocale(locale: Language): Promise<void> {
  await loadLocale(locale)
  document.documentElement.lang = locale
  // The server picks the prerendered home page's language from this on the next visit.
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`
}
