// GET /dev/mailbox: the demo mailbox. While mail goes to files (no SMTP_URL) and DEMO_MAILBOX is on, a newcomer
// reads what the server sent (activation and reset links) in the browser: a list, newest first, and each
// message's text with its links clickable. Those links sign people in, so the mailbox answers only the person
// who started the server: it asks for the secret printed at start in its URL (`?token=`, then kept in a
// cookie of its own), since a request's coming from this machine proves nothing (a reverse proxy on it relays
// anyone's, with a loopback Host and no forwarding header). And still only a request made on this machine to
// this machine: a loopback socket, no forwarding header of any proxy (even an empty one), and a loopback Host,
// so that a web page whose DNS name was rebound to 127.0.0.1 cannot read it.
import { createHash, timingSafeEqual } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'

import { HAVEN_COOKIES } from '../../src/domain/cookies.ts'
import { type MailEnvelope, mailDir } from '../services/mail/mail.ts'
import { escapeHtml } from '../services/mail/templates.ts'

const ID = /^[0-9TZ-]+-[0-9a-f]{8}$/
const MAILBOX_PATH = '/dev/mailbox'
/** Holds the secret once the mailbox was opened with it, for its own pages only. */
export const MAILBOX_COOKIE = HAVEN_COOKIES.mailbox.name
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
/** The names this machine answers to itself, with an optional port; anything else may be a rebound DNS name. */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i
/** Headers proxies add. Their mere presence means the request was relayed, whatever they say. */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
])
const isForwardingHeader = (name: string) =>
  FORWARDING_HEADERS.has(name) || /^x-(original-)?forwarded/.test(name)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:1rem auto;padding:0 1rem;line-height:1.5}
li{margin:.4rem 0}small{color:#555}pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:1rem}</style>
</head><body>${body}</body></html>
`

/** Escapes the text and turns http(s) URLs into links. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`)

const isFromThisMachine = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? '') &&
  !Object.keys(request.headers).some(isForwardingHeader) &&
  LOOPBACK_HOST.test(request.headers.host ?? '')

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether `given` is the secret, compared in constant time. */
const isToken = (given: unknown, token: string) =>
  typeof given === 'string' && given !== '' && timingSafeEqual(digest(given), digest(token))

const nothingHere = (reply: FastifyReply) =>
  reply.status(404).header('cache-control', 'no-store').type('text/plain').send('Nothing to see here!')

export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const dir = mailDir(app.ctx.config)
  const token = app.ctx.config.mail.demoMailboxToken
  if (!token) throw new Error('The demo mailbox needs its token (config.mail.demoMailboxToken).')

  /**
   * Whether the request may read the mailbox. A first visit brings the secret in its URL: it is kept in a
   * cookie for the mailbox's pages, and the browser is sent on to `path` without it, out of the address bar,
   * history and Referer. Anything else gets the same 404 as a mailbox that is off.
   */
  const admitted = (request: FastifyRequest, reply: FastifyReply, path: string): boolean => {
    const fromHere = isFromThisMachine(request)
    if (fromHere && isToken((request.query as Record<string, unknown> | undefined)?.token, token)) {
      void reply
        .setCookie(MAILBOX_COOKIE, token, { path: MAILBOX_PATH, httpOnly: true, sameSite: 'strict' })
        .header('cache-control', 'no-store')
        .redirect(path, 303)
      return false
    }
    if (fromHere && isToken(request.cookies[MAILBOX_COOKIE], token)) return true
    void nothingHere(reply)
    return false
  }

  const envelopes = async (): Promise<MailEnvelope[]> => {
    let files: string[]
    try {
      files = await readdir(dir)
    } catch {
      return []
    }
    const ids = files
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -5))
      .filter((id) => ID.test(id))
      .sort()
      .reverse()
    const read = await Promise.all(
      ids.map((id) =>
        readFile(join(dir, `${id}.json`), 'utf8').then(
          (json) => JSON.parse(json) as MailEnvelope,
          () => null,
        ),
      ),
    )
    return read.filter((envelope): envelope is MailEnvelope => envelope !== null)
  }

  app.get(MAILBOX_PATH, async (request, reply) => {
    if (!admitted(request, reply, MAILBOX_PATH)) return reply
    const list = await envelopes()
    const items = list
      .map(
        (mail) =>
          `<li><a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject)}</a><br><small>to ${escapeHtml(
            mail.to.join(', '),
          )} · ${escapeHtml(mail.date)}</small></li>`,
      )
      .join('\n')
    const body = `<h1>Mailbox</h1><p>Messages the server wrote to <code>${escapeHtml(dir)}</code>, newest first.</p>${
      list.length ? `<ol>${items}</ol>` : '<p>No messages yet.</p>'
    }`
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page('Mailbox', body))
  })

  app.get<{ Params: { id: string } }>(`${MAILBOX_PATH}/:id`, async (request, reply) => {
    const raw = request.params.id.endsWith('.eml')
    const id = raw ? request.params.id.slice(0, -4) : request.params.id
    if (!ID.test(id)) return nothingHere(reply)
    if (!admitted(request, reply, `${MAILBOX_PATH}/${request.params.id}`)) return reply
    reply.header('cache-control', 'no-store')
    try {
      if (raw) return reply.type('message/rfc822').send(await readFile(join(dir, `${id}.eml`)))
      const mail = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as MailEnvelope
      const body = `<p><a href="/dev/mailbox">← Mailbox</a> · <a href="/dev/mailbox/${id}.eml">raw .eml</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<p><small>from ${escapeHtml(mail.from)}<br>to ${escapeHtml(mail.to.join(', '))}<br>${escapeHtml(mail.date)}</small></p>
<pre>${linkify(mail.text)}</pre>`
      return reply.type('text/html; charset=utf-8').send(page(mail.subject, body))
    } catch {
      return nothingHere(reply)
    }
  })
}
