// The back office's calls (docs/product.md §12, Decisions): an agency's or an administrator's session only
// (./access.ts backOffice); whose booking is whose is the services' to check (an agency decides on its own
// properties' bookings, an administrator on any).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { BOOKING_DECISIONS } from '../../src/domain/booking-decisions.ts'
import { idSchema } from '../../src/domain/catalog.ts'
import { BOOKING_STATUSES } from '../../src/domain/enums.ts'
import { decideOnBooking } from '../services/bookings/decisions.ts'
import { backOffice } from './access.ts'

/** Per address: an agent answers many requests in a sitting, never hundreds a minute. */
const DECISION_LIMIT = { max: 120, timeWindow: '10 minutes' }

const decisionRequestSchema = z.object({
  decision: z.enum(BOOKING_DECISIONS),
  seenStatus: z.enum(BOOKING_STATUSES),
  seenCancelRequest: z.boolean(),
  note: z.string().max(1000).optional(),
  amount: z.number().finite().optional(),
})

const decisionAnswerSchema = z.object({
  bookingId: z.number(),
  status: z.enum(BOOKING_STATUSES),
  cancelRequest: z.boolean(),
  refund: z.boolean(),
})

export const backOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/decide-booking/:id',
    {
      schema: {
        params: z.object({ id: idSchema }),
        body: decisionRequestSchema,
        response: { 200: decisionAnswerSchema },
      },
      config: { rateLimit: DECISION_LIMIT },
      preHandler: backOffice,
    },
    (request) => decideOnBooking(request.ctx, request.user, Number(request.params.id), request.body),
  )
}
