// Every cookie Haven sets (docs/product.md §7), named once for the server that sets them and the cookie
// policy that lists them: a cookie added on one side cannot be missing from the other. How long each lives is
// the server's (server/routes/cookies.ts), and a server test checks that `lifetime` says the same.
import { LINK_TTL_MS } from './auth-messages.ts'
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from './constants.ts'

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/**
 * How long the browser keeps a cookie: `browser` until it closes; `days` or `minutes` otherwise; the session's
 * until the browser closes, or for `stayConnectedDays` when the user chose to stay connected.
 */
export type CookieLifetime =
  | { kind: 'browser' }
  | { kind: 'browserOrStayConnected'; stayConnectedDays: number }
  | { kind: 'days'; days: number }
  | { kind: 'minutes'; minutes: number }

export interface CookieFacts {
  name: string
  lifetime: CookieLifetime
  /** Tied to an account: sign-out clears it, so that the next person on a shared browser inherits none. */
  clearedAtSignOut: boolean
}

export const HAVEN_COOKIES = {
  session: {
    name: 'haven_session',
    lifetime: { kind: 'browserOrStayConnected', stayConnectedDays: 30 },
    clearedAtSignOut: true,
  },
  signUpProof: {
    name: 'haven_signup',
    lifetime: { kind: 'days', days: LINK_TTL_MS / DAY_MS },
    clearedAtSignOut: true,
  },
  checkoutProof: {
    name: 'haven_checkout',
    lifetime: { kind: 'minutes', minutes: 30 },
    clearedAtSignOut: true,
  },
  knownDevice: { name: 'haven_device', lifetime: { kind: 'days', days: 180 }, clearedAtSignOut: true },
  language: {
    name: LANGUAGE_COOKIE,
    lifetime: { kind: 'days', days: (LANGUAGE_COOKIE_MAX_AGE_SECONDS * 1000) / DAY_MS },
    clearedAtSignOut: false,
  },
  /** Only on a demo server whose mail goes to files: the key to its mailbox, no account's. */
  mailbox: { name: 'haven_mailbox', lifetime: { kind: 'browser' }, clearedAtSignOut: false },
} as const satisfies Record<string, CookieFacts>

export type HavenCookie = keyof typeof HAVEN_COOKIES

/** The lifetime in milliseconds, undefined for a cookie kept until the browser closes (the session's without stay connected). */
export function cookieMaxAgeMs(lifetime: CookieLifetime, stayConnected = false): number | undefined {
  switch (lifetime.kind) {
    case 'browser':
      return undefined
    case 'browserOrStayConnected':
      return stayConnected ? lifetime.stayConnectedDays * DAY_MS : undefined
    case 'days':
      return lifetime.days * DAY_MS
    case 'minutes':
      return lifetime.minutes * MINUTE_MS
  }
}
