// Per-address request limits (@fastify/rate-limit, registered with `global: false` by each route plugin):
// a route's own numbers, scaled by RATE_LIMIT_SCALE for runs where every client shares one address.
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
