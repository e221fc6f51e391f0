// Online payments (docs/product.md §12, §13): the renter's return from Stripe's embedded checkout
// (`/checkout-session/{sessionId}` asks this server to verify the session), and PayPal's two fixed calls.
// Each is on only when its provider's keys are configured (404 otherwise). The renter's calls are made signed
// in (./access.ts); the services check the booking is theirs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import {
  paymentResultSchema,
  payPalOrderRequestSchema,
  payPalOrderResponseSchema,
  providerIdSchema,
} from '../../src/domain/booking.ts'
import { idSchema } from '../../src/domain/catalog.ts'
import {
  checkPayPalOrder,
  confirmStripeSession,
  createPayPalOrder,
  handleStripeWebhook,
} from '../services/payments/confirm.ts'
import { signedIn } from './access.ts'

/** Each call asks the provider: enough for a renter retrying, too few to hammer the provider through us. */
const PAYMENT_LIMIT = { max: 30, timeWindow: '10 minutes' }

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimitConfig = { rateLimit: PAYMENT_LIMIT }

  app.post(
    '/check-checkout-session/:sessionId',
    {
      schema: { params: z.object({ sessionId: providerIdSchema }), response: { 200: paymentResultSchema } },
      config: rateLimitConfig,
      preHandler: signedIn,
    },
    (request) => confirmStripeSession(request.ctx, request.user.id, request.params.sessionId),
  )

  app.post(
    '/create-paypal-order/',
    {
      schema: { body: payPalOrderRequestSchema, response: { 200: payPalOrderResponseSchema } },
      config: rateLimitConfig,
      preHandler: signedIn,
    },
    (request) => createPayPalOrder(request.ctx, request.user.id, request.body),
  )

  app.post(
    '/check-paypal-order/:bookingId/:orderId',
    {
      schema: {
        params: z.object({ bookingId: idSchema, orderId: providerIdSchema }),
        response: { 200: paymentResultSchema },
      },
      config: rateLimitConfig,
      preHandler: signedIn,
    },
    (request) =>
      checkPayPalOrder(request.ctx, request.user.id, request.params.bookingId, request.params.orderId),
  )

  // Stripe's webhook: the signature is over the raw body, so this route reads it as text (its own scope).
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    webhook.post(
      '/stripe-webhook',
      {
        schema: {
          body: z.string().max(1_000_000),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      (request) =>
        handleStripeWebhook(
          request.ctx,
          typeof request.body === 'string' ? request.body : '',
          typeof request.headers['stripe-signature'] === 'string'
            ? request.headers['stripe-signature']
            : undefined,
        ),
    )
  })
}
