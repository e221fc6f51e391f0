// The language a page is answered in before any script runs: the prerendered home page's and a property's
// metadata (server/static.ts, ./routes.ts). The service worker chooses the same way for repeat and offline
// visits (sw/sw.ts).
import type { FastifyRequest } from 'fastify'

import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '../../src/domain/constants.ts'
import { firstSpokenLanguage, isLanguage, type Language } from '../../src/domain/enums.ts'

/** The first language of `Accept-Language` that Haven speaks, by the client's order of preference. */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag, q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter(({ q }) => Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return firstSpokenLanguage(ranked.map(({ tag }) => tag))
}

/**
 * The prerendered home page's language: `?l=`, then the language this device last used, then the browser's.
 * The service worker chooses the same way for repeat and offline visits (sw/sw.ts).
 */
export function homeLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.l
  if (isLanguage(query)) return query
  const cookie = request.cookies?.[LANGUAGE_COOKIE]
  if (isLanguage(cookie)) return cookie
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE
}
