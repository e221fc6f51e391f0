// Administration (docs/product.md §14): an administrator's calls only (./access.ts adminOnly), each act recorded
// by its service (server/services/admin/). The paths and schemas are the contract's (src/contract/admin.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { adminRoutes as routes } from '../../src/contract/admin.ts'
import {
  adminPasswordReset,
  adminResendActivation,
  adminUser,
  adminUsers,
  liftSuspension,
  suspendUser,
} from '../../src/contract/routes.ts'
import {
  liftSuspension as lift,
  listUsers,
  sendAccountLink,
  suspendUser as suspend,
  userPage,
} from '../services/admin/users.ts'
import { adminOnly } from './access.ts'
import { contract } from './contract.ts'

/** Per address: an administrator's desk work, never hundreds of acts a minute. */
const ADMIN_LIMIT = { max: 300, timeWindow: '10 minutes' }

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  const config = { rateLimit: ADMIN_LIMIT }
  const preHandler = adminOnly

  app.route({
    ...contract(app, routes, adminUsers),
    config,
    preHandler,
    handler: (request) => listUsers(db, request.body),
  })

  app.route({
    ...contract(app, routes, adminUser),
    config,
    preHandler,
    handler: (request) => userPage(db, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, suspendUser),
    config,
    preHandler,
    handler: (request) => suspend(request.ctx, request.user, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, liftSuspension),
    config,
    preHandler,
    handler: (request) => lift(request.ctx, request.user, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, adminResendActivation),
    config,
    preHandler,
    handler: (request) => sendAccountLink(request.ctx, request.user, Number(request.params.id), 'activation'),
  })

  app.route({
    ...contract(app, routes, adminPasswordReset),
    config,
    preHandler,
    handler: (request) =>
      sendAccountLink(request.ctx, request.user, Number(request.params.id), 'passwordReset'),
  })
}
