// Every setting the server reads, from environment variables, with embedded defaults that work offline
// (docs/operations.md, Embedded defaults and production). The README lists each one.
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'

import { z } from 'zod'

import { AVATAR_MAX_BYTES } from '../src/domain/avatar.ts'
import { RATE_CACHE_SECONDS } from '../src/domain/constants.ts'
import type { VapidKeys } from './services/secrets.ts'

/** Exchange-rate providers Haven speaks to (server/services/rates/providers.ts). */
export const RATES_PROVIDER_NAMES = ['exchangerate-api', 'frankfurter'] as const
export type RatesProviderName = (typeof RATES_PROVIDER_NAMES)[number]

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: flag.default(true),
  DIST_DIR: z.string().min(1).default('dist'),
  // Exchange rates: providers asked in order; none by default, so the dated built-in table answers.
  RATES_PROVIDERS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(RATES_PROVIDER_NAMES))),
  EXCHANGERATE_API_URL: z.url().default('https://v6.exchangerate-api.com'),
  EXCHANGERATE_API_KEY: z.string().min(1).optional(),
  FRANKFURTER_URL: z.url().default('https://api.frankfurter.dev/v1'),
  RATES_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  RATES_CACHE: flag.default(true),
  RATES_CACHE_SECONDS: z.coerce.number().int().positive().default(RATE_CACHE_SECONDS),
  // Map: a tile provider's MapLibre style; unset, Haven serves its own offline basemap under /map/.
  MAP_STYLE_URL: z.url().optional(),
  // Social sign-in and reCAPTCHA: each off until its ids or keys are set.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v23.0'),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  // Payments: each provider is off until its keys are set; pay later needs none. The URLs are the
  // providers', or local stand-ins' in tests and the demo (the development entry, server/dev-main.ts, sets them).
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  // The script the browser loads for the embedded checkout (Stripe.js).
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/basil/stripe.js'),
  // The signing secret of the webhook endpoint (POST /api/stripe-webhook); without it, the endpoint is off.
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_URL: z.url().default('https://api-m.paypal.com'),
  // The JavaScript SDK the browser loads for the PayPal buttons.
  PAYPAL_SDK_URL: z.url().default('https://www.paypal.com/sdk/js'),
  // Push services on a private address (self-hosted on this network, or a test's stand-in), by exact origin:
  // accepted and posted to despite their address.
  PUSH_TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (origin) =>
              URL.canParse(origin) && new URL(origin).origin === origin && origin.startsWith('https://'),
            'PUSH_TRUSTED_ORIGINS must list https origins, as https://127.0.0.1:8443',
          ),
      ),
    ),
  // Contact form, country code and avatars.
  SUPPORT_EMAIL: z.email().default('support@haven.test'),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'COUNTRY_HEADER must be a header name')
    .transform((value) => value.toLowerCase())
    .optional(),
  AVATAR_MAX_BYTES: z.coerce.number().int().positive().default(AVATAR_MAX_BYTES),
  // Uploaded files (avatars): in $DATA_DIR/images unless an S3-compatible bucket is named (all five, or none),
  // which every server behind one address must share.
  S3_ENDPOINT: z
    .string()
    .regex(
      /^https?:\/\/[^\s/]+\/?$/,
      'S3_ENDPOINT must be an http(s) origin, as https://s3.eu-west-3.amazonaws.com',
    )
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(
      /^[a-z0-9-]{2,40}$/,
      'S3_REGION must be a region name, as eu-west-3 (any, as us-east-1, for most other stores)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Buckets addressed as ENDPOINT/BUCKET rather than BUCKET.ENDPOINT (MinIO and most self-hosted stores).
  S3_FORCE_PATH_STYLE: flag.optional(),
  // Accounts: sessions and e-mail.
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  // Web push: the VAPID key pair (base64url, as web-push generates it), or one generated into secrets.json.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  // Whom push services may contact about this server's pushes; SUPPORT_EMAIL's address by default.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s]+|https:\/\/[^\s]+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Haven <no-reply@haven.test>'),
  // The demo mailbox hands out activation and reset links, which sign people in: off unless asked for.
  DEMO_MAILBOX: flag.default(false),
  // The secret the demo mailbox asks for (in its URL, then a cookie); a random one at each start otherwise.
  DEMO_MAILBOX_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,200}$/, 'DEMO_MAILBOX_TOKEN must be 16 to 200 letters, digits, - or _')
    .optional(),
  // Tests only: GET /api/csp-report lists the Content-Security-Policy violations browsers reported.
  CSP_REPORTS_VISIBLE: flag.default(false),
  // Multiplies every per-address request limit: e2e runs, where every browser shares 127.0.0.1, raise it.
  RATE_LIMIT_SCALE: z.coerce.number().int().positive().default(1),
  // How long the first page of a search without dates is answered from memory; 0 turns that off.
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // Pages the server renders (server/pages/render-gate.ts): per client address and minute (scaled by
  // RATE_LIMIT_SCALE), and at once; beyond either, the app's shell answers and the browser renders.
  PAGE_RENDERS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  PAGE_RENDERS_WAITING: z.coerce.number().int().min(0).default(4),
  // Whose X-Forwarded-For to believe: rate limits and reCAPTCHA key on the client address it gives.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value): boolean | number | string[] => {
      if (value === 'true' || value === 'false') return value === 'true'
      if (/^\d+$/.test(value)) return Number(value)
      return value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    }),
})

