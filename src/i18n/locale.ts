import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, STORAGE_KEYS } from '@/domain/constants'
import { isLanguage, type Language } from '@/domain/enums'
import { pageLanguage } from '@/domain/page-language'

export interface LocaleSources {
  /** The `?l=` query parameter (docs/product.md §3): forces the language. */
  query?: string | null
  /** The signed-in user's language. */
  user?: string | null
  /** localStorage `language`. */
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

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    // Storage can be disabled (privacy modes, sandboxed iframes): the app still works, it just forgets.
    return undefined
  }
}

export function readStoredLanguage(): string | null {
  return safeStorage()?.getItem(STORAGE_KEYS.language) ?? null
}

export function storeLanguage(language: Language): void {
  safeStorage()?.setItem(STORAGE_KEYS.language, language)
}

/**
 * The language the visitor chose on this device (`?l=` or the header's switch, remembered in localStorage
 * `language`), or null when they never chose one.
 */
export function readChosenLanguage(): Language | null {
  const stored = readStoredLanguage()
  return isLanguage(stored) ? stored : null
}

/**
 * The language the server would have answered this page in (src/domain/page-language.ts; `?l=` is left to
 * resolveInitialLocale, which puts it first anyway): the language this device last used (the cookie
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

/**
 * The locale to start with, from the page URL, the signed-in user's language (the session store's, passed in)
 * and storage, then the language of the page the server sent (the prerendered home page or a rendered screen,
 * in the language it guessed for this visitor: the app continues in it rather than repaint it), or, on the
 * app's shell, the same guess made here; remembers a valid `?l=`.
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
    stored: readStoredLanguage(),
    fallback: isLanguage(servedLanguage) ? servedLanguage : guessedLanguage(),
  })
  if (isLanguage(query)) storeLanguage(query)
  return locale
}
