import { DEFAULT_LANGUAGE, STORAGE_KEYS } from '@/domain/constants'
import { isLanguage, type Language } from '@/domain/enums'

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

/** The signed-in user is kept in localStorage `user` (docs/product.md §7); only its language matters here. */
export function readStoredUserLanguage(): string | null {
  const raw = safeStorage()?.getItem(STORAGE_KEYS.user)
  if (!raw) return null
  try {
    const user: unknown = JSON.parse(raw)
    if (user && typeof user === 'object' && 'language' in user && typeof user.language === 'string') {
      return user.language
    }
  } catch {
    // A corrupt entry is ignored rather than breaking start-up.
  }
  return null
}

/** The locale to start with, from the page URL and storage; remembers a valid `?l=`. */
export function resolveInitialLocale(search: string): Language {
  const query = new URLSearchParams(search).get('l')
  const locale = resolveLocale({ query, user: readStoredUserLanguage(), stored: readStoredLanguage() })
  if (isLanguage(query)) storeLanguage(query)
  return locale
}
