// Per-address request limits (@fastify/rate-limit, registered with `global: false` by each route plugin): every
// route gives its own numbers through scaledLimit, scaled by RATE_LIMIT_SCALE for runs where every client
// shares one address (the e2e tests).
import type { Config } from '../../config.ts'

export interface Limit {
  max: number
  timeWindow: string
}

/** The `config.rateLimit` of a route: `limit.max` requests per `limit.timeWindow` from one address. */
export const scaledLimit = (config: Pick<Config, 'rateLimitScale'>, limit: Limit): Limit => ({
  max: limit.max * config.rateLimitScale,
  timeWindow: limit.timeWindow,
})

/** Per IP and route: enough for a person who mistypes, too few to guess passwords or flood inboxes. */
export const AUTH_RATE_LIMITS = {
  signIn: { max: 10, timeWindow: '1 minute' },
  signUp: { max: 10, timeWindow: '10 minutes' },
  validateEmail: { max: 30, timeWindow: '1 minute' },
  resend: { max: 5, timeWindow: '10 minutes' },
  activate: { max: 20, timeWindow: '10 minutes' },
} as const
