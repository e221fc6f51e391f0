// The one error shape of the API, `{ error, message }` (+ `fields` for a 400 on a form), for every 4xx
// and 5xx. Nothing else leaves the server: no stack trace, no SQL, no parameter.
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'

import type { AdminRefusal } from '../src/domain/admin.ts'
import {
  FIELD_ERROR_TEXTS,
  FIELD_ERRORS,
  type FieldErrorCode,
  isFieldErrorCode,
} from '../src/domain/auth-messages.ts'
import type { DecisionRefusal } from '../src/domain/booking-decisions.ts'
import {
  API_ERROR_CODES,
  type ApiErrorBody,
  type ApiErrorCode,
  UNHANDLED_ERROR_MESSAGE,
} from '../src/domain/errors.ts'
import type { Config } from './config.ts'
import { securityHeaders, setSecurityHeaders } from './security-headers.ts'

/** Thrown by handlers and services for an expected refusal; becomes `{ error: code, message }` with `status`. */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: number,
    /** The API's codes, and the back office's refusals of a decision (src/domain/booking-decisions.ts). */
    readonly code: ApiErrorCode | DecisionRefusal | AdminRefusal,
    message: string,
    /** On a 400 for a form: the code of each invalid field (src/domain/auth-messages.ts FIELD_ERRORS). */
    readonly fields?: Record<string, FieldErrorCode>,
  ) {
    super(message)
  }
}

/** What every rate limit answers with, in `message` of a 429 `rate_limited`. */
export const RATE_LIMITED_MESSAGE = 'Too many requests. Try again later.'

export const notFound = (message = 'Not found.') => new HttpError(404, API_ERROR_CODES.notFound, message)

export const databaseUnavailable = () =>
  new HttpError(503, API_ERROR_CODES.unavailable, 'The database is not answering. Try again in a moment.')

/** A change that could not be written whole: nothing of it was kept, and the same one may work in a moment. */
export const changeNotSaved = () =>
  new HttpError(
    503,
    API_ERROR_CODES.changeNotSaved,
    'Your change could not be saved, and nothing was changed. Try again in a moment.',
  )

/** Seconds a client is asked to wait before trying again while the database is away. */
const UNAVAILABLE_RETRY_SECONDS = 5

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: API_ERROR_CODES.validation,
  401: API_ERROR_CODES.unauthorized,
  403: API_ERROR_CODES.forbidden,
  404: API_ERROR_CODES.notFound,
  409: API_ERROR_CODES.conflict,
  413: API_ERROR_CODES.tooLarge,
  414: API_ERROR_CODES.tooLarge,
  431: API_ERROR_CODES.tooLarge,
  429: API_ERROR_CODES.rateLimited,
}

/** Fastify's own 4xx (bad JSON, wrong content type, body too large…) keep their status with a plain message. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is wrong.',
}

/**
 * SQLSTATEs of text the database cannot take (a NUL byte, a character its encoding lacks): the client's input
 * was bad, whichever rule let it through, so it is a 400, not the server's failure.
 */
const UNENCODABLE_TEXT = new Set(['22021', '22P05'])

/** Whether the database refused the text of a query (drizzle wraps the driver's error as `cause`). */
function isUnencodableText(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string' && UNENCODABLE_TEXT.has(code)) return true
    current = cause
  }
  return false
}

/**
 * SQLSTATEs and socket errors of a database that cannot be reached or is shutting down: the request was
 * fine, and the same one may work in a moment.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '53300', // too_many_connections
])
/** What node-postgres says, without a code, of a connection that broke or never came. */
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i

/** Whether the database could not be reached (drizzle wraps the driver's error as `cause`). */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true
    current = cause
  }
  return false
}

/** Refusals Fastify makes before any route or error handler runs, when the URL itself will not do. */
const URL_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
}

/**
 * Fastify's `frameworkErrors`: the errors it answers on its own, before routing, in the one shape. Their own
 * bodies quote the URL, which may carry a password (check-password takes one in its path): nothing of it is
 * sent back or logged.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = URL_MESSAGES[error.code]
  const status = message ? (error.statusCode ?? 400) : 500
  const body: ApiErrorBody = message
    ? { error: CODE_BY_STATUS[status] ?? API_ERROR_CODES.validation, message }
    : { error: API_ERROR_CODES.internal, message: UNHANDLED_ERROR_MESSAGE }
  if (status >= 500) request.log.error({ err: { type: error.name, code: error.code } }, 'request failed')
  // Answered before routing, so without the hooks that add these to every other answer.
  setSecurityHeaders(reply)
  void reply.status(status).header('cache-control', 'no-store').send(body)
}

/** What Node's HTTP parser refuses before Fastify has a request: a status and its message, by error code. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
}
const CLIENT_ERROR = { status: 400, message: 'The request is not valid.' }

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (bad bytes in the URL, a wrong
 * Content-Length, headers too large) is answered on the socket itself, there being no request to reply to,
 * in the one error shape and with the security headers every other answer has; then the connection closes.
 */
