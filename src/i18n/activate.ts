import { i18n } from '@lingui/core'

import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '@/domain/constants'
import type { Language } from '@/domain/enums'

/** Loads the locale's catalog (its own chunk, compiled from .po by the Lingui Vite plugin) and switches to it. */
export async function activateLocale(locale: Language): Promise<void> {
  if (i18n.locale === locale) return
  // A relative path: Vite only splits dynamic imports with variables when they start with ./ or ../.
  const { messages } = await import(`../locales/${locale}/messages.po`)
  i18n.load(locale, messages)
  i18n.activate(locale)
  document.documentElement.lang = locale
  // The server picks the prerendered home page's language from this on the next visit.
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`
}
