// Per-address request limits: @fastify/rate-limit is registered once for /api (server/app.ts), off by default;
// a route that needs a limit gives its own numbers as `config: { rateLimit: { max, timeWindow } }`, counted per
// address and route. Every `max` is multiplied by RATE_LIMIT_SCALE here, for runs where every client shares one
// address (the e2e tests).
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'

import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { HttpError, RATE_LIMITED_MESSAGE } from '../errors.ts'

export interface Limit {
  max: number
  timeWindow: string
}

/** Per IP and route: enough for a person who mistypes, too few to guess passwords or flood inboxes. */
export const AUTH_RATE_LIMITS = {
  signIn: { max: 10, timeWindow: '1 minute' },
  signUp: { max: 10, timeWindow: '10 minutes' },
  validateEmail: { max: 30, timeWindow: '1 minute' },
  resend: { max: 5, timeWindow: '10 minutes' },
  activate: { max: 20, timeWindow: '10 minutes' },
} as const satisfies Record<string, Limit>

/**
 * Rate limiting for every route registered in `scope` after this call (call it on the scope itself, not
 * inside a plugin of its own, or the routes beside it would not see it).
 */
export async function registerRateLimits(
  scope: FastifyInstance,
  scale: number,
  /** A shared store when servers share PostgreSQL (services/auth/rate-limit-store.ts); memory otherwise. */
  store?: RateLimitPluginOptions['store'],
): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads the route's numbers.
  scope.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit
    if (!limit || typeof limit.max !== 'number') return
    // A copy: the same limit object may serve several routes.
    route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * scale } }
  })
  await scope.register(rateLimit, { global: false, ...(store ? { store } : {}) })
}

/**
 * Per IP: sign-ups and contact messages sent without a reCAPTCHA token because the request says it comes from
 * Safari, where the client skips reCAPTCHA (docs/product.md §7). A user agent is whatever the sender writes,
 * so the claim alone buys this much, far less than the route's own budget; a token does not draw on it.
 */
export const TOKENLESS_SAFARI_LIMIT: Limit = { max: 3, timeWindow: '1 hour' }

/**
 * A budget of its own, per address, for the requests of `name` that go without reCAPTCHA on a Safari claim:
 * the returned check throws 429 once it is spent. `scope` is one where registerRateLimits ran.
 */
export function tokenlessSafariLimit(
  scope: FastifyInstance,
  name: string,
): (request: FastifyRequest) => Promise<void> {
  const limiter = scope.createRateLimit({
    max: TOKENLESS_SAFARI_LIMIT.max * scope.ctx.config.rateLimitScale,
    timeWindow: TOKENLESS_SAFARI_LIMIT.timeWindow,
    keyGenerator: (request) => `tokenless-safari:${name}:${request.ip}`,
  })
  return async (request) => {
    const verdict = await limiter(request)
    if (!verdict.isAllowed && verdict.isExceeded) {
      throw new HttpError(429, API_ERROR_CODES.rateLimited, RATE_LIMITED_MESSAGE)
    }
  }
}
