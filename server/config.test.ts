import { describe, expect, it } from 'vitest'

import { ConfigError, loadConfig } from './config.ts'

describe('configuration', () => {
  it('works with no environment at all (embedded defaults)', () => {
    const config = loadConfig({}, '/srv/haven')
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/haven/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      seed: true,
      distDir: '/srv/haven/dist',
    })
  })

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/var/haven',
        DATABASE_URL: 'postgres://u@db/haven',
        PUBLIC_URL: 'https://haven.example/',
        SEED: 'false',
      },
      '/srv',
    )
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/haven',
      databaseUrl: 'postgres://u@db/haven',
      publicUrl: 'https://haven.example',
      seed: false,
    })
  })

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/)
  })
})

describe('exchange-rate configuration', () => {
  it('asks no provider by default (built-in table) and caches for 3600 seconds', () => {
    expect(loadConfig({}).rates).toEqual({
      providers: [],
      exchangeRateApi: { url: 'https://v6.exchangerate-api.com', key: undefined },
      frankfurter: { url: 'https://api.frankfurter.dev/v1' },
      timeoutMs: 5000,
      cache: { enabled: true, seconds: 3600 },
    })
  })

  it('reads the providers in order, their URLs and key, the timeout and the cache', () => {
    const { rates } = loadConfig({
      RATES_PROVIDERS: ' frankfurter, exchangerate-api ,frankfurter',
      EXCHANGERATE_API_URL: 'http://127.0.0.1:9001/',
      EXCHANGERATE_API_KEY: 'k-123',
      FRANKFURTER_URL: 'http://127.0.0.1:9002/v1/',
      RATES_TIMEOUT_MS: '1500',
      RATES_CACHE: 'false',
      RATES_CACHE_SECONDS: '60',
    })
    expect(rates).toEqual({
      providers: ['frankfurter', 'exchangerate-api'],
      exchangeRateApi: { url: 'http://127.0.0.1:9001', key: 'k-123' },
      frankfurter: { url: 'http://127.0.0.1:9002/v1' },
      timeoutMs: 1500,
      cache: { enabled: false, seconds: 60 },
    })
  })

  it('refuses an unknown provider, a bad duration or timeout, and exchangerate-api without a key', () => {
    expect(() => loadConfig({ RATES_PROVIDERS: 'frankfurter,oanda' })).toThrow(/RATES_PROVIDERS/)
    expect(() => loadConfig({ RATES_CACHE_SECONDS: '0' })).toThrow(/RATES_CACHE_SECONDS/)
    expect(() => loadConfig({ RATES_CACHE_SECONDS: '-5' })).toThrow(/RATES_CACHE_SECONDS/)
    expect(() => loadConfig({ RATES_CACHE: 'maybe' })).toThrow(/RATES_CACHE/)
    expect(() => loadConfig({ RATES_TIMEOUT_MS: 'soon' })).toThrow(/RATES_TIMEOUT_MS/)
    expect(() => loadConfig({ RATES_PROVIDERS: 'exchangerate-api' })).toThrow(/EXCHANGERATE_API_KEY/)
  })
})

