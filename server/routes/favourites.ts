// Saved places (docs/product.md §15; Haven's paths, docs/api.md): the user's list, keeping or letting go of
// one property, and keeping those a visitor saved on the device. Every {userId} must be the signed-in user's
// (selfIn, ./access.ts), checked before anything is read or changed. Thin: the rules live in
// server/services/favourites/; the paths and schemas are the contract's (src/contract/favourites.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { favouriteRoutes as routes } from '../../src/contract/favourites.ts'
import { addFavourites, listFavourites, setFavourite } from '../../src/contract/routes.ts'
import {
  addFavourites as addToFavourites,
  listFavourites as listUserFavourites,
  setFavourite as saveFavourite,
} from '../services/favourites/favourites.ts'
import { runOnce } from '../services/operations/once.ts'
import { selfIn } from './access.ts'
import { contract } from './contract.ts'

export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  const self = selfIn('params', 'userId')

  app.route({
    ...contract(app, routes, listFavourites),
    preHandler: self,
    handler: async (request) => listUserFavourites(db, request.user.id, request.params.language),
  })

  app.route({
    ...contract(app, routes, setFavourite),
    preHandler: self,
    handler: async (request) => {
      const { user } = request
      const { propertyId } = request.params
      const { favourite, operationId } = request.body
      return runOnce(db, user.id, 'favourite', operationId, async (tx) => {
        await saveFavourite(tx, user.id, Number(propertyId), favourite)
        return { propertyId, favourite }
      })
    },
  })

  app.route({
    ...contract(app, routes, addFavourites),
    preHandler: self,
    handler: async (request) => {
      const { user } = request
      const { propertyIds, operationId } = request.body
      return runOnce(db, user.id, 'add-favourites', operationId, async (tx) => ({
        added: await addToFavourites(tx, user.id, propertyIds.map(Number)),
      }))
    },
  })
}
