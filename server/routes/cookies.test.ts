// The cookie policy (src/features/info/cookie-policy-page.tsx) lists src/domain/cookies.ts: what the server
// sets must be what it says, name, lifetime and whether sign-out clears it.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '../../src/domain/constants.ts'
import { cookieMaxAgeMs, HAVEN_COOKIES } from '../../src/domain/cookies.ts'
import { PERSISTENT_SESSION_TTL_MS } from '../services/auth/session.ts'
import {
  ACCOUNT_COOKIES,
  CHECKOUT_PROOF_COOKIE,
  type Cookie,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  SIGN_UP_PROOF_COOKIE,
} from './cookies.ts'
import { MAILBOX_COOKIE } from './mailbox.ts'

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(join(dir, entry.name))
      : /(?<!\.test)\.ts$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  )

describe('the cookies the server sets', () => {
  it('are the documented ones, each with the lifetime the cookie policy gives', () => {
    const server: Record<string, Cookie> = {
      session: SESSION_COOKIE,
      signUpProof: SIGN_UP_PROOF_COOKIE,
      checkoutProof: CHECKOUT_PROOF_COOKIE,
      knownDevice: DEVICE_COOKIE,
    }
    for (const [key, cookie] of Object.entries(server)) {
      const documented = HAVEN_COOKIES[key as keyof typeof HAVEN_COOKIES]
      expect(cookie.name, key).toBe(documented.name)
      expect(cookie.maxAgeMs, key).toBe(cookieMaxAgeMs(documented.lifetime))
    }
    // The session's cookie lasts as long as the browser, or as long as a session kept connected.
    expect(cookieMaxAgeMs(HAVEN_COOKIES.session.lifetime, true)).toBe(PERSISTENT_SESSION_TTL_MS)
    expect(cookieMaxAgeMs(HAVEN_COOKIES.language.lifetime)).toBe(LANGUAGE_COOKIE_MAX_AGE_SECONDS * 1000)
    expect(MAILBOX_COOKIE).toBe(HAVEN_COOKIES.mailbox.name)
    expect(cookieMaxAgeMs(HAVEN_COOKIES.mailbox.lifetime)).toBeUndefined()
  })

  it('clears at sign-out exactly the ones the policy says are tied to the account', () => {
    expect(ACCOUNT_COOKIES.map((cookie) => cookie.name).sort()).toEqual(
      Object.values(HAVEN_COOKIES)
        .filter((cookie) => cookie.clearedAtSignOut)
        .map((cookie) => cookie.name)
        .sort(),
    )
  })

  it('names no cookie of its own: every name comes from the documented list', () => {
    const literal = /setCookie\(\s*['"`]|['"]haven_[a-z_]+['"]/
    const offenders = sourcesUnder(join(import.meta.dirname, '..')).filter((file) =>
      literal.test(readFileSync(file, 'utf8')),
    )
    expect(offenders).toEqual([])
  })
})
