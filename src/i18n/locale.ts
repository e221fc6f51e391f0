import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '@/domain/constants'
import { isLanguage, type Language } from '@/domain/enums'
import { pageLanguage } from '@/domain/page-language'

export interface LocaleSources {
  /** The `?l=` query parameter (docs/product.md §3): forces the language. */
  query?: string | null
  /** The signed-in user's language. */
  user?: string | null
  /** The language chosen on this device (src/lib/chosen-language.ts). */
  stored?: string | null
  fallback?: Language
}

/** `?l=` beats the signed-in user's language beats the stored choice beats the default; invalid values are skipped. */
export function resolveLocale({ query, user, stored, fallback = DEFAULT_LANGUAGE }: LocaleSources): Language {
  for (const candidate of [query, user, stored]) {
    if (isLanguage(candidate)) return candidate
  }
  return fallback
}

/**
 * The language the server would have answered this page in (src/domain/page-language.ts; `?l=` is left to
 * resolveInitialLocale in src/lib/chosen-language.ts, which puts it first anyway): the language this device last used (the cookie
 * ./activate.ts writes), then the browser's. For the app's shell, which the service worker answers every
 * screen but home with, online or not, and which carries no language of its own.
 */
export function guessedLanguage(): Language {
  return pageLanguage({
    remembered: document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
      ?.slice(LANGUAGE_COOKIE.length + 1),
    spoken: navigator.languages,
  })
}
