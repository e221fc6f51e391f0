// Security headers on every answer: the app's pages, the API, images and the built files alike. The
// Content-Security-Policy allows what the app itself loads and, only when they are configured, the outside
// services it talks to (a tile provider's style, reCAPTCHA, the social sign-in SDKs); anything else a page
// tries to load or run is refused by the browser and reported to POST /api/csp-report.
import { createHash } from 'node:crypto'

import type { FastifyPluginAsync, FastifyReply } from 'fastify'

import type { Config } from './config.ts'
import { BOOT_SCRIPT_SOURCE } from './pages/boot.ts'

/** Where violation reports go: the legacy report-uri and the Reporting API's endpoint of the same name. */
export const CSP_REPORT_PATH = '/api/csp-report'
const REPORT_ENDPOINT = 'csp-endpoint'

type Directive =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'worker-src'
  | 'manifest-src'
  | 'frame-ancestors'
  | 'base-uri'
  | 'form-action'
  | 'object-src'

/**
 * What each social provider's SDK needs beside the page, when its id is set: the script the client loads
 * (src/features/auth/social-providers.ts) and the frames, calls, styles and images that script makes.
 */
const SOCIAL_SOURCES: Record<keyof Config['social'], Partial<Record<Directive, string[]>>> = {
  // Google Identity Services: One Tap and its button are frames of accounts.google.com with their own style.
  google: {
    'script-src': ['https://accounts.google.com/gsi/client'],
    'frame-src': ['https://accounts.google.com/gsi/'],
    'connect-src': ['https://accounts.google.com/gsi/'],
    'style-src': ['https://accounts.google.com/gsi/style'],
  },
  apple: {
    'script-src': ['https://appleid.cdn-apple.com'],
    'frame-src': ['https://appleid.apple.com'],
    'connect-src': ['https://appleid.apple.com'],
  },
  facebook: {
    'script-src': ['https://connect.facebook.net'],
    'frame-src': ['https://www.facebook.com', 'https://web.facebook.com'],
    'connect-src': ['https://graph.facebook.com', 'https://www.facebook.com'],
    'img-src': ['https://www.facebook.com'],
  },
}

/** reCAPTCHA v3: its script comes from google.com and gstatic.com, and it works from an invisible frame. */
const RECAPTCHA_SOURCES: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://www.google.com', 'https://www.gstatic.com'],
  'frame-src': ['https://www.google.com', 'https://www.gstatic.com'],
}

/**
 * What each payment provider's browser SDK needs beside the script itself, when its keys are set and its
 * script is the provider's own. A script configured elsewhere (STRIPE_JS_URL, PAYPAL_SDK_URL: a sandbox, the
 * stand-ins') gets its origin for scripts, frames and calls, and nothing more.
 */
const PAYMENT_SOURCES: Record<
  keyof Config['payments'],
  { home: string; sources: Partial<Record<Directive, string[]>> }
