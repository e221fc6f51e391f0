// The payment clients of an app, made once per configuration (PayPal's OAuth token is kept between calls),
// and the one refusal a renter sees when a payment does not go through: 'Payment failed.'
// (docs/product.md §9).
import { BOOKING_MESSAGES } from '../../../src/domain/booking.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { Config } from '../../config.ts'
import { HttpError } from '../../errors.ts'
import { type PayPalClient, payPalClient } from './paypal.ts'
import { type StripeClient, stripeClient } from './stripe.ts'

/** 400 when the provider refused or the payment is not there; 502 when the provider could not be asked. */
export const paymentFailed = (status: 400 | 502 = 400) =>
  new HttpError(status, API_ERROR_CODES.paymentFailed, BOOKING_MESSAGES.paymentFailed)

export const providerUnavailable = () =>
  new HttpError(404, API_ERROR_CODES.notFound, BOOKING_MESSAGES.providerUnavailable)

const stripeClients = new WeakMap<object, StripeClient>()
const payPalClients = new WeakMap<object, PayPalClient>()

/** The Stripe client; 404 'This payment method is not available.' without Stripe's keys. */
export function stripeFor(deps: { config: Config }): StripeClient {
  const config = deps.config.payments.stripe
  if (!config) throw providerUnavailable()
  let client = stripeClients.get(config)
  if (!client) stripeClients.set(config, (client = stripeClient(config)))
  return client
}

/** The PayPal client; 404 'This payment method is not available.' without PayPal's keys. */
export function payPalFor(deps: { config: Config }): PayPalClient {
  const config = deps.config.payments.payPal
  if (!config) throw providerUnavailable()
  let client = payPalClients.get(config)
  if (!client) payPalClients.set(config, (client = payPalClient(config)))
  return client
}
