// What `npm start` turns on for a newcomer's demo (README, Try it), beside what the environment says: the
// demo mailbox unless e-mail goes out through SMTP, and the payment stand-ins unless real provider keys are
// given. A production start (NODE_ENV=production) gets neither by default. No imports: scripts/start.ts runs
// this with plain Node before anything is built.
export function withDemoDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const result = { ...env }
  const production = env.NODE_ENV === 'production'
  if (result.DEMO_MAILBOX === undefined && !env.SMTP_URL && !production) result.DEMO_MAILBOX = 'true'
  const providerKeys = env.STRIPE_SECRET_KEY || env.PAYPAL_CLIENT_ID
  if (result.PAYMENT_STAND_INS === undefined && !providerKeys && !production)
    result.PAYMENT_STAND_INS = 'true'
  return result
}
