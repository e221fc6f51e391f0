// The back office's decisions on a booking (docs/product.md §12, Decisions): their route's schemas. What each
// decision may do to which booking is the domain's (src/domain/booking-decisions.ts).
import { BOOKING_DECISIONS } from '../domain/booking-decisions.ts'
import { BOOKING_STATUSES } from '../domain/enums.ts'
import { z } from '../domain/zod-mini.ts'
import { idSchema } from './common.ts'
import type { RouteTable } from './route.ts'
import { decideBooking } from './routes.ts'

/** The decision, with the status and request the agent saw: a booking changed since is refused, not overwritten. */
const decisionRequestSchema = z.object({
  decision: z.enum(BOOKING_DECISIONS),
  seenStatus: z.enum(BOOKING_STATUSES),
  seenCancelRequest: z.boolean(),
  note: z.optional(z.string().check(z.maxLength(1000))),
  amount: z.optional(z.number()),
})

const decisionAnswerSchema = z.object({
  bookingId: z.number(),
  status: z.enum(BOOKING_STATUSES),
  cancelRequest: z.boolean(),
  refund: z.boolean(),
})

export const backOfficeRoutes = {
  [decideBooking]: {
    params: z.object({ id: idSchema }),
    body: decisionRequestSchema,
    answer: decisionAnswerSchema,
  },
} as const satisfies RouteTable
