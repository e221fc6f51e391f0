// Serving Haven once its configuration is read: prepares the data folder, opens the database (migrating it),
// seeds demo data into an empty one, makes sure the demo images exist, listens, and prints where it is. Both
// entries call it: the production one (server/main.ts) and the development one (server/dev-main.ts), which
// adds the stand-ins it started.
import { join } from 'node:path'

import { buildApp } from './app.ts'
import { type Config, ConfigError } from './config.ts'
import { preparePrivateDataDir } from './data-dir.ts'
import { openDatabase } from './db/open.ts'
import { ensureDemoImages } from './db/seed/images.ts'
import {
  AGENCY_COUNT,
  DEMO_ADMIN,
  DEMO_AGENCY,
  DEMO_RENTER,
  LOCATION_COUNT,
  seedDemoIfEmpty,
} from './db/seed/seed.ts'

export interface ServeExtras {
  /** Lines added to the start banner. */
  banner?: string[]
  /** Once listening, with the port (the stand-ins send Stripe's webhooks to it). */
  listening?: (port: number) => void
  /** After the server and the database are closed. */
  close?: () => Promise<unknown>
}

export async function serve(config: Config, extras: ServeExtras = {}): Promise<void> {
  const started = performance.now()
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
    await extras.close?.()
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
  const address = app.server.address()
  if (address && typeof address === 'object') extras.listening?.(address.port)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    [
      '',
      `Haven is ready in ${seconds} s on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})${seeded ? ', with fresh demo data' : ''}.`,
      `Demo renter: ${DEMO_RENTER.email} / ${DEMO_RENTER.password}`,
      `Demo agency (${DEMO_AGENCY.name}): ${DEMO_AGENCY.email} / ${DEMO_AGENCY.password}`,
      `Demo administrator: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      ...(config.mail.demoMailboxToken
        ? [
            `Demo mailbox (e-mails the app sends, to this machine only; the link holds its key): ${config.publicUrl}/dev/mailbox?token=${config.mail.demoMailboxToken}`,
          ]
        : []),
      ...(extras.banner ?? []),
      '',
    ].join('\n'),
  )
}

/** Ends a start that failed, saying why: a bad configuration by its message alone. */
export function failStart(error: unknown): never {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error('Haven could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
}