describe('accounts extras configuration', () => {
  it('turns social sign-in and reCAPTCHA off by default; support address, no country header, 5 MB avatars', () => {
    const config = loadConfig({})
    expect(config.social).toEqual({ google: null, apple: null, facebook: null })
    expect(config.recaptcha).toBeNull()
    expect(config.supportEmail).toBe('support@haven.test')
    expect(config.countryHeader).toBeUndefined()
    expect(config.avatarMaxBytes).toBe(5 * 1024 * 1024)
  })

  it('turns each provider on with its ids, at the providers’ own endpoints unless told otherwise', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g-client',
      APPLE_CLIENT_ID: 'a-client',
      APPLE_JWKS_URL: 'http://127.0.0.1:9100/apple/keys',
      FACEBOOK_APP_ID: 'fb-app',
      FACEBOOK_APP_SECRET: 'fb-secret',
      FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9100/graph/',
      RECAPTCHA_SECRET: 'r-secret',
      RECAPTCHA_SITE_KEY: 'r-site',
      SUPPORT_EMAIL: 'help@haven.example',
      COUNTRY_HEADER: 'CF-IPCountry',
      AVATAR_MAX_BYTES: '1000',
    })
    expect(config.social).toEqual({
      google: { clientId: 'g-client', jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
      apple: { clientId: 'a-client', jwksUrl: 'http://127.0.0.1:9100/apple/keys' },
      facebook: { appId: 'fb-app', appSecret: 'fb-secret', graphUrl: 'http://127.0.0.1:9100/graph' },
    })
    expect(config.recaptcha).toEqual({
      secret: 'r-secret',
      siteKey: 'r-site',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    })
    expect(config).toMatchObject({
      supportEmail: 'help@haven.example',
      countryHeader: 'cf-ipcountry',
      avatarMaxBytes: 1000,
    })
  })

  it('refuses half a key pair, a bad address, header or size', () => {
    expect(() => loadConfig({ FACEBOOK_APP_ID: 'fb-app' })).toThrow(/FACEBOOK_APP_SECRET/)
    expect(() => loadConfig({ FACEBOOK_APP_SECRET: 's' })).toThrow(/FACEBOOK_APP_ID/)
    expect(() => loadConfig({ RECAPTCHA_SECRET: 's' })).toThrow(/RECAPTCHA_SITE_KEY/)
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'k' })).toThrow(/RECAPTCHA_SECRET/)
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' })).toThrow(/SUPPORT_EMAIL/)
    expect(() => loadConfig({ COUNTRY_HEADER: 'x country' })).toThrow(/COUNTRY_HEADER/)
    expect(() => loadConfig({ AVATAR_MAX_BYTES: '0' })).toThrow(/AVATAR_MAX_BYTES/)
  })
})

describe('payments configuration', () => {
  it('has every provider off by default, so that checkout offers pay later only', () => {
    expect(loadConfig({}).payments).toEqual({ stripe: null, payPal: null })
  })

  it('turns a provider on with both of its keys, at its own or a given API base', () => {
    const { payments } = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_URL: 'http://127.0.0.1:9999/',
      PAYPAL_SDK_URL: 'http://127.0.0.1:9999/sdk/js',
    })
    expect(payments).toEqual({
      stripe: {
        secretKey: 'sk_live_x',
        publishableKey: 'pk_live_x',
        apiUrl: 'https://api.stripe.com',
        scriptUrl: 'https://js.stripe.com/basil/stripe.js',
      },
      payPal: {
        clientId: 'client',
        clientSecret: 'secret',
        apiUrl: 'http://127.0.0.1:9999',
        scriptUrl: 'http://127.0.0.1:9999/sdk/js',
      },
    })
  })

  it('refuses half a key pair', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk' })).toThrow(/STRIPE_PUBLISHABLE_KEY/)
    expect(() => loadConfig({ PAYPAL_CLIENT_SECRET: 's' })).toThrow(/PAYPAL_CLIENT_ID/)
  })
})

describe('push configuration', () => {
  it('trusts no private push service unless PUSH_TRUSTED_ORIGINS names it, and refuses the old names', () => {
    expect(loadConfig({}).pushTrustedOrigins).toEqual([])
    expect(loadConfig({ PUSH_TRUSTED_ORIGINS: 'https://10.0.0.5:8443' }).pushTrustedOrigins).toEqual([
      'https://10.0.0.5:8443',
    ])
    expect(() => loadConfig({ PUSH_TRUSTED_ORIGINS: 'http://10.0.0.5' })).toThrow(/PUSH_TRUSTED_ORIGINS/)
    expect(() => loadConfig({ PUSH_STAND_IN_ORIGINS: 'https://127.0.0.1:9' })).toThrow(
      /PUSH_STAND_IN_ORIGINS: no longer read; .* PUSH_TRUSTED_ORIGINS/,
    )
  })
})

