// Online payments (docs/product.md §12, §13): the renter's return from Stripe, PayPal's order and its capture,
// and Stripe's webhook; their routes' schemas. Each is on only when its provider's keys are configured.
import { BOOKING_STATUSES, CURRENCIES } from '../domain/enums.ts'
import { z } from '../domain/zod-mini.ts'
import { idSchema, lineText, text } from './common.ts'
import type { RouteTable } from './route.ts'
import { checkCheckoutSession, checkPayPalOrder, createPayPalOrder, stripeWebhook } from './routes.ts'

/** A provider's id as it travels in a path: Stripe's `cs_…`, PayPal's order ids. */
const providerIdSchema = text().check(z.regex(/^[A-Za-z0-9_-]{1,255}$/, 'invalid id'))

/** `amount` and `currency` must be the booking's. */
export const payPalOrderRequestSchema = z.object({
  bookingId: idSchema,
  amount: z.number().check(z.positive()),
  currency: z.enum(CURRENCIES),
  name: lineText().check(z.minLength(1), z.maxLength(127)),
  description: z._default(lineText().check(z.maxLength(127)), ''),
})
export type PayPalOrderRequest = z.input<typeof payPalOrderRequestSchema>

/** A payment verified with its provider (Stripe's return, PayPal's capture). */
export const paymentResultSchema = z.object({ bookingId: idSchema, status: z.enum(BOOKING_STATUSES) })
export type PaymentResult = z.infer<typeof paymentResultSchema>

export const paymentRoutes = {
  [checkCheckoutSession]: {
    params: z.object({ sessionId: providerIdSchema }),
    answer: paymentResultSchema,
  },
  [createPayPalOrder]: { body: payPalOrderRequestSchema, answer: z.object({ orderId: z.string() }) },
  [checkPayPalOrder]: {
    params: z.object({ bookingId: idSchema, orderId: providerIdSchema }),
    answer: paymentResultSchema,
  },
  /** Stripe's event as it sent it: its signature is over the raw text, so the server reads the body unparsed. */
  [stripeWebhook]: {
    body: z.string().check(z.maxLength(1_000_000)),
    answer: z.object({ received: z.literal(true) }),
  },
} as const satisfies RouteTable
