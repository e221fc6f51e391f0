// buildApp: the Fastify instance with every route, the static app and the error handlers. main.ts starts it;
// tests build it the same way on their own database.
import type { lookup as dnsLookup } from 'node:dns'

import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'

import { pathPrefix } from '../src/contract/route.ts'
import { checkPassword } from '../src/contract/routes.ts'
import { apiDocsRoutes, registerOpenApi } from './api-docs.ts'
import type { Config } from './config.ts'
import { type AppContext, systemClock } from './context.ts'
import type { Database } from './db/open.ts'
import { clientErrorHandler, installErrorHandlers, sendFrameworkError } from './errors.ts'
import { installAccess } from './routes/access.ts'
import { adminRoutes } from './routes/admin.ts'
import { authRoutes } from './routes/auth.ts'
import { avatarFileRoutes } from './routes/avatar-files.ts'
import { avatarRoutes } from './routes/avatar.ts'
import { backOfficeRoutes } from './routes/back-office.ts'
import { bookingRoutes } from './routes/bookings.ts'
import { catalogRoutes } from './routes/catalog.ts'
import { contactRoutes } from './routes/contact.ts'
import { countryRoutes } from './routes/country.ts'
import { cspReportRoutes } from './routes/csp-report.ts'
import { favouriteRoutes } from './routes/favourites.ts'
import { healthRoutes } from './routes/health.ts'
import { listingRoutes } from './routes/listings.ts'
import { mailboxRoutes } from './routes/mailbox.ts'
import { mapRoutes } from './routes/map.ts'
import { notificationRoutes } from './routes/notifications.ts'
import { paymentRoutes } from './routes/payments.ts'
import { registerRateLimits } from './routes/rate-limits.ts'
import { ratesRoutes } from './routes/rates.ts'
import { recaptchaRoutes } from './routes/recaptcha.ts'
import { socialRoutes } from './routes/social.ts'
import { userRoutes } from './routes/users.ts'
import { sameOriginPlugin } from './same-origin.ts'
import { securityHeadersPlugin } from './security-headers.ts'
import { postgresRateLimitStore } from './services/auth/rate-limit-store.ts'
import { createCatalogCaches } from './services/catalog/changes.ts'
import { housekeepingPlugin } from './services/housekeeping.ts'
import { mailSender } from './services/mail/mail.ts'
import { createPushSender } from './services/notifications/push.ts'
import { startOutbox } from './services/outbox/outbox.ts'
import { mailSealKey } from './services/outbox/seal.ts'
import { loadSecrets } from './services/secrets.ts'
import { createStorage } from './services/storage/storage.ts'
import { registerStaticApp } from './static.ts'

export interface AppDeps {
  config: Config
  database: Database
  /** Tests: a certificate authority pushes trust besides the usual ones (a local push service's). */
  pushCertificate?: string
  /** Tests: how push endpoints' names are resolved (the system's resolver otherwise). */
  pushLookup?: typeof dnsLookup
  /** Tests: where the log lines go instead of standard output. */
  logStream?: { write(line: string): void }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the services take (server/context.ts), built once here. */
    ctx: AppContext
  }
  interface FastifyRequest {
    /** The app's context with this request's logger, whose lines carry the request's id. */
    readonly ctx: AppContext
  }
}

/** What the logger's request serializer is handed: Fastify's request, routed or not. */
interface LoggedRequest {
  method: string
  url: string
  routeOptions?: { url?: string }
}

const CHECK_PASSWORD = `${pathPrefix(checkPassword)}/`

/** Whether a URL names check-password, however often its letters were percent-encoded (escapes read byte-wise). */
function namesCheckPassword(url: string): boolean {
  let text = url
  for (let round = 0; round < 4; round += 1) {
    if (/check-password/i.test(text)) return true
    text = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  }
  return false
}

/**
 * The URL as logged. The check-password call (docs/product.md §13) carries a password in its path, and the
 * router reaches it by other spellings than the plain one (`/%61pi/…`, `/api/%63heck-password/…`): it is known
 * by the route it matched, not by the raw URL; and a URL that matched no route but names the call in any
 * spelling was sent a password all the same.
 */