describe('map configuration', () => {
  it("draws Haven's own basemap by default", () => {
    expect(loadConfig({}).map).toEqual({ styleUrl: undefined })
  })

  it("reads a tile provider's style URL and refuses one that is not a URL", () => {
    expect(
      loadConfig({ MAP_STYLE_URL: 'https://tiles.example/styles/streets/style.json?key=k' }).map,
    ).toEqual({
      styleUrl: 'https://tiles.example/styles/streets/style.json?key=k',
    })
    expect(() => loadConfig({ MAP_STYLE_URL: 'streets' })).toThrow(/MAP_STYLE_URL/)
  })

  it('writes mail to files from Haven <no-reply@haven.test> and generates its secrets by default', () => {
    const config = loadConfig({})
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Haven <no-reply@haven.test>',
      demoMailbox: false,
    })
    expect(config.secrets).toEqual({})
  })

  it('reads SMTP_URL, MAIL_FROM and SESSION_SECRET, and refuses bad ones without repeating them', () => {
    const secret = 'a-session-secret-of-at-least-32-characters'
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Haven <hello@haven.example>',
      SESSION_SECRET: secret,
    })
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      from: 'Haven <hello@haven.example>',
      demoMailbox: false,
    })
    expect(config.secrets).toEqual({ sessionSecret: secret })
    expect(() => loadConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ SESSION_SECRET: 'short-and-secret' })).toThrow(/SESSION_SECRET/)
    expect(() => loadConfig({ SESSION_SECRET: 'short-and-secret' })).not.toThrow(/short-and-secret/)
  })

  it('opens the demo mailbox only when DEMO_MAILBOX says so, and never beside SMTP_URL', () => {
    expect(loadConfig({}).mail.demoMailbox).toBe(false)
    expect(loadConfig({ DEMO_MAILBOX: 'true' }).mail.demoMailbox).toBe(true)
    expect(loadConfig({ DEMO_MAILBOX: '0' }).mail.demoMailbox).toBe(false)
    expect(() => loadConfig({ DEMO_MAILBOX: 'sure' })).toThrow(/DEMO_MAILBOX/)
    expect(() => loadConfig({ DEMO_MAILBOX: 'true', SMTP_URL: 'smtp://user:pass@mail.example:587' })).toThrow(
      /DEMO_MAILBOX[\s\S]*SMTP_URL/,
    )
    expect(() =>
      loadConfig({ DEMO_MAILBOX: 'true', SMTP_URL: 'smtp://user:pass@mail.example:587' }),
    ).not.toThrow(/pass@/)
  })

  it('believes no X-Forwarded-For unless TRUST_PROXY says whose', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ])
  })

  it('scales rate limits only when told', () => {
    expect(loadConfig({}).rateLimitScale).toBe(1)
    expect(loadConfig({}).searchCacheMs).toBe(10_000)
    expect(loadConfig({ SEARCH_CACHE_SECONDS: '0' }).searchCacheMs).toBe(0)
    expect(() => loadConfig({ SEARCH_CACHE_SECONDS: '-1' })).toThrow(/SEARCH_CACHE_SECONDS/)
    expect(loadConfig({ RATE_LIMIT_SCALE: '50' }).rateLimitScale).toBe(50)
    expect(loadConfig({}).pageRendersPerMinute).toBe(30)
    expect(loadConfig({}).pageRendersWaiting).toBe(4)
    expect(loadConfig({ PAGE_RENDERS_WAITING: '0' }).pageRendersWaiting).toBe(0)
    expect(() => loadConfig({ PAGE_RENDERS_PER_MINUTE: '-1' })).toThrow(/PAGE_RENDERS_PER_MINUTE/)
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/)
  })
})

describe('file storage configuration', () => {
  const bucket = {
    S3_ENDPOINT: 'http://127.0.0.1:9000/',
    S3_BUCKET: 'haven-files',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret-key',
  }

  it('keeps files in DATA_DIR by default', () => {
    expect(loadConfig({}).s3).toBeNull()
  })

  it('reads an S3-compatible bucket, virtual-host style unless told otherwise', () => {
    expect(loadConfig(bucket).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'haven-files',
      region: 'us-east-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret-key',
      forcePathStyle: false,
    })
    expect(loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true)
  })

  it('refuses part of the settings, naming the missing ones, and bad values', () => {
    expect(() => loadConfig({ S3_BUCKET: 'haven-files' })).toThrow(
      /S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: needed with the other S3_ settings/,
    )
    expect(() => loadConfig({ ...bucket, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /^(?!.*key-id).*S3_SECRET_ACCESS_KEY/s,
    )
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(/S3_ENDPOINT/)
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: 'ftp://files' })).toThrow(/S3_ENDPOINT/)
    expect(() => loadConfig({ ...bucket, S3_BUCKET: 'No_Such' })).toThrow(/S3_BUCKET/)
    expect(() => loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/)
  })
})
