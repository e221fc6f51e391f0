// Per-address request limits: @fastify/rate-limit is registered once for /api (server/app.ts), off by default;
// a route that needs a limit gives its own numbers as `config: { rateLimit: { max, timeWindow } }`, counted per
// address and route. Every `max` is multiplied by RATE_LIMIT_SCALE here, for runs where every client shares one
// address (the e2e tests).
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'

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
export async function registerRateLimits(scope: FastifyInstance, scale: number): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads the route's numbers.
  scope.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit
    if (!limit || typeof limit.max !== 'number') return
    // A copy: the same limit object may serve several routes.
    route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * scale } }
  })
  await scope.register(rateLimit, { global: false })
}