/** The S3 settings that name a bucket: all of them, or none (then files stay in DATA_DIR). */
const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const

export interface Config {
  port: number
  host: string
  /** Absolute. Holds the embedded database (`db/`), generated images (`images/`), mail and secrets. */
  dataDir: string
  /** PostgreSQL when set; PGlite in `dataDir/db` otherwise. */
  databaseUrl: string | undefined
  publicUrl: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  /** Seed the demo data into an empty database at start. */
  seed: boolean
  /** The built PWA, served on the same origin as the API. */
  distDir: string
  rates: RatesConfig
  map: MapConfig
  social: SocialConfig
  recaptcha: RecaptchaConfig
  /** Where the contact form's messages go. */
  supportEmail: string
  /** A header set by a trusted proxy with the visitor's country (e.g. `cf-ipcountry`), lower case. */
  countryHeader: string | undefined
  /** The largest avatar upload accepted, in bytes. */
  avatarMaxBytes: number
  /** Where uploaded files go: an S3-compatible bucket, or (null) the folder `dataDir/images`. */
  s3: S3Config | null
  /** Given secrets; the ones not given are generated into `dataDir/secrets.json` (server/services/secrets.ts). */
  secrets: { sessionSecret?: string; vapid?: VapidKeys }
  /** The VAPID subject: `mailto:` or `https:`, named to push services with every push. */
  pushSubject: string
  /**
   * Push services trusted on a private address: endpoints on exactly these origins are accepted and posted to
   * although their address is not public. Empty by default: pushes go to public addresses only.
   */
  pushTrustedOrigins: string[]
  mail: MailConfig
  payments: PaymentsConfig
  /**
   * Fastify's trustProxy: false (the socket's address is the client's), true (any X-Forwarded-For), a hop
   * count, or the proxies' addresses/CIDRs. Anything but false lets whoever it trusts choose the client address.
   */
  trustProxy: boolean | number | string[]
  /** Multiplies the `max` of every per-address rate limit (server/routes/rate-limits.ts). */
  rateLimitScale: number
  /** How long a search's first page without dates is kept (server/services/catalog/first-pages.ts); 0: never. */
  searchCacheMs: number
  /** Page renders a client address may start in a minute, before RATE_LIMIT_SCALE (server/pages/render-gate.ts). */
  pageRendersPerMinute: number
  /** Page renders running or waiting at once; a page past them is answered with the app's shell. */
  pageRendersWaiting: number
  /**
   * Tests only: GET /api/csp-report answers the violations reported since the start, and browsers are asked to
   * post each one at once (server/security-headers.ts). Off: reports are counted and logged, never shown.
   */
  cspReportsVisible: boolean
}

