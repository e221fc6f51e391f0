// `npm run stand-ins -- --webhooks http://127.0.0.1:8080`: the Stripe and PayPal stand-ins alone, for a demo
// that runs several Haven servers (docs/operations.md, Running N instances). `npm start` runs them inside its
// one server; with several, each would have its own and a session paid at one would be unknown to the others.
// Give every server the variables printed here (and PAYMENT_STAND_INS=false). Stripe's events go to
// `--webhooks`, the balancer's address. Ctrl+C stops them.
import { parseArgs } from 'node:util'

import { startPaymentStandIns } from '../server/stand-ins/payments.ts'

const { values } = parseArgs({ options: { webhooks: { type: 'string' } } })
const standIns = await startPaymentStandIns()
if (values.webhooks)
  standIns.stripe.sendWebhooksTo(`${values.webhooks.replace(/\/$/, '')}/api/stripe-webhook`)
console.log(
  [
    `Payment stand-ins: Stripe ${standIns.stripe.url}, PayPal ${standIns.payPal.url}.`,
    'Give every Haven server:',
    '',
    ...Object.entries({ ...standIns.env, PAYMENT_STAND_INS: 'false' }).map(
      ([name, value]) => `${name}=${value}`,
    ),
    '',
  ].join('\n'),
)
const stop = () => {
  void Promise.all([standIns.stripe.close(), standIns.payPal.close()]).then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
