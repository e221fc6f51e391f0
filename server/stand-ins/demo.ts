// The stand-ins the development entry (server/dev-main.ts) starts for a demo without keys: local Stripe and
// PayPal on 127.0.0.1 when PAYMENT_STAND_INS is on. They are handed to the server as the real configuration
// variables (STRIPE_API_URL, PAYPAL_SDK_URL, the keys …), so the server runs the code it runs in production.
import { ConfigError } from '../config.ts'
import type { ServeExtras } from '../serve.ts'
import { startPaymentStandIns } from './payments.ts'

const ON = ['true', '1', 'yes']
const OFF = ['false', '0', 'no']

/**
 * Whether to start the payment stand-ins; a ConfigError, before anything starts, when they must not: in
 * production (payments would be played, never taken), beside real provider keys, or for a value that is no flag.
 */
export function paymentStandInsWanted(env: NodeJS.ProcessEnv): boolean {
  const value = env.PAYMENT_STAND_INS
  if (value === undefined || OFF.includes(value)) return false
  if (!ON.includes(value)) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENT_STAND_INS: must be one of ${[...ON, ...OFF].join(', ')}`,
    )
  }
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_STAND_INS: cannot be on in production (NODE_ENV=production): payments would be played by local stand-ins, never taken',
    )
  }
  if ([env.STRIPE_SECRET_KEY, env.PAYPAL_CLIENT_ID].some((key) => key && !key.includes('standin'))) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_STAND_INS: cannot be on when real Stripe or PayPal keys are set',
    )
  }
  return true
}

/** Starts the stand-ins `env` asks for; the environment the server reads then, and what it adds to its start. */
export async function startDemoStandIns(
  env: NodeJS.ProcessEnv,
): Promise<{ env: NodeJS.ProcessEnv; extras: ServeExtras }> {
  if (!paymentStandInsWanted(env)) return { env, extras: {} }
  const standIns = await startPaymentStandIns()
  return {
    env: { ...env, ...standIns.env },
    extras: {
      banner: [
        `Payment stand-ins: Stripe ${standIns.stripe.url}, PayPal ${standIns.payPal.url} (pay with POST …/_stand-in/sessions/{id}/pay, …/_stand-in/orders/{id}/approve)`,
      ],
      // The Stripe stand-in tells this server of paid and expired sessions, as Stripe's webhooks would.
      listening: (port) => standIns.stripe.sendWebhooksTo(`http://127.0.0.1:${port}/api/stripe-webhook`),
      close: () => Promise.all([standIns.stripe.close(), standIns.payPal.close()]),
    },
  }
}