export interface MailConfig {
  /** `smtp://` or `smtps://` with credentials: sent through it. Unset: written as files under `dataDir/mail/`. */
  smtpUrl: string | undefined
  from: string
  /** GET /dev/mailbox lists the written files (server/routes/mailbox.ts); never with smtpUrl. */
  demoMailbox: boolean
  /** With demoMailbox: the secret it answers to, printed at start in its URL. */
  demoMailboxToken: string | undefined
}

/** Each provider is on only when its ids are set; the URLs are the provider's, or a stand-in's in tests. */
export interface SocialConfig {
  google: { clientId: string; jwksUrl: string } | null
  apple: { clientId: string; jwksUrl: string } | null
  facebook: { appId: string; appSecret: string; graphUrl: string } | null
}

/** Each provider is on only with both of its keys (docs/configuration.md, Payments). */
export interface PaymentsConfig {
  stripe: {
    secretKey: string
    publishableKey: string
    apiUrl: string
    scriptUrl: string
    /** The webhook endpoint's signing secret: POST /api/stripe-webhook is on with it. */
    webhookSecret?: string
  } | null
  payPal: { clientId: string; clientSecret: string; apiUrl: string; scriptUrl: string } | null
}

/** An S3-compatible bucket (server/services/storage/s3.ts); every server behind one address uses the same. */
export interface S3Config {
  /** An origin, without a trailing slash. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean
}

/** On only with both keys: the site key lets the client show the widget, the secret lets the server verify. */
export type RecaptchaConfig = { secret: string; siteKey: string; verifyUrl: string } | null

export interface MapConfig {
  /** A tile provider's style; undefined: Haven's own basemap (`/map/style.json`), which works offline. */
  styleUrl: string | undefined
}

export interface RatesConfig {
  /** Asked in this order until one answers; empty: the built-in table. */
  providers: RatesProviderName[]
  exchangeRateApi: { url: string; key: string | undefined }
  frankfurter: { url: string }
  /** Per provider call. */
  timeoutMs: number
  /** docs/product.md §8, §10: a flag and a positive duration in seconds. */
  cache: { enabled: boolean; seconds: number }
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/** Reads the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const e = parsed.data
  if (e.RATES_PROVIDERS.includes('exchangerate-api') && !e.EXCHANGERATE_API_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  EXCHANGERATE_API_KEY: needed when RATES_PROVIDERS lists exchangerate-api',
    )
  }
  const pairs: [string, string | undefined, string, string | undefined][] = [
    ['FACEBOOK_APP_ID', e.FACEBOOK_APP_ID, 'FACEBOOK_APP_SECRET', e.FACEBOOK_APP_SECRET],
    ['RECAPTCHA_SECRET', e.RECAPTCHA_SECRET, 'RECAPTCHA_SITE_KEY', e.RECAPTCHA_SITE_KEY],
    ['STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY, 'STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY],
    ['PAYPAL_CLIENT_ID', e.PAYPAL_CLIENT_ID, 'PAYPAL_CLIENT_SECRET', e.PAYPAL_CLIENT_SECRET],
    ['VAPID_PUBLIC_KEY', e.VAPID_PUBLIC_KEY, 'VAPID_PRIVATE_KEY', e.VAPID_PRIVATE_KEY],
  ]
  for (const [name, value, otherName, other] of pairs) {
    if (Boolean(value) !== Boolean(other)) {
      const [missing, present] = value ? [otherName, name] : [name, otherName]
      throw new ConfigError(`Invalid configuration:\n  ${missing}: needed when ${present} is set`)
    }
  }
  if (e.DEMO_MAILBOX && e.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_MAILBOX: cannot be on when SMTP_URL is set (e-mail goes out, not to files)',
    )
  }
  for (const old of ['PUSH_PRIVATE_ENDPOINTS', 'PUSH_STAND_IN_ORIGINS']) {
    if (env[old] !== undefined) {
      throw new ConfigError(
        `Invalid configuration:\n  ${old}: no longer read; list the push services trusted on a private address in PUSH_TRUSTED_ORIGINS`,
      )
    }
  }
  const s3Missing = S3_SETTINGS.filter((name) => !e[name])
  if (
    s3Missing.length > 0 &&
    (s3Missing.length < S3_SETTINGS.length || e.S3_FORCE_PATH_STYLE !== undefined)
  ) {
    throw new ConfigError(
      `Invalid configuration:\n  ${s3Missing.join(', ')}: needed with the other S3_ settings (all of them, or none)`,
    )
  }
  const trimUrl = (url: string) => url.replace(/\/+$/, '')
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    seed: e.SEED,
    distDir: resolve(cwd, e.DIST_DIR),
    rates: {
      providers: [...new Set(e.RATES_PROVIDERS)],
      exchangeRateApi: { url: e.EXCHANGERATE_API_URL.replace(/\/+$/, ''), key: e.EXCHANGERATE_API_KEY },
      frankfurter: { url: e.FRANKFURTER_URL.replace(/\/+$/, '') },
      timeoutMs: e.RATES_TIMEOUT_MS,
      cache: { enabled: e.RATES_CACHE, seconds: e.RATES_CACHE_SECONDS },
    },
    map: { styleUrl: e.MAP_STYLE_URL },
    social: {
      google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL } : null,
      apple: e.APPLE_CLIENT_ID ? { clientId: e.APPLE_CLIENT_ID, jwksUrl: e.APPLE_JWKS_URL } : null,
      facebook:
        e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
          ? {
              appId: e.FACEBOOK_APP_ID,
              appSecret: e.FACEBOOK_APP_SECRET,
              graphUrl: trimUrl(e.FACEBOOK_GRAPH_URL),
            }
          : null,
    },
    recaptcha:
      e.RECAPTCHA_SECRET && e.RECAPTCHA_SITE_KEY
        ? { secret: e.RECAPTCHA_SECRET, siteKey: e.RECAPTCHA_SITE_KEY, verifyUrl: e.RECAPTCHA_VERIFY_URL }
        : null,
    supportEmail: e.SUPPORT_EMAIL,
    countryHeader: e.COUNTRY_HEADER,
    avatarMaxBytes: e.AVATAR_MAX_BYTES,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : null,
    secrets: {
      ...(e.SESSION_SECRET ? { sessionSecret: e.SESSION_SECRET } : {}),
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } }
        : {}),
    },
    pushSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    pushTrustedOrigins: [...new Set(e.PUSH_TRUSTED_ORIGINS)],
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      demoMailbox: e.DEMO_MAILBOX,
      demoMailboxToken: e.DEMO_MAILBOX
        ? (e.DEMO_MAILBOX_TOKEN ?? randomBytes(24).toString('base64url'))
        : undefined,
    },
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              apiUrl: trimUrl(e.STRIPE_API_URL),
              scriptUrl: e.STRIPE_JS_URL,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            }
          : null,
      payPal:
        e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
          ? {
              clientId: e.PAYPAL_CLIENT_ID,
              clientSecret: e.PAYPAL_CLIENT_SECRET,
              apiUrl: trimUrl(e.PAYPAL_API_URL),
              scriptUrl: e.PAYPAL_SDK_URL,
            }
          : null,
    },
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    searchCacheMs: e.SEARCH_CACHE_SECONDS * 1000,
    pageRendersPerMinute: e.PAGE_RENDERS_PER_MINUTE,
    pageRendersWaiting: e.PAGE_RENDERS_WAITING,
    cspReportsVisible: e.CSP_REPORTS_VISIBLE,
  }
}
