// The back office's calls (docs/product.md §12, Decisions; docs/api.md, Back office): an agency's or an
// administrator's session only (./access.ts backOffice); whose booking or property is whose is the services'
// to check (an agency reaches its own properties' bookings, an administrator any). The paths and schemas are
// the contract's (src/contract/back-office.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { backOfficeRoutes as routes } from '../../src/contract/back-office.ts'
import {
  backOfficeBooking,
  backOfficeBookings,
  backOfficeCalendar,
  blockNights,
  decideBooking,
  officeBookingMessage,
  unblockNights,
} from '../../src/contract/routes.ts'
import { backOfficeBookingDetail, listInbox } from '../services/bookings/back-office.ts'
import { blockPropertyNights, calendar, unblockPropertyNights } from '../services/bookings/calendar.ts'
import { decideOnBooking } from '../services/bookings/decisions.ts'
import { writeBookingMessage } from '../services/bookings/timeline.ts'
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
  app.route({
    ...contract(app, routes, backOfficeBookings),
    preHandler: backOffice,
    handler: (request) => listInbox(request.ctx, request.user, request.query),
  })
  app.route({
    ...contract(app, routes, backOfficeBooking),
    preHandler: backOffice,
    handler: (request) => backOfficeBookingDetail(request.ctx, request.user, Number(request.params.id)),
  })
  app.route({
    ...contract(app, routes, backOfficeCalendar),
    preHandler: backOffice,
    handler: (request) => calendar(request.ctx, request.user, request.query),
  })
  app.route({
    ...contract(app, routes, blockNights),
    config: { rateLimit: DECISION_LIMIT },
    preHandler: backOffice,
    handler: (request) => blockPropertyNights(request.ctx, request.user, request.body),
  })
  app.route({
    ...contract(app, routes, unblockNights),
    config: { rateLimit: DECISION_LIMIT },
    preHandler: backOffice,
    handler: (request) => unblockPropertyNights(request.ctx, request.user, Number(request.params.id)),
  })
  app.route({
    ...contract(app, routes, officeBookingMessage),
    config: { rateLimit: DECISION_LIMIT },
    preHandler: backOffice,
    handler: (request) =>
      writeBookingMessage(request.ctx, 'staff', request.user, Number(request.params.id), request.body),
  })
}
