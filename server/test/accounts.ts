// Helpers for tests that need a signed-in user or the e-mails the server wrote: sign in and get the cookie
// header, read $DATA_DIR/mail/, decode an .eml and pull the link out of it.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'

import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { DEMO_ADMIN, DEMO_AGENCY } from '../db/seed/seed.ts'
import type { MailEnvelope } from '../services/mail/mail.ts'

let nextAddress = 0
/** Back to the first address, as each server test file starts (test/setup.ts). */
export function resetAddresses() {
  nextAddress = 0
}
/** A fresh client address per call, so that rate limits (per IP and route) do not add up across tests. */
export const freshIp = () => {
  nextAddress += 1
  return `10.9.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`
}

/**
 * POST and GET to the app as a client at a fresh address, signed in when a cookie header is given. `app` is
 * read at each call: suites build theirs in `beforeAll`.
 */
export function clientOf(app: () => FastifyInstance) {
  return {
    post: (url: string, payload?: object, cookie?: string) =>
      app().inject({
        method: 'POST',
        url,
        ...(payload ? { payload } : {}),
        headers: cookie ? { cookie } : {},
        remoteAddress: freshIp(),
      }),
    get: (url: string, cookie?: string) =>
      app().inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: freshIp() }),
  }
}

/** The `cookie` header a browser would send back after this response. */
export function cookieHeader(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

/**
 * Signs in through POST /api/sign-in/frontend (the back office's: `backend`) and returns the session's cookie
 * header; throws on refusal.
 */
export async function signInCookie(
  app: FastifyInstance,
  email: string,
  password: string,
  stayConnected = false,
  appType: 'frontend' | 'backend' = 'frontend',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/sign-in/${appType}`,
    payload: { email, password, stayConnected },
    remoteAddress: freshIp(),
  })
  if (response.statusCode !== 200) throw new Error(`sign-in ${response.statusCode}: ${response.body}`)
  return cookieHeader(response)
}

/**
 * Back-office sessions on the demo world (every seeded agency's password is the demo's): the administrator's,
 * an agency's by its id, and another agency's than that one.
 */
export function staffSessions(app: () => FastifyInstance, db: () => Db) {
  const backOffice = (email: string, password: string) =>
    signInCookie(app(), email, password, false, 'backend')
  return {
    admin: () => backOffice(DEMO_ADMIN.email, DEMO_ADMIN.password),
    async agency(agencyId: number) {
      const [agency] = await db().select().from(users).where(eq(users.id, agencyId))
      return backOffice(agency!.email, DEMO_AGENCY.password)
    },
    async otherAgency(agencyId: number) {
      const agencies = await db().select().from(users).where(eq(users.type, 'AGENCY'))
      return backOffice(agencies.find((agency) => agency.id !== agencyId)!.email, DEMO_AGENCY.password)
    },
  }
}

export interface WrittenMail extends MailEnvelope {
  /** The .eml file as written. */
  eml: string
}

/** Every message under `dataDir/mail/`, oldest first. */
export function readMailFolder(dataDir: string): WrittenMail[] {
  const dir = join(dataDir, 'mail')
  let files: string[]
  try {
    files = readdirSync(dir)
  } catch {
    return []
  }
  return files
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const envelope = JSON.parse(readFileSync(join(dir, file), 'utf8')) as MailEnvelope
      return { ...envelope, eml: readFileSync(join(dir, `${envelope.id}.eml`), 'utf8') }
    })
}

/** The newest message to `to`; throws when there is none. */
export function lastMailTo(dataDir: string, to: string): WrittenMail {
  const mail = readMailFolder(dataDir)
    .filter((message) => message.to.includes(to.toLowerCase()))
    .at(-1)
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}

/** The text/plain part of an .eml as nodemailer writes it (quoted-printable or base64), decoded. */
export function emlText(eml: string): string {
  // Parts are split at the message's own boundary only: a line of the text may start with '--' too (a
  // base64url token wrapped by quoted-printable, say), and is no boundary.
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(eml)?.[1]
  const parts = boundary ? eml.split(`\r\n--${boundary}`) : [eml]
  const part = parts.find((p) => /content-type: text\/plain/i.test(p)) ?? eml
  const [head = '', ...rest] = part.split('\r\n\r\n')
  const body = rest.join('\r\n\r\n')
  if (/content-transfer-encoding: base64/i.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  }
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The first link to `path` (e.g. '/activate') in a text, parsed. */
export function linkIn(text: string, path: string): URL {
  const found = text.match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?[^\\s]+`))
  if (!found) throw new Error(`no ${path} link in:\n${text}`)
  return new URL(found[0])
}

/** A sign-up body that passes every rule, for `email`; `overrides` change or add fields. */
export const newcomer = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  password: 'first-secret',
  fullName: 'Nora Petit',
  birthDate: '1990-02-03',
  language: 'en',
  acceptTerms: true,
  ...overrides,
})
