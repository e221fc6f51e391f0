// Catalog calls (docs/product.md §13 leaves them open; designed in the style of the calls it fixes). Public:
// visitors browse.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import {
  agencySchema,
  availabilitySchema,
  countryWithLocationsSchema,
  idSchema,
  languageSchema,
  type PropertyPage,
  propertyPageSchema,
  propertySchema,
  propertySearchSchema,
} from '../../src/domain/catalog.ts'
import { todayUtc } from '../../src/domain/input-rules.ts'
import { notFound } from '../errors.ts'
import { heldStays } from '../services/bookings/holding.ts'
import { createFirstPageCache, isSharedFirstPage, keepsCatalog } from '../services/catalog/first-pages.ts'
import {
  allAgencies,
  countriesWithLocations,
  findProperty,
  searchProperties,
} from '../services/catalog/queries.ts'

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  const firstPages = keepsCatalog(
    app.ctx,
    createFirstPageCache<PropertyPage>(app.ctx.clock, { ttlMs: app.ctx.config.searchCacheMs }),
  )

  app.get('/all-agencies', { schema: { response: { 200: z.array(agencySchema) } } }, () => allAgencies(db))

  app.get(
    '/countries-with-locations/:language',
    {
      schema: {
        params: z.object({ language: languageSchema }),
        response: { 200: z.array(countryWithLocationsSchema) },
      },
    },
    (request) => countriesWithLocations(db, request.params.language),
  )

  app.post(
    '/properties/search',
    { schema: { body: propertySearchSchema, response: { 200: propertyPageSchema } } },
    (request) => {
      const search = request.body
      return isSharedFirstPage(search)
        ? firstPages.get(JSON.stringify(search), () => searchProperties(db, search))
        : searchProperties(db, search)
    },
  )

  app.get(
    '/property/:id/:language',
    {
      schema: {
        params: z.object({ id: idSchema, language: languageSchema }),
        response: { 200: propertySchema },
      },
    },
    async (request) => {
      const property = await findProperty(db, Number(request.params.id), request.params.language)
      if (!property) throw notFound('This property does not exist or is no longer offered.')
      return property
    },
  )

  app.get(
    '/property-availability/:id',
    { schema: { params: z.object({ id: idSchema }), response: { 200: availabilitySchema } } },
    async (request, reply) => {
      const held = await heldStays(db, Number(request.params.id), todayUtc(app.ctx.clock.now()))
      if (!held) throw notFound('This property does not exist or is no longer offered.')
      // Nights change hands at any moment: a browser may keep this for a few seconds, no more.
      void reply.header('cache-control', 'public, max-age=5')
      return { held }
    },
  )
}
