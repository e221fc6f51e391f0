// Catalog calls (docs/product.md §13 leaves them open; designed in the style of the calls it fixes). Public:
// visitors browse. The paths and schemas are the contract's (src/contract/catalog.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { catalogRoutes as routes, type PropertyPage } from '../../src/contract/catalog.ts'
import {
  allAgencies,
  countriesWithLocations,
  getProperty,
  propertyAvailability,
  searchProperties,
} from '../../src/contract/routes.ts'
import { todayUtc } from '../../src/domain/input-rules.ts'
import { notFound } from '../errors.ts'
import { heldStays } from '../services/bookings/holding.ts'
import { createFirstPageCache, isSharedFirstPage } from '../services/catalog/first-pages.ts'
import {
  allAgencies as listAgencies,
  countriesWithLocations as listCountries,
  findProperty,
  searchProperties as search,
} from '../services/catalog/queries.ts'
import { contract } from './contract.ts'

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  const firstPages = createFirstPageCache<PropertyPage>(app.ctx.clock, {
    ttlMs: app.ctx.config.searchCacheMs,
  })
  app.ctx.catalog.keep(firstPages)

  app.route({ ...contract(app, routes, allAgencies), handler: () => listAgencies(db) })

  app.route({
    ...contract(app, routes, countriesWithLocations),
    handler: (request) => listCountries(db, request.params.language),
  })

  app.route({
    ...contract(app, routes, searchProperties),
    handler: (request) => {
      const asked = request.body
      return isSharedFirstPage(asked)
        ? firstPages.get(JSON.stringify(asked), () => search(db, asked))
        : search(db, asked)
    },
  })

  app.route({
    ...contract(app, routes, getProperty),
    handler: async (request) => {
      const property = await findProperty(db, Number(request.params.id), request.params.language)
      if (!property) throw notFound('This property does not exist or is no longer offered.')
      return property
    },
  })

  app.route({
    ...contract(app, routes, propertyAvailability),
    handler: async (request, reply) => {
      const held = await heldStays(db, Number(request.params.id), todayUtc(app.ctx.clock.now()))
      if (!held) throw notFound('This property does not exist or is no longer offered.')
      // Nights change hands at any moment: a browser may keep this for a few seconds, no more.
      void reply.header('cache-control', 'public, max-age=5')
      return { held }
    },
  })
}