export function clientErrorHandler(config: Config) {
  const headers = Object.entries({
    ...securityHeaders(config),
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  })
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A connection reset has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? CLIENT_ERROR
    const body = JSON.stringify({
      error: CODE_BY_STATUS[status] ?? API_ERROR_CODES.validation,
      message,
    } satisfies ApiErrorBody)
    if (socket.writable) {
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...headers.map(([name, value]) => `${name}: ${value}`),
        `content-length: ${Buffer.byteLength(body)}`,
      ]
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`)
    }
    socket.destroy()
  }
}

/** A schema's issue as fastify-type-provider-zod hands it on: zod's code as `keyword`, its details as `params`. */
interface ValidationIssue {
  keyword: string
  message: string
  params: Record<string, unknown>
}

/**
 * The code of an invalid field. A rule written without a code of its own gives 'invalid', but a text too long
 * 'too_long' and a text or list left empty 'required': a number out of its range is neither.
 */
export function fieldCodeOf({ keyword, message, params }: ValidationIssue): FieldErrorCode {
  if (isFieldErrorCode(message)) return message
  if (keyword === 'too_big' && params.origin === 'string') return FIELD_ERRORS.tooLong
  if (
    keyword === 'too_small' &&
    params.minimum === 1 &&
    (params.origin === 'string' || params.origin === 'array')
  )
    return FIELD_ERRORS.required
  return FIELD_ERRORS.invalid
}

/** The code of each invalid field (src/domain/auth-messages.ts FIELD_ERRORS), the first one per field as the client's forms show it. */
function fieldsOf(error: FastifyError): Record<string, FieldErrorCode> {
  const fields: Record<string, FieldErrorCode> = {}
  if (!hasZodFastifySchemaValidationErrors(error)) return fields
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    fields[path || '(root)'] ??= fieldCodeOf(issue as ValidationIssue)
  }
  return fields
}

/** `message` of a 400 on a form: its first field's rule in English ('Please fill in the field: email'). */
function fieldsMessage(fields: Record<string, FieldErrorCode>): string {
  const [first] = Object.entries(fields)
  if (!first) return 'The request is not valid.'
  const [field, code] = first
  return code === FIELD_ERRORS.required
    ? `${FIELD_ERROR_TEXTS.required} ${field}`
    : `${field}: ${FIELD_ERROR_TEXTS[code]}`
}

/** Names the database gives in an error: of its schema, never of the values in a query. */
const DATABASE_ERROR_NAMES = ['constraint', 'table', 'column', 'dataType', 'routine'] as const

/**
 * A failure as the log may show it: the kind and code of the error and of its causes (drizzle wraps the
 * driver's error as `cause`), and for a database error its SQLSTATE and the constraint, table or column it
 * names. Never a message or detail: the database's quote the values (`invalid input syntax for type integer:
 * "…"`, `Key (email)=(…) already exists`), and drizzle's the whole query with its parameters.
 */
export function failureForLog(error: unknown): Record<string, unknown> {
  const describe = (value: unknown): Record<string, unknown> => {
    const fields = value as Record<string, unknown>
    const described: Record<string, unknown> = { type: (value as Error).name }
    if (typeof fields.code === 'string' || typeof fields.code === 'number') described.code = fields.code
    for (const name of DATABASE_ERROR_NAMES) {
      if (typeof fields[name] === 'string') described[name] = fields[name]
    }
    return described
  }
  const failure = describe(error)
  const causes: Record<string, unknown>[] = []
  let current = (error as { cause?: unknown }).cause
  for (let depth = 0; current && typeof current === 'object' && depth < 3; depth += 1) {
    causes.push(describe(current))
    current = (current as { cause?: unknown }).cause
  }
  return causes.length ? { ...failure, causes } : failure
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500
    let body: ApiErrorBody = { error: API_ERROR_CODES.internal, message: UNHANDLED_ERROR_MESSAGE }

    // A database that is away makes every call fail for a while: 503, and the client may try again.
    const known =
      error instanceof HttpError ? error : isDatabaseUnreachable(error) ? databaseUnavailable() : null
    if (known) {
      status = known.status
      body = { error: known.code, message: known.message, ...(known.fields ? { fields: known.fields } : {}) }
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400
      const fields = fieldsOf(error)
      body = { error: API_ERROR_CODES.validation, message: fieldsMessage(fields), fields }
    } else if (error.validation || isUnencodableText(error)) {
      status = 400
      body = { error: API_ERROR_CODES.validation, message: 'The request is not valid.' }
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode
      body = {
        error: CODE_BY_STATUS[status] ?? API_ERROR_CODES.validation,
        message:
          FRAMEWORK_MESSAGES[error.code] ??
          (status === 429 ? RATE_LIMITED_MESSAGE : 'The request is not valid.'),
      }
    }

    if (status === 503) reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS))
    if (status >= 500) request.log.error({ err: failureForLog(error) }, 'request failed')
    return reply.status(status).header('cache-control', 'no-store').send(body)
  })
}
