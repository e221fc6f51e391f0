import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { healthRoutes as routes } from '../../src/contract/health.ts'
import { health } from '../../src/contract/routes.ts'
import { databaseUnavailable } from '../errors.ts'
import { contract } from './contract.ts'

const version = process.env.npm_package_version ?? '0.0.0'

/** GET /api/health: the server is up and its database answers. The client probes it to know it is online. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract(app, routes, health),
    handler: async () => {
      const { database } = app.ctx
      try {
        await database.db.execute(sql`select 1`)
      } catch {
        throw databaseUnavailable()
      }
      return { status: 'ok' as const, database: database.kind, version }
    },
  })
}
