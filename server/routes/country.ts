// GET /api/country-code → `{ countryCode }`: the visitor's country, ISO 3166-1 alpha-2, or null. From a header a
// trusted proxy sets (COUNTRY_HEADER, e.g. `cf-ipcountry`) when configured, else from the region of the
// browser's preferred languages. docs/product.md §3's country-to-language mapping uses it, and is off.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { countryCode } from '../../src/contract/routes.ts'
import { socialRoutes as routes } from '../../src/contract/social.ts'
import { contract } from './contract.ts'

/** Two letters; `XX` (unknown) and `T1` (Tor) are what proxies send when they do not know. */
const COUNTRY = /^[A-Z]{2}$/
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ'])

function countryFromHeader(value: string | string[] | undefined): string | null {
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase()
  return code && COUNTRY.test(code) && !NOT_A_COUNTRY.has(code) ? code : null
}

/** `fr-CA,fr;q=0.9,en-US;q=0.8` → CA: the region of the most preferred tag that has one. */
export function countryFromAcceptLanguage(header: string | undefined): string | null {
  if (!header) return null
  const tags = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of tags) {
    // language[-script]-REGION: the first two-letter subtag after the language.
    const region = tag
      .split('-')
      .slice(1)
      .find((subtag) => /^[A-Za-z]{2}$/.test(subtag))
    if (region) return countryFromHeader(region)
  }
  return null
}

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  const header = app.ctx.config.countryHeader

  app.route({
    ...contract(app, routes, countryCode),
    handler: async (request, reply) => {
      reply.header('vary', header ? `${header}, accept-language` : 'accept-language')
      const fromProxy = header ? countryFromHeader(request.headers[header]) : null
      return { countryCode: fromProxy ?? countryFromAcceptLanguage(request.headers['accept-language']) }
    },
  })
}