function loggedUrl(req: LoggedRequest): string {
  const routed = req.routeOptions?.url?.startsWith(CHECK_PASSWORD)
  return routed || namesCheckPassword(req.url) ? `${CHECK_PASSWORD}…` : req.url
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            serializers: {
              req: (req: LoggedRequest) => ({ method: req.method, url: loggedUrl(req) }),
            },
          },
    // One line per request is noise at `info`; it is there at `debug` and `trace`.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Long enough for a 100 000-property search on PGlite under load; short enough to free stuck sockets.
    connectionTimeout: 30_000,
    // Loading the server-rendering bundle at start takes seconds on a busy host: Fastify's default of 10 s
    // for a plugin failed the whole start there ('Plugin did not start in time').
    pluginTimeout: 120_000,
    bodyLimit: 1024 * 1024,
    // The product's fixed calls carry values in their paths: a reCAPTCHA token (hundreds of characters), a password
    // (up to 128). Fastify's default of 100 would answer 414 before the route's own schema could say why.
    routerOptions: { maxParamLength: 4096 },
    // A URL Fastify refuses before routing (bad escape, over-long parameter) gets the one error shape too.
    frameworkErrors: sendFrameworkError,
    // And so does a request Node's parser refuses before Fastify sees it (a bad byte, a wrong length).
    clientErrorHandler: clientErrorHandler(config),
    // Off unless TRUST_PROXY says which proxy to believe: otherwise any client could pick its own address
    // and step around the per-address rate limits of sign-in and the like.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const secrets = await loadSecrets(config.dataDir, config.secrets, deps.database)
  const push = createPushSender({
    keys: secrets.vapid,
    subject: config.pushSubject,
    trustedOrigins: config.pushTrustedOrigins,
    lookup: deps.pushLookup,
    extraCertificate: deps.pushCertificate,
  })
  const mail = mailSender(config)
  const ctx: AppContext = {
    database: deps.database,
    config,
    secrets,
    mail,
    push,
    log: app.log,
    clock: systemClock,
    storage: createStorage(config),
    outbox: startOutbox({ db: deps.database.db, mail, push, log: app.log, sealKey: mailSealKey(secrets) }),
    catalog: createCatalogCaches(),
  }
  app.decorate('ctx', ctx)
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      return { ...ctx, log: this.log }
    },
  })
  installAccess(app)
  // The sends in flight finish before the push connections close: a stopping server drops none.
  app.addHook('onClose', async () => {
    await ctx.outbox.stop()
    push.close()
  })
  app.addHook('onClose', async () => ctx.storage.close())
  installErrorHandlers(app)
  // Parses the cookies (server/routes/cookies.ts) for every route.
  await app.register(fastifyCookie)
  // The API's reference is generated from the routes registered after this.
  await registerOpenApi(app)
  // On every answer, from the API, the built app, images or the not-found handler alike.
  await app.register(securityHeadersPlugin)
  // Before any route: a change asked by another site is refused before it is read.
  await app.register(sameOriginPlugin)

  await app.register(
    async (api) => {
      // API answers are data for one moment: the service worker and the query cache decide what to keep.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
      })
      // JSON answers compress well (a page of 15 properties shrinks about five times). Registered here, not at
      // the root: the built app's files are compressed once at build time and served as they are. Anything
      // under a kilobyte gains less than the encoding costs. Request bodies stay as sent: the API takes no
      // compressed uploads, so a small compressed body cannot unfold into a large one.
      await api.register(fastifyCompress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        globalDecompression: false,
      })
      // Off by default: each route that needs one gives its own numbers (server/routes/rate-limits.ts).
      // Servers on one PostgreSQL count each client once between them; the embedded database counts in memory.
      await registerRateLimits(
        api,
        config.rateLimitScale,
        deps.database.kind === 'postgres' ? postgresRateLimitStore(deps.database.db) : undefined,
      )
      const resources = [
        healthRoutes,
        catalogRoutes,
        ratesRoutes,
        recaptchaRoutes,
        countryRoutes,
        socialRoutes,
        contactRoutes,
        avatarRoutes,
        authRoutes,
        userRoutes,
        bookingRoutes,
        backOfficeRoutes,
        listingRoutes,
        adminRoutes,
        paymentRoutes,
        notificationRoutes,
        favouriteRoutes,
        cspReportRoutes,
        apiDocsRoutes,
      ]
      for (const routes of resources) await api.register(routes)
    },
    { prefix: '/api' },
  )
  await app.register(mapRoutes)
  await app.register(housekeepingPlugin, {
    db: deps.database.db,
    embedded: deps.database.kind === 'pglite',
  })
  // The demo mailbox exists only when asked for, and only while mail goes to files (config.ts refuses both).
  if (config.mail.demoMailbox && !config.mail.smtpUrl) await app.register(mailboxRoutes)

  // Before the static files: avatars are served from the file storage, wherever it keeps them.
  await app.register(avatarFileRoutes)
  await registerStaticApp(app, config)

  return app
}
