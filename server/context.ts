// What the services work with: built once by buildApp (server/app.ts) and handed to them by the routes, with
// plain values beside it. Nothing here knows the web framework: a service can be called from a route, a timer
// or a test alike.
import type { Config } from './config.ts'
import type { Database } from './db/open.ts'
import type { Logger } from './logger.ts'
import type { CatalogCaches } from './services/catalog/changes.ts'
import type { MailSender } from './services/mail/mail.ts'
import type { PushSender } from './services/notifications/push.ts'
import type { Outbox } from './services/outbox/outbox.ts'
import type { Secrets } from './services/secrets.ts'
import type { FileStorage } from './services/storage/file-storage.ts'

export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export interface AppContext {
  /** The database and its kind; closing it is the opener's business (main.ts, the tests). */
  database: Pick<Database, 'db' | 'kind'>
  config: Config
  /** From the environment, or generated once (into the database on PostgreSQL): server/services/secrets.ts. */
  secrets: Secrets
  mail: MailSender
  push: PushSender
  /** The server's logger; a route hands its services the request's, which adds the request's id. */
  log: Logger
  clock: Clock
  /** Where uploaded files (avatars) are kept: the DATA_DIR folder, or an S3-compatible bucket. */
  storage: FileStorage
  /** E-mails and pushes written with the change they tell of, sent by whichever server claims them. */
  outbox: Outbox
  /** The caches of the public catalog on this server, told when a listing changes. */
  catalog: CatalogCaches
}
