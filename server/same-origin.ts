// Cross-site request refusal for every call that changes something (POST, PUT, PATCH, DELETE), on any path.
// The session cookie is SameSite=Strict already; this is the second lock, for browsers or set-ups where that
// one does not hold (an older browser, a sibling subdomain). A browser says where a request comes from: Origin
// on every such request, Sec-Fetch-Site on recent ones. Another site is refused with 403 before anything is
// read or done. A request with neither header is no browser's (curl, tests, server-to-server) and goes on:
// the cookie it would need is not one a web page can make it send.
// The path is not looked at: the router decodes and resolves a URL (`/%61pi/…`, `/./api/…` reach /api/), so a
// guard that read the raw URL could be stepped around by spelling it otherwise, and no route that changes
// something lives outside /api/ anyway.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'

import { API_ERROR_CODES } from '../src/domain/errors.ts'
import { HttpError } from './errors.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not accepted.'

/** The URL's origin, normalised (case, default port); undefined when it is not one. */
function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/** The origin the request was made to: the same site, whichever name it was reached by (localhost, a proxy). */
const ownOrigin = (request: FastifyRequest) => originOf(`${request.protocol}://${request.host}`)

function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true
  const header = request.headers.origin
  if (header === undefined) return false
  const origin = originOf(header)
  return origin === undefined || (origin !== publicOrigin && origin !== ownOrigin(request))
}

const sameOriginPlugin: FastifyPluginAsync = async (app) => {
  const publicOrigin = originOf(app.ctx.config.publicUrl)
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return
    if (isCrossSite(request, publicOrigin)) {
      throw new HttpError(403, API_ERROR_CODES.forbidden, CROSS_SITE_MESSAGE)
    }
  })
}

// Registered once at the root, its hook guards every route, not only those inside the plugin.
Object.assign(sameOriginPlugin, { [Symbol.for('skip-override')]: true })

export { sameOriginPlugin }
