import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { ratesRoutes as routes } from '../../src/contract/rates.ts'
import { exchangeRates } from '../../src/contract/routes.ts'
import { ratesServiceFromConfig } from '../services/rates/service.ts'
import { postgresRatesCache } from '../services/rates/shared-cache.ts'
import { contract } from './contract.ts'

/** Browsers and proxies may reuse an answer this long; the service caches provider answers far longer. */
const BROWSER_CACHE_SECONDS = 300

/**
 * GET /api/rates: `{ base: 'USD', rates: { USD: 1, EUR, GBP, AUD }, date, source }`, the units of each
 * currency of docs/product.md §11 for one US dollar, from the first provider that answers or the built-in
 * table. Public.
 */
export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.ctx
  const service = ratesServiceFromConfig(config.rates, {
    log: app.log,
    // Servers on one PostgreSQL quote one answer between them.
    shared: database.kind === 'postgres' ? postgresRatesCache(database.db) : undefined,
  })
  app.addHook('onClose', async () => service.close())

  app.route({
    ...contract(app, routes, exchangeRates),
    handler: async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${BROWSER_CACHE_SECONDS}`)
      return service.getRates()
    },
  })
}