> = {
  // Stripe.js and its embedded checkout, a frame of js.stripe.com that calls api.stripe.com.
  stripe: {
    home: 'https://js.stripe.com',
    sources: {
      'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      'connect-src': ['https://api.stripe.com', 'https://checkout.stripe.com'],
      'img-src': ['https://*.stripe.com'],
    },
  },
  // PayPal's JavaScript SDK: the buttons are frames of paypal.com, the buyer approves in a popup.
  payPal: {
    home: 'https://www.paypal.com',
    sources: {
      'script-src': ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
      'frame-src': ['https://www.paypal.com', 'https://*.paypal.com'],
      'connect-src': ['https://www.paypal.com', 'https://*.paypal.com'],
      'img-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    },
  },
}

/**
 * The Content-Security-Policy for this configuration, one string, the same for every answer but a rendered
 * page's, which allows its own inline scripts too (`pageScripts`: allowInlineScripts).
 */
export function contentSecurityPolicy(config: Config, pageScripts: readonly string[] = []): string {
  const policy: Record<Directive, string[]> = {
    'default-src': ["'self'"],
    // The inline script that starts a rendered page's code once the page is drawn (server/pages/boot.ts).
    'script-src': [
      "'self'",
      BOOT_SCRIPT_SOURCE,
      ...pageScripts.filter((source) => source !== BOOT_SCRIPT_SOURCE),
    ],
    // Mantine writes style attributes and <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for small inlined pictures; blob: for the images MapLibre decodes.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    // MapLibre starts its worker from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  }
  const add = (sources: Partial<Record<Directive, string[]>>) => {
    for (const [directive, values] of Object.entries(sources) as [Directive, string[]][]) {
      for (const value of values) if (!policy[directive].includes(value)) policy[directive].push(value)
    }
  }
  // A tile provider's style is fetched, and its sprites drawn, from its origin.
  if (config.map.styleUrl) {
    const { origin } = new URL(config.map.styleUrl)
    add({ 'connect-src': [origin], 'img-src': [origin] })
  }
  if (config.recaptcha) add(RECAPTCHA_SOURCES)
  for (const provider of Object.keys(PAYMENT_SOURCES) as (keyof Config['payments'])[]) {
    const payment = config.payments[provider]
    if (!payment) continue
    const { origin } = new URL(payment.scriptUrl)
    const { home, sources } = PAYMENT_SOURCES[provider]
    add(
      origin === home ? sources : { 'script-src': [origin], 'frame-src': [origin], 'connect-src': [origin] },
    )
  }
  for (const provider of Object.keys(SOCIAL_SOURCES) as (keyof Config['social'])[]) {
    if (config.social[provider]) add(SOCIAL_SOURCES[provider])
  }
  const directives = Object.entries(policy).map(([name, values]) => `${name} ${values.join(' ')}`)
  directives.push(`report-uri ${CSP_REPORT_PATH}`)
  // The Reporting API batches reports and sends them up to a minute later, and Chromium then no longer
  // uses report-uri. A test run that counts violations (CSP_REPORTS_VISIBLE) needs each one posted at once.
  if (!config.cspReportsVisible) directives.push(`report-to ${REPORT_ENDPOINT}`)
  return directives.join('; ')
}

/** Every security header, by name, for this configuration (and a rendered page's own inline scripts). */
export function securityHeaders(config: Config, pageScripts: readonly string[] = []): Record<string, string> {
  const anySocial = Object.values(config.social).some(Boolean)
  return {
    'content-security-policy': contentSecurityPolicy(config, pageScripts),
    ...(config.cspReportsVisible ? {} : { 'reporting-endpoints': `${REPORT_ENDPOINT}="${CSP_REPORT_PATH}"` }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The social sign-in popups (Apple, Facebook, Google's button) answer their opener: with `same-origin`
    // the popup would lose it and every sign-in would look cancelled.
    'cross-origin-opener-policy': anySocial ? 'same-origin-allow-popups' : 'same-origin',
    // Over plain HTTP a browser ignores it, and it would pin a development host to HTTPS for a year.
    ...(config.publicUrl.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  }
}

const headersByConfig = new WeakMap<Config, [string, string][]>()

/** The inline scripts an answer may run beside the boot script, by their CSP source (`'sha256-…'`). */
const inlineScriptsOf = new WeakMap<FastifyReply, readonly string[]>()

/** A classic script element without `src` (data blocks such as JSON-LD are not run, and need nothing). */
const INLINE_SCRIPT = /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)>([^]*?)<\/script>/g

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of `html`: TanStack Router's hydration scripts in a
 * page the server rendered (src/app/prerender.tsx), which hold its data. A hash rather than a nonce: the page
 * is kept and answered again (server/pages/routes.ts, the service worker's copy), and a hash stays true of the
 * same page.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes)) continue
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1]
    if (type !== undefined && type !== '' && type !== 'module' && type !== 'text/javascript') continue
    sources.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  }
  return [...sources]
}

/** Allows `sources` (inlineScriptSources of the page it answers with) to run in `reply`'s page alone. */
export function allowInlineScripts(reply: FastifyReply, sources: readonly string[]): void {
  inlineScriptsOf.set(reply, sources)
}

/**
 * Sets every security header on `reply`. The onSend hook below does it for every answer that goes through
 * the hooks; server/errors.ts calls it for the URLs Fastify refuses before routing, where no hook runs.
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  const { config } = reply.server.ctx
  const pageScripts = inlineScriptsOf.get(reply)
  if (pageScripts) {
    for (const [name, value] of Object.entries(securityHeaders(config, pageScripts)))
      reply.header(name, value)
    return
  }
  let headers = headersByConfig.get(config)
  if (!headers) {
    headers = Object.entries(securityHeaders(config))
    headersByConfig.set(config, headers)
  }
  for (const [name, value] of headers) reply.header(name, value)
}

const securityHeadersPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => setSecurityHeaders(reply))
}

// Registered once at the root, its hook covers every answer: routes, static files, the not-found handler.
Object.assign(securityHeadersPlugin, { [Symbol.for('skip-override')]: true })

export { securityHeadersPlugin }
