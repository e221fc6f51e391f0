// Administration (docs/product.md §16): an administrator's calls only (./access.ts adminOnly), each act recorded
// by its service (server/services/admin/). The paths and schemas are the contract's (src/contract/admin.ts).
import { randomBytes } from 'node:crypto'

import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { adminRoutes as routes } from '../../src/contract/admin.ts'
import {
  adminAgency,
  adminCountry,
  adminLocation,
  adminPasswordReset,
  adminPlaces,
  adminResendActivation,
  adminUser,
  adminUsers,
  agencyLogo,
  createAgency,
  createCountry,
  createLocation,
  deactivateAgency,
  deleteAgency,
  deleteCountry,
  deleteLocation,
  liftSuspension,
  platformOverview,
  reactivateAgency,
  suspendUser,
  updateAgency,
  updateCountry,
  updateLocation,
} from '../../src/contract/routes.ts'
import { AGENCY_LOGO_HEIGHT, AGENCY_LOGO_WIDTH } from '../../src/domain/admin.ts'
import * as agencies from '../services/admin/agencies.ts'
import { platformOverview as overview } from '../services/admin/overview.ts'
import * as places from '../services/admin/places.ts'
import {
  liftSuspension as lift,
  listUsers,
  sendAccountLink,
  suspendUser as suspend,
  userPage,
} from '../services/admin/users.ts'
import { isFileName, agencyLogoKey } from '../services/storage/file-storage.ts'
import { adminOnly } from './access.ts'
import { contract } from './contract.ts'
import { readUpload, toWebp } from './image-upload.ts'

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

  // Agencies
  const { config: appConfig, storage } = app.ctx
  await app.register(multipart, {
    limits: { fileSize: appConfig.avatarMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  })
  const removeLogo = async (file: string | null) => {
    if (file && isFileName(file) && /^[0-9a-f]{32}\.webp$/.test(file))
      await storage.delete(agencyLogoKey(file))
  }

  app.route({
    ...contract(app, routes, createAgency),
    config,
    preHandler,
    handler: (request) => agencies.createAgency(request.ctx, request.user, request.body),
  })

  app.route({
    ...contract(app, routes, adminAgency),
    config,
    preHandler,
    handler: (request) => agencies.agencyPage(db, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, updateAgency),
    config,
    preHandler,
    handler: (request) =>
      agencies.updateAgency(request.ctx, request.user, Number(request.params.id), request.body),
  })

  app.route({
    ...contract(app, routes, agencyLogo),
    config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    preHandler,
    handler: async (request) => {
      const id = Number(request.params.id)
      // Checked before the upload is read: no file is kept for an agency that does not exist.
      await agencies.agencyPage(db, id)
      const [logo] = await toWebp(await readUpload(request, appConfig.avatarMaxBytes), [
        { width: AGENCY_LOGO_WIDTH, height: AGENCY_LOGO_HEIGHT, fit: 'contain' },
      ])
      const file = `${randomBytes(16).toString('hex')}.webp`
      await storage.put(agencyLogoKey(file), logo!, 'image/webp')
      let previous: string | null
      try {
        previous = await agencies.setAgencyLogo(request.ctx, request.user, id, file)
      } catch (error) {
        await removeLogo(file)
        throw error
      }
      await removeLogo(previous)
      return agencies.agencyPage(db, id)
    },
  })

  app.route({
    ...contract(app, routes, deactivateAgency),
    config,
    preHandler,
    handler: (request) => agencies.deactivateAgency(request.ctx, request.user, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, reactivateAgency),
    config,
    preHandler,
    handler: (request) => agencies.reactivateAgency(request.ctx, request.user, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, deleteAgency),
    config,
    preHandler,
    handler: async (request) => {
      const { logo } = await agencies.deleteAgency(request.ctx, request.user, Number(request.params.id))
      await removeLogo(logo)
      return { deleted: true }
    },
  })

  // Places
  app.route({
    ...contract(app, routes, adminPlaces),
    config,
    preHandler,
    handler: () => places.allPlaces(db),
  })

  app.route({
    ...contract(app, routes, createCountry),
    config,
    preHandler,
    handler: (request) => places.createCountry(request.ctx, request.user, request.body),
  })

  app.route({
    ...contract(app, routes, adminCountry),
    config,
    preHandler,
    handler: (request) => places.countryPage(db, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, updateCountry),
    config,
    preHandler,
    handler: (request) =>
      places.updateCountry(request.ctx, request.user, Number(request.params.id), request.body),
  })

  app.route({
    ...contract(app, routes, deleteCountry),
    config,
    preHandler,
    handler: (request) => places.deleteCountry(request.ctx, request.user, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, createLocation),
    config,
    preHandler,
    handler: (request) => places.createLocation(request.ctx, request.user, request.body),
  })

  app.route({
    ...contract(app, routes, adminLocation),
    config,
    preHandler,
    handler: (request) => places.locationPage(db, Number(request.params.id)),
  })

  app.route({
    ...contract(app, routes, updateLocation),
    config,
    preHandler,
    handler: (request) =>
      places.updateLocation(request.ctx, request.user, Number(request.params.id), request.body),
  })

  app.route({
    ...contract(app, routes, deleteLocation),
    config,
    preHandler,
    handler: (request) => places.deleteLocation(request.ctx, request.user, Number(request.params.id)),
  })

  // The platform at a glance
  app.route({
    ...contract(app, routes, platformOverview),
    config,
    preHandler,
    handler: (request) => overview(db, request.ctx.clock),
  })
}
