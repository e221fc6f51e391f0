// The language a page is answered in before any script runs: the prerendered home page's and a property's
// metadata (server/static.ts, ./routes.ts). The service worker chooses the same way for repeat and offline
// visits (sw/sw.ts).
import type { FastifyRequest } from 'fastify'

import { LANGUAGE_COOKIE } from '../../src/domain/constants.ts'
import type { Language } from '../../src/domain/enums.ts'
import { pageLanguage } from '../../src/domain/page-language.ts'

/** The language tags of `Accept-Language`, the client's most preferred first (those of weight 0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag, q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter(({ q }) => Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag)
}

/** The prerendered home page's language, and a rendered screen's, by the rule every page follows. */
export function homeLanguage(request: FastifyRequest): Language {
  return pageLanguage({
    asked: (request.query as Record<string, unknown> | undefined)?.l,
    remembered: request.cookies?.[LANGUAGE_COOKIE],
    spoken: acceptedLanguages(request.headers['accept-language']),
  })
}
