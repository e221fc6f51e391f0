// POST /api/csp-report: where browsers report what the Content-Security-Policy (server/security-headers.ts)
// refused, in either format they use: `application/csp-report` (report-uri, one report) and
// `application/reports+json` (the Reporting API, a batch). Each violation is logged at warn level and counted;
// the answer is always an empty 204, whatever was sent. With CSP_REPORTS_VISIBLE (test runs only),
// GET /api/csp-report answers `{ count, reports }`.
import type { FastifyPluginAsync } from 'fastify'

import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { HttpError } from '../errors.ts'

/** What is kept of a report: where and what, never a query string (a reset link's token) or a code sample. */
export interface CspViolation {
  documentURL: string
  blockedURL: string
  effectiveDirective: string
  disposition: string
  sourceFile: string
  lineNumber: number | null
  columnNumber: number | null
}

/** A report is a few hundred bytes; a batch of them a few kilobytes. */
const BODY_LIMIT = 64 * 1024
/** Violations read from one request: a batch larger than this is a flood, not a browser. */
const MAX_PER_REQUEST = 20
/** Violations kept for GET (tests); the count goes on. */
const MAX_KEPT = 100
const TEXT_LIMIT = 300
/** A page with a bug reports each distinct violation once; hundreds a minute is someone else. */
const REPORT_LIMIT = { max: 60, timeWindow: '1 minute' }

const REPORT_TYPES = ['application/csp-report', 'application/reports+json']

/** Control characters and lone surrogates have no place in a log line. */
const printable = (value: string) =>
  Array.from(value)
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0
      return code >= 0x20 && code !== 0x7f && (code < 0xd800 || code > 0xdfff)
    })
    .join('')

/** A short, printable string; URLs lose their query and fragment; keywords (`inline`, `eval`) stay. */
function clean(value: unknown): string {
  if (typeof value !== 'string') return ''
  let text = printable(value.slice(0, 4 * TEXT_LIMIT))
  try {
    const url = new URL(text)
    text =
      url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : url.protocol
  } catch {
    text = text.split(/[?#]/)[0] ?? ''
  }
  return text.slice(0, TEXT_LIMIT)
}

const position = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The violations in a body of either format; anything else is none. */
export function violationsIn(body: unknown): CspViolation[] {
  // report-uri: `{ "csp-report": { "document-uri", "blocked-uri", "effective-directive", … } }`
  if (isObject(body) && isObject(body['csp-report'])) {
    const report = body['csp-report']
    return [
      {
        documentURL: clean(report['document-uri']),
        blockedURL: clean(report['blocked-uri']),
        effectiveDirective: clean(report['effective-directive'] ?? report['violated-directive']),
        disposition: clean(report.disposition),
        sourceFile: clean(report['source-file']),
        lineNumber: position(report['line-number']),
        columnNumber: position(report['column-number']),
      },
    ]
  }
  // Reporting API: `[{ "type": "csp-violation", "url", "body": { "documentURL", "blockedURL", … } }]`
  if (Array.isArray(body)) {
    return body
      .slice(0, MAX_PER_REQUEST)
      .filter((entry) => isObject(entry) && entry.type === 'csp-violation' && isObject(entry.body))
      .map((entry) => {
        const report = entry.body as Record<string, unknown>
        return {
          documentURL: clean(report.documentURL ?? entry.url),
          blockedURL: clean(report.blockedURL),
          effectiveDirective: clean(report.effectiveDirective),
          disposition: clean(report.disposition),
          sourceFile: clean(report.sourceFile),
          lineNumber: position(report.lineNumber),
          columnNumber: position(report.columnNumber),
        }
      })
  }
  return []
}

export const cspReportRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx
  let count = 0
  const kept: CspViolation[] = []

  // Both formats are JSON under their own names; only this route reads them.
  app.addContentTypeParser(REPORT_TYPES, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new HttpError(400, API_ERROR_CODES.validation, 'The request body is not valid JSON.'), undefined)
    }
  })

  app.post(
    '/csp-report',
    { bodyLimit: BODY_LIMIT, config: { rateLimit: REPORT_LIMIT } },
    async (request, reply) => {
      for (const violation of violationsIn(request.body)) {
        count += 1
        kept.push(violation)
        if (kept.length > MAX_KEPT) kept.shift()
        request.log.warn({ csp: violation }, 'content security policy violation')
      }
      return reply.status(204).send()
    },
  )

  if (config.cspReportsVisible) {
    app.get('/csp-report', async () => ({ count, reports: kept }))
  }
}
