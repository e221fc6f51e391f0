// Online payments (docs/product.md §12, §13): the renter's return from Stripe's embedded checkout
// (`/checkout-session/{sessionId}` asks this server to verify the session), and PayPal's two fixed calls.
// Each is on only when its provider's keys are configured (404 otherwise). The renter's calls are made signed
// in (./access.ts); the services check the booking is theirs. The paths and schemas are the contract's
// (src/contract/payments.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { paymentRoutes as routes } from '../../src/contract/payments.ts'
import {
  checkCheckoutSession,
  checkPayPalOrder,
  createPayPalOrder,
  stripeWebhook,
} from '../../src/contract/routes.ts'
import {
  checkPayPalOrder as capturePayPalOrder,
  confirmStripeSession,
  createPayPalOrder as placePayPalOrder,
  handleStripeWebhook,
} from '../services/payments/confirm.ts'
import { signedIn } from './access.ts'
import { contract } from './contract.ts'

/** Each call asks the provider: enough for a renter retrying, too few to hammer the provider through us. */
const PAYMENT_LIMIT = { max: 30, timeWindow: '10 minutes' }

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimitConfig = { rateLimit: PAYMENT_LIMIT }

  app.route({
    ...contract(app, routes, checkCheckoutSession),
    config: rateLimitConfig,
    preHandler: signedIn,
    handler: (request) => confirmStripeSession(request.ctx, request.user.id, request.params.sessionId),
  })

  app.route({
    ...contract(app, routes, createPayPalOrder),
    config: rateLimitConfig,
    preHandler: signedIn,
    handler: (request) => placePayPalOrder(request.ctx, request.user.id, request.body),
  })

  app.route({
    ...contract(app, routes, checkPayPalOrder),
    config: rateLimitConfig,
    preHandler: signedIn,
    handler: (request) =>
      capturePayPalOrder(request.ctx, request.user.id, request.params.bookingId, request.params.orderId),
  })

  // Stripe's webhook: the signature is over the raw body, so this route reads it as text (its own scope).
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    webhook.route({
      ...contract(webhook, routes, stripeWebhook),
      handler: (request) =>
        handleStripeWebhook(
          request.ctx,
          typeof request.body === 'string' ? request.body : '',
          typeof request.headers['stripe-signature'] === 'string'
            ? request.headers['stripe-signature']
            : undefined,
        ),
    })
  })
}
