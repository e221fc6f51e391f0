import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildApp } from './app.ts'
import { type Config, loadConfig } from './config.ts'
import { BOOT_SCRIPT_SOURCE } from './pages/boot.ts'
import { violationsIn } from './routes/csp-report.ts'
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts'
import { freshIp } from './test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from './test/harness.ts'

const BASE_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
  'report-uri /api/csp-report',
  'report-to csp-endpoint',
].join('; ')

/** Every outside service configured at once, on an HTTPS origin. */
const EVERYTHING = {
  PUBLIC_URL: 'https://haven.example',
  MAP_STYLE_URL: 'https://tiles.example.net/styles/streets.json?key=tile-secret-key',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  RECAPTCHA_SITE_KEY: 'recaptcha-site',
  GOOGLE_CLIENT_ID: 'google-client',
  APPLE_CLIENT_ID: 'apple-client',
  FACEBOOK_APP_ID: 'facebook-app',
  FACEBOOK_APP_SECRET: 'facebook-secret',
}

/** `directive → sources` of a policy string. */
function parsePolicy(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

const MARKER = 'zq-csp-marker-7731'

describe('the security headers for a configuration', () => {
  it('allow only the app itself by default, with no HSTS over plain HTTP', () => {
    const config = loadConfig({})
    expect(contentSecurityPolicy(config)).toBe(BASE_POLICY)
    expect(securityHeaders(config)).toEqual({
      'content-security-policy': BASE_POLICY,
      'reporting-endpoints': 'csp-endpoint="/api/csp-report"',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    })
  })

  it('add each outside service only when it is configured', () => {
    const only = (env: Record<string, string>) => parsePolicy(contentSecurityPolicy(loadConfig(env)))
    const base = parsePolicy(BASE_POLICY)

    const map = only({ MAP_STYLE_URL: EVERYTHING.MAP_STYLE_URL })
    expect(map['connect-src']).toEqual(["'self'", 'https://tiles.example.net'])
    expect(map['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.net'])
    expect(map['script-src']).toEqual(base['script-src'])

    const recaptcha = only({ RECAPTCHA_SECRET: 's', RECAPTCHA_SITE_KEY: 'k' })
    expect(recaptcha['script-src']).toEqual([
      "'self'",
      BOOT_SCRIPT_SOURCE,
      'https://www.google.com',
      'https://www.gstatic.com',
    ])
    expect(recaptcha['frame-src']).toEqual(["'self'", 'https://www.google.com', 'https://www.gstatic.com'])
    expect(recaptcha['connect-src']).toEqual(base['connect-src'])

    const google = only({ GOOGLE_CLIENT_ID: 'g' })
    expect(google['script-src']).toEqual([
      "'self'",
      BOOT_SCRIPT_SOURCE,
      'https://accounts.google.com/gsi/client',
    ])
    expect(google['frame-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/'])
    expect(google['style-src']).toContain('https://accounts.google.com/gsi/style')
    expect(google['script-src']).not.toContain('https://connect.facebook.net')

    const apple = only({ APPLE_CLIENT_ID: 'a' })
    expect(apple['script-src']).toEqual(["'self'", BOOT_SCRIPT_SOURCE, 'https://appleid.cdn-apple.com'])
    expect(apple['frame-src']).toEqual(["'self'", 'https://appleid.apple.com'])

    const facebook = only({ FACEBOOK_APP_ID: 'f', FACEBOOK_APP_SECRET: 's' })
    expect(facebook['script-src']).toEqual(["'self'", BOOT_SCRIPT_SOURCE, 'https://connect.facebook.net'])
    expect(facebook['frame-src']).toContain('https://www.facebook.com')
    expect(facebook['script-src']).not.toContain('https://accounts.google.com/gsi/client')

    const stripe = only({ STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' })
    expect(stripe['script-src']).toEqual([
      "'self'",
      BOOT_SCRIPT_SOURCE,
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ])
    expect(stripe['frame-src']).toContain('https://js.stripe.com')
    expect(stripe['connect-src']).toContain('https://api.stripe.com')
    expect(stripe['script-src']).not.toContain('https://www.paypal.com')

    const payPal = only({ PAYPAL_CLIENT_ID: 'c', PAYPAL_CLIENT_SECRET: 's' })
    expect(payPal['script-src']).toContain('https://www.paypal.com')
    expect(payPal['frame-src']).toContain('https://www.paypal.com')
    expect(payPal['script-src']).not.toContain('https://js.stripe.com')

    // A script served from elsewhere (the stand-ins) gets its own origin, and no provider's.
    const standIns = only({
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_PUBLISHABLE_KEY: 'pk',
      STRIPE_JS_URL: 'http://127.0.0.1:4100/basil/stripe.js',
      PAYPAL_CLIENT_ID: 'c',
      PAYPAL_CLIENT_SECRET: 's',
      PAYPAL_SDK_URL: 'http://127.0.0.1:4200/sdk/js',
    })
    expect(standIns['script-src']).toEqual([
      "'self'",
      BOOT_SCRIPT_SOURCE,
      'http://127.0.0.1:4100',
      'http://127.0.0.1:4200',
    ])
    expect(standIns['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4100', 'http://127.0.0.1:4200'])

    // Popups of the social providers need their opener; reCAPTCHA or a map opens none.
    const coop = (env: Record<string, string>) =>
      securityHeaders(loadConfig(env))['cross-origin-opener-policy']
    expect(coop({ GOOGLE_CLIENT_ID: 'g' })).toBe('same-origin-allow-popups')
    expect(coop({ APPLE_CLIENT_ID: 'a' })).toBe('same-origin-allow-popups')
    expect(coop({ RECAPTCHA_SECRET: 's', RECAPTCHA_SITE_KEY: 'k', MAP_STYLE_URL: 'https://t.example' })).toBe(
      'same-origin',
    )
  })

  it('pin HTTPS only when PUBLIC_URL is https', () => {
    const hsts = (env: Record<string, string>) =>
      securityHeaders(loadConfig(env))['strict-transport-security']
    expect(hsts({ PUBLIC_URL: 'https://haven.example' })).toBe('max-age=31536000; includeSubDomains')
    expect(hsts({ PUBLIC_URL: 'http://haven.example' })).toBeUndefined()
    expect(hsts({})).toBeUndefined()
  })

  it('ask for each report at once, through report-uri only, when a test run counts them', () => {
    const config = loadConfig({ CSP_REPORTS_VISIBLE: 'true' })
    const policy = parsePolicy(contentSecurityPolicy(config))
    expect(policy['report-uri']).toEqual(['/api/csp-report'])
    expect(policy['report-to']).toBeUndefined()
    expect(securityHeaders(config)['reporting-endpoints']).toBeUndefined()
  })
})

describe('reading a violation report', () => {
  it('keeps where and what, never a query string, a sample or a control character', () => {
    const [legacy] = violationsIn({
      'csp-report': {
        'document-uri': 'https://haven.example/reset-password?u=1&e=a%40b.c&t=secret-token#x',
        'blocked-uri': 'inline',
        'effective-directive': 'script-src-elem',
        'violated-directive': 'script-src-elem',
        disposition: 'enforce',
        'source-file': 'https://haven.example/assets/index-abc.js?v=1',
        'line-number': 12,
        'column-number': -3,
        'script-sample': MARKER,
      },
    })
    expect(legacy).toEqual({
      documentURL: 'https://haven.example/reset-password',
      blockedURL: 'inline',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
      sourceFile: 'https://haven.example/assets/index-abc.js',
      lineNumber: 12,
      columnNumber: null,
    })
    const batch = violationsIn([
      { type: 'deprecation', body: { id: 'x' } },
      {
        type: 'csp-violation',
        url: 'https://haven.example/search?keyword=x',
        body: { blockedURL: 'eval', effectiveDirective: 'script-src\u0000\ud800', sample: MARKER },
      },
    ])
    expect(batch).toEqual([
      {
        documentURL: 'https://haven.example/search',
        blockedURL: 'eval',
        effectiveDirective: 'script-src',
        disposition: '',
        sourceFile: '',
        lineNumber: null,
        columnNumber: null,
      },
    ])
    for (const junk of [
      null,
      1,
      'x',
      [],
      {},
      [1, null, 'x'],
      { 'csp-report': 'x' },
      [{ type: 'csp-violation' }],
    ]) {
      expect(violationsIn(junk)).toEqual([])
    }
  })
})

describe.each(databaseKinds())('security headers and CSP reports on %s', (kind) => {
  let t: TestApp
  let everything: FastifyInstance
  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1, env: { CSP_REPORTS_VISIBLE: 'true' } })
    // A built app and an image, so that every kind of answer can be asked for.
    const dist = t.config.distDir
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Haven</title><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    mkdirSync(join(t.config.dataDir, 'images'), { recursive: true })
    writeFileSync(
      join(t.config.dataDir, 'images', 'pixel.webp'),
      Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP'),
    )
    await t.app.close()
    t.app = await buildApp({ config: t.config, database: t.database })
    const config: Config = { ...loadConfig({ ...EVERYTHING, DIST_DIR: dist, DATA_DIR: t.config.dataDir }) }
    everything = await buildApp({ config: { ...config, logLevel: 'silent' }, database: t.database })
  })
  afterAll(async () => {
    await everything?.close()
    await t?.close()
  })

  /** One answer of each kind: a page, a client route, a built file, an image, JSON, errors of every source. */
  const requests: [label: string, url: string][] = [
    ['home page', '/'],
    ['client route (not-found handler)', '/search?l=fr'],
    ['built file', '/assets/index-abc123.js'],
    ['image', '/images/pixel.webp'],
    ['API answer', '/api/health'],
    ['API 404', '/api/no-such-call'],
    ['route error', '/api/property/999999/en'],
    ['validation error', '/api/property/abc/en'],
    ['refused URL', '/api/property/%zz/en'],
  ]

  it('are on every answer: pages, built files, images, API answers and errors', async () => {
    for (const [label, url] of requests) {
      const response = await t.app.inject(url)
      expect(response.statusCode, label).toBeLessThan(500)
      expect(response.headers['content-security-policy'], label).toBe(
        contentSecurityPolicy({ ...t.config, cspReportsVisible: true }),
      )
      expect(response.headers['x-content-type-options'], label).toBe('nosniff')
      expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin')
      expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin')
      expect(response.headers['strict-transport-security'], label).toBeUndefined()
      expect(String(response.headers['content-security-policy']), label).not.toContain('https:')
    }
    const page = await t.app.inject('/')
    expect(page.headers['content-type']).toMatch(/text\/html/)
    const image = await t.app.inject('/images/pixel.webp')
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toMatch(/image\/webp/)
  })

  it('name the configured outside services, and pin HTTPS, on an HTTPS origin', async () => {
    for (const [label, url] of requests) {
      const response = await everything.inject(url)
      const policy = parsePolicy(String(response.headers['content-security-policy']))
      expect(policy['connect-src'], label).toContain('https://tiles.example.net')
      expect(policy['script-src'], label).toEqual([
        "'self'",
        BOOT_SCRIPT_SOURCE,
        'https://www.google.com',
        'https://www.gstatic.com',
        'https://accounts.google.com/gsi/client',
        'https://appleid.cdn-apple.com',
        'https://connect.facebook.net',
      ])
      expect(String(response.headers['content-security-policy']), label).not.toContain('tile-secret-key')
      expect(response.headers['reporting-endpoints'], label).toBe('csp-endpoint="/api/csp-report"')
      expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin-allow-popups')
      expect(response.headers['strict-transport-security'], label).toBe('max-age=31536000; includeSubDomains')
    }
  })

  const report = (payload: string | Buffer, contentType: string, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': contentType },
      payload,
      remoteAddress,
    })

  it('takes reports in both formats, answers 204 with nothing in it, and counts them', async () => {
    const before = (await t.app.inject('/api/csp-report')).json() as { count: number }
    const legacy = await report(
      JSON.stringify({
        'csp-report': {
          'document-uri': `http://localhost/sign-in?redirect=${MARKER}`,
          'blocked-uri': `https://evil.example/${MARKER}.js?${MARKER}`,
          'effective-directive': 'script-src-elem',
          'script-sample': MARKER,
        },
      }),
      'application/csp-report',
    )
    expect(legacy.statusCode).toBe(204)
    expect(legacy.body).toBe('')
    const batch = await report(
      JSON.stringify([
        {
          type: 'csp-violation',
          url: 'http://localhost/search',
          body: { blockedURL: 'eval', effectiveDirective: 'script-src', sample: MARKER },
        },
        {
          type: 'csp-violation',
          url: 'http://localhost/',
          body: { blockedURL: 'inline', effectiveDirective: 'style-src-attr' },
        },
      ]),
      'application/reports+json',
    )
    expect(batch.statusCode).toBe(204)
    expect(batch.body).toBe('')
    const after = (await t.app.inject('/api/csp-report')).json() as {
      count: number
      reports: { blockedURL: string; documentURL: string }[]
    }
    expect(after.count).toBe(before.count + 3)
    expect(after.reports.slice(-3).map((r) => r.blockedURL)).toEqual([
      `https://evil.example/${MARKER}.js`,
      'eval',
      'inline',
    ])
    expect(after.reports.at(-3)?.documentURL).toBe('http://localhost/sign-in')
  })

  it('never fails on junk, never echoes it, and answers in the error shape when it refuses', async () => {
    const before = ((await t.app.inject('/api/csp-report')).json() as { count: number }).count
    const cases: [payload: string | Buffer, contentType: string][] = [
      [`{"csp-report": ${MARKER}`, 'application/csp-report'],
      [`[${MARKER}`, 'application/reports+json'],
      ['', 'application/csp-report'],
      ['null', 'application/csp-report'],
      ['"just a string"', 'application/reports+json'],
      ['12', 'application/reports+json'],
      [JSON.stringify({ 'csp-report': MARKER }), 'application/csp-report'],
      [JSON.stringify([{ type: 'csp-violation', body: MARKER }]), 'application/reports+json'],
      [JSON.stringify({ nested: { deeper: [MARKER, { a: null }] } }), 'application/json'],
      [`\u0000${MARKER}\ud800`, 'application/csp-report'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'application/csp-report'],
      [JSON.stringify({ 'csp-report': { 'blocked-uri': MARKER.repeat(10_000) } }), 'application/csp-report'],
      [MARKER, 'text/plain'],
      [MARKER, 'application/x-www-form-urlencoded'],
    ]
    for (const [payload, contentType] of cases) {
      const response = await report(payload, contentType)
      const label = `${contentType} ${String(payload).slice(0, 40)}`
      expect(response.statusCode, label).toBeLessThan(500)
      expect(response.body, label).not.toContain(MARKER)
      if (response.statusCode !== 204) {
        expect(Object.keys(response.json()).sort(), label).toEqual(['error', 'message'])
      }
    }
    const after = ((await t.app.inject('/api/csp-report')).json() as { count: number }).count
    expect(after).toBe(before)
  })

  it('limits reports per address like other calls', async () => {
    const address = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 62; i++) {
      statuses.push((await report('{}', 'application/csp-report', address)).statusCode)
    }
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

  it('shows the reports only when CSP_REPORTS_VISIBLE is on', async () => {
    const hidden = await everything.inject('/api/csp-report')
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toEqual({ error: 'not_found', message: expect.any(String) })
    const accepted = await everything.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline' } }),
      remoteAddress: freshIp(),
    })
    expect(accepted.statusCode).toBe(204)
  })
})
