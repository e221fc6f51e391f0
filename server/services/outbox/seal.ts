// Mail payloads at rest: an account e-mail carries a live link (activation, password reset) that signs in
// whoever follows it, and docs/product.md §7 keeps links only hashed in the database. So the outbox keeps such
// a mail sealed (AES-256-GCM, under a key derived from the session secret for this use alone) and opens it
// only to send it; a copy of the database or a backup shows the address and ciphertext, never the link.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

import type { MailMessage } from '../mail/mail.ts'
import type { Secrets } from '../secrets.ts'

/** A mail as the outbox keeps it: the address in clear (for an operator), the rest sealed. */
export interface SealedMail {
  to: string
  sealed: string
}

const INFO = 'haven outbox mail v1'

/** The key mails are sealed under: its own, so that it opens nothing the session secret signs. */
export const mailSealKey = (secrets: Pick<Secrets, 'sessionSecret'>): Buffer =>
  Buffer.from(hkdfSync('sha256', secrets.sessionSecret, '', INFO, 32))

export function sealMail(key: Buffer, message: MailMessage): SealedMail {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()])
  const sealed = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
  return { to: message.to, sealed }
}

const isSealed = (payload: unknown): payload is SealedMail =>
  typeof payload === 'object' && payload !== null && typeof (payload as SealedMail).sealed === 'string'

/** The mail of an outbox row: opened when sealed, as it is when written before mails were sealed. */
export function openMail(key: Buffer, payload: unknown): MailMessage {
  if (!isSealed(payload)) return payload as MailMessage
  const [iv = '', tag = '', body = ''] = payload.sealed.split('.')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()])
  return JSON.parse(text.toString('utf8')) as MailMessage
}
