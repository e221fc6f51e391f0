// The back office's calls (docs/product.md §12, Decisions): an agency's or an administrator's session only
// (./access.ts backOffice); whose booking is whose is the services' to check (an agency decides on its own
// properties' bookings, an administrator on any). The paths and schemas are the contract's
// (src/contract/back-office.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { backOfficeRoutes as routes } from '../../src/contract/back-office.ts'
import { decideBooking } from '../../src/contract/routes.ts'
import { decideOnBooking } from '../services/bookings/decisions.ts'
import { backOffice } from './access.ts'
import { contract } from './contract.ts'

/** Per address: an agent answers many requests in a sitting, never hundreds a minute. */
const DECISION_LIMIT = { max: 120, timeWindow: '10 minutes' }

export const backOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract(app, routes, decideBooking),
    config: { rateLimit: DECISION_LIMIT },
    preHandler: backOffice,
    handler: (request) => decideOnBooking(request.ctx, request.user, Number(request.params.id), request.body),
  })
}
