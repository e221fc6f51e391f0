// Starts Haven: reads the configuration, opens the database (migrating it), seeds demo data into an empty
// one, makes sure the demo images exist, and serves the app and its API on one port.
import { join } from 'node:path'

import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { preparePrivateDataDir } from './data-dir.ts'
import { openDatabase } from './db/open.ts'
import { ensureDemoImages } from './db/seed/images.ts'
import { AGENCY_COUNT, DEMO_RENTER, LOCATION_COUNT, seedDemoIfEmpty } from './db/seed/seed.ts'
import { startPaymentStandIns } from './services/payments/stand-ins.ts'

async function main() {
  const started = performance.now()
  let config = loadConfig()
  // The demo's providers: the configuration is read again with the stand-ins' URLs and keys.
  const standIns = config.paymentStandIns ? await startPaymentStandIns() : undefined
  if (standIns) config = loadConfig({ ...process.env, ...standIns.env })
  preparePrivateDataDir(config.dataDir)
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  const seeded = config.seed ? await seedDemoIfEmpty(database) : null
  if (seeded) console.log(`Seeded the demo data: ${seeded.properties} properties.`)
  // Images live beside the data, not in the database: check them on every start (cheap when present).
  await ensureDemoImages(join(config.dataDir, 'images'), LOCATION_COUNT, AGENCY_COUNT)

  const app = await buildApp({ config, database })
  const close = async () => {
    await app.close()
    await database.close()
    await Promise.all([standIns?.stripe.close(), standIns?.payPal.close()])
    process.exit(0)
  }
  // A close that fails still ends the process, and says why.
  const stop = () => {
    close().catch((error: unknown) => {
      console.error('Haven could not close cleanly:', error instanceof Error ? error.message : error)
      process.exit(1)
    })
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)

  await app.listen({ port: config.port, host: config.host })
  // The Stripe stand-in tells this server of paid and expired sessions, as Stripe's webhooks would.
  const address = app.server.address()
  if (standIns && address && typeof address === 'object') {
    standIns.stripe.sendWebhooksTo(`http://127.0.0.1:${address.port}/api/stripe-webhook`)
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    [
      '',
      `Haven is ready in ${seconds} s on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})${seeded ? ', with fresh demo data' : ''}.`,
      `Demo account: ${DEMO_RENTER.email} / ${DEMO_RENTER.password}`,
      ...(config.mail.demoMailboxToken
        ? [
            `Demo mailbox (e-mails the app sends, to this machine only; the link holds its key): ${config.publicUrl}/dev/mailbox?token=${config.mail.demoMailboxToken}`,
          ]
        : []),
      ...(standIns
        ? [
            `Payment stand-ins: Stripe ${standIns.stripe.url}, PayPal ${standIns.payPal.url} (pay with POST …/_stand-in/sessions/{id}/pay, …/_stand-in/orders/{id}/approve)`,
          ]
        : []),
      '',
    ].join('\n'),
  )
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error('Haven could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
