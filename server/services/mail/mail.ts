// The mail service (docs/operations.md, Embedded defaults and production): with SMTP_URL set, messages go
// out through nodemailer's SMTP transport; without it, each message is written as an RFC 5322 `.eml` file
// (built by nodemailer's stream transport, CRLF line ends) plus a `.json` envelope into $DATA_DIR/mail/,
// where a person (GET /dev/mailbox) or a test reads it. Names start with the time, so they sort oldest first.
import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import nodemailer, { type Transporter } from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'

import type { Language } from '../../../src/domain/enums.ts'
import type { Config } from '../../config.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: Mail.Options['replyTo']
  /** The recipient's language: sets Content-Language; the texts themselves are the caller's. */
  language?: Language
}

/** What `$DATA_DIR/mail/{id}.json` holds beside `{id}.eml`. */
export interface MailEnvelope {
  id: string
  date: string
  messageId: string
  from: string
  to: string[]
  subject: string
  language: Language | null
  text: string
  html: string | null
}

export interface SentMail {
  messageId: string
  /** The file's id under $DATA_DIR/mail/, when written to files. */
  id?: string
}

export interface MailSender {
  /** Sends from MAIL_FROM; rejects when the SMTP server refuses it or the folder cannot be written. */
  send(message: MailMessage): Promise<SentMail>
}

export const mailDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'mail')

/** A file id: the time to the millisecond (sortable) and a random tail. */
const newId = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`

const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
const smtpTransports = new Map<string, Transporter>()

function smtpTransport(url: string): Transporter {
  let transport = smtpTransports.get(url)
  if (!transport) {
    transport = nodemailer.createTransport(url)
    smtpTransports.set(url, transport)
  }
  return transport
}

/** Readable by the server's user only: activation and reset links sign people in. */
async function writeAtomically(file: string, data: string | Buffer) {
  const temporary = `${file}.part`
  await writeFile(temporary, data, { mode: 0o600 })
  await rename(temporary, file)
}

/** The sender of the server's mail, by SMTP_URL or into $DATA_DIR/mail/ as `config` says. */
export function mailSender(config: Config): MailSender {
  return { send: (message) => sendMail(config, message) }
}

async function sendMail(config: Config, message: MailMessage): Promise<SentMail> {
  const options: Mail.Options = {
    from: config.mail.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.language ? { headers: { 'Content-Language': message.language } } : {}),
  }
  if (config.mail.smtpUrl) {
    const info = (await smtpTransport(config.mail.smtpUrl).sendMail(options)) as { messageId: string }
    return { messageId: info.messageId }
  }
  const info = (await fileTransport.sendMail(options)) as {
    messageId: string
    message: Buffer
    envelope: { from: string; to: string[] }
  }
  const dir = mailDir(config)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const id = newId()
  const envelope: MailEnvelope = {
    id,
    date: new Date().toISOString(),
    messageId: info.messageId,
    from: config.mail.from,
    to: info.envelope.to,
    subject: message.subject,
    language: message.language ?? null,
    text: message.text,
    html: message.html ?? null,
  }
  // The .eml first: whoever sees the .json can read both.
  await writeAtomically(join(dir, `${id}.eml`), info.message)
  await writeAtomically(join(dir, `${id}.json`), `${JSON.stringify(envelope, null, 2)}\n`)
  return { messageId: info.messageId, id }
}

/** Closes SMTP connections (tests, shutdown). */
export function closeMailTransports(): void {
  for (const transport of smtpTransports.values()) transport.close()
  smtpTransports.clear()
}
