import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { mapRoutes as routes } from '../../src/contract/map.ts'
import { mapConfig } from '../../src/contract/routes.ts'
import { basemapStyle, type EncodedBody, loadBasemap, loadCityDetailBody } from '../services/map/basemap.ts'
import { contract } from './contract.ts'

/** Versioned URLs (`?v=`) change with their content, so a browser may keep them a long time. */
const LONG_CACHE = 'public, max-age=2592000'
/** What may change with a new release or MAP_STYLE_URL: asked again hourly. */
const SHORT_CACHE = 'public, max-age=3600'

type Encoding = 'br' | 'gzip' | 'identity'

function pickEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]?.toLowerCase())
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip')) return 'gzip'
  return 'identity'
}

/** Each encoding has its own validator (RFC 9110 §8.8.3). */
function etagOf(body: EncodedBody, encoding: Encoding): string {
  return encoding === 'identity' ? body.etag : body.etag.replace(/"$/, `-${encoding}"`)
}

/** If-None-Match names one of the validators this resource has had in any encoding. */
function matches(request: FastifyRequest, etags: string[]): boolean {
  const header = request.headers['if-none-match']
  if (!header) return false
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
  return tags.includes('*') || etags.some((etag) => tags.includes(etag))
}

function isVersioned(request: FastifyRequest): boolean {
  return typeof (request.query as Record<string, unknown> | undefined)?.v === 'string'
}

function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, contentType: string) {
  const encoding = pickEncoding(request)
  reply
    .header('cache-control', isVersioned(request) ? `${LONG_CACHE}, immutable` : LONG_CACHE)
    .header('vary', 'accept-encoding')
    .header('etag', etagOf(body, encoding))
  const all = (['identity', 'gzip', 'br'] as const).map((e) => etagOf(body, e))
  if (matches(request, all)) return reply.status(304).send()
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.type(contentType).send(encoding === 'identity' ? body.identity : body[encoding])
}

/**
 * Haven's own basemap, outside /api/ so the service worker keeps it cache-first:
 *   GET /map/style.json         the MapLibre style; a 302 to MAP_STYLE_URL when a tile provider is set
 *   GET /map/countries.geojson  the countries the style draws, compressed, with an ETag
 *   GET /map/city-detail.geojson  the coasts, blocks and parks around the demo world's cities, alike
 *   GET /api/map-config         `{ styleUrl, selfHosted }`: the style the client should draw
 * Registered at the root: it serves paths under both /map/ and /api/.
 */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { styleUrl } = app.ctx.config.map
  // A real server builds the basemap as it starts listening, so the first visitor does not wait for it.
  app.addHook('onListen', async () => {
    if (styleUrl) return
    loadBasemap()
      .then(() => loadCityDetailBody())
      .catch((error: unknown) => app.log.error({ err: error }, 'basemap'))
  })

  app.route({
    ...contract(app, routes, mapConfig),
    handler: async (_request, reply) => {
      reply.header('cache-control', SHORT_CACHE)
      if (styleUrl) return { styleUrl, selfHosted: false }
      const { version } = await loadBasemap()
      return { styleUrl: `/map/style.json?v=${version}`, selfHosted: true }
    },
  })

  app.get('/map/style.json', async (request, reply) => {
    if (styleUrl) return reply.header('cache-control', 'no-cache').redirect(styleUrl, 302)
    const { version } = await loadBasemap()
    const etag = `"${version}"`
    reply.header('cache-control', isVersioned(request) ? `${LONG_CACHE}, immutable` : SHORT_CACHE)
    reply.header('etag', etag)
    if (matches(request, [etag])) return reply.status(304).send()
    return reply
      .type('application/json')
      .send(basemapStyle(`/map/countries.geojson?v=${version}`, `/map/city-detail.geojson?v=${version}`))
  })

  app.get('/map/countries.geojson', async (request, reply) => {
    const { countries } = await loadBasemap()
    return sendEncoded(request, reply, countries, 'application/geo+json')
  })

  app.get('/map/city-detail.geojson', async (request, reply) => {
    return sendEncoded(request, reply, await loadCityDetailBody(), 'application/geo+json')
  })
}
