// Saved places (docs/product.md §15; Haven's paths, docs/api.md): the user's list, keeping or letting go of
// one property, and keeping those a visitor saved on the device. Every {userId} must be the signed-in user's
// (selfIn, ./access.ts), checked before anything is read or changed. Thin: the rules live in
// server/services/favourites/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { idSchema } from '../../src/domain/catalog.ts'
import {
  addFavouritesAnswerSchema,
  addFavouritesRequestSchema,
  favouriteAnswerSchema,
  favouriteParamsSchema,
  favouriteRequestSchema,
  favouritesParamsSchema,
  favouritesSchema,
} from '../../src/domain/favourites.ts'
import { addFavourites, listFavourites, setFavourite } from '../services/favourites/favourites.ts'
import { runOnce } from '../services/operations/once.ts'
import { selfIn } from './access.ts'

export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  const self = selfIn('params', 'userId')

  app.get(
    '/favourites/:userId/:language',
    { schema: { params: favouritesParamsSchema, response: { 200: favouritesSchema } }, preHandler: self },
    async (request) => listFavourites(db, request.user.id, request.params.language),
  )

  app.post(
    '/favourite/:userId/:propertyId',
    {
      schema: {
        params: favouriteParamsSchema,
        body: favouriteRequestSchema,
        response: { 200: favouriteAnswerSchema },
      },
      preHandler: self,
    },
    async (request) => {
      const { user } = request
      const { propertyId } = request.params
      const { favourite, operationId } = request.body
      return runOnce(db, user.id, 'favourite', operationId, async (tx) => {
        await setFavourite(tx, user.id, Number(propertyId), favourite)
        return { propertyId, favourite }
      })
    },
  )

  app.post(
    '/add-favourites/:userId',
    {
      schema: {
        params: z.object({ userId: idSchema }),
        body: addFavouritesRequestSchema,
        response: { 200: addFavouritesAnswerSchema },
      },
      preHandler: self,
    },
    async (request) => {
      const { user } = request
      const { propertyIds, operationId } = request.body
      return runOnce(db, user.id, 'add-favourites', operationId, async (tx) => ({
        added: await addFavourites(tx, user.id, propertyIds.map(Number)),
      }))
    },
  )
}
