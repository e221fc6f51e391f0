import type { Api, ApiRoute } from '@/contract/api'
import { type RouteAnswer, type RouteInput, splitRoute } from '@/contract/route'
import type { ApiErrorBody } from '@/domain/errors'

/** The API's error shape, checked by hand: this module is on every page's critical path, without zod. */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).error === 'string' &&
    typeof (value as Record<string, unknown>).message === 'string'
  )
}

/** The server answered with an error status; `code` is the API's machine-readable `error` field. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** On a 400 for a form: the English message for each invalid field, by field name. */
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

/** The server could not be reached (offline, DNS, connection refused, aborted): nothing was answered. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor(options?: ErrorOptions) {
    super('The server could not be reached.', options)
  }
}

/**
 * How long a call may go unanswered before it counts as no answer (`NetworkError`): a server that accepts the
 * connection and never answers must not leave a screen spinning. Reads then fall back to saved data, and
 * queued writes wait and are sent again with their operation id. A file upload gets longer.
 */
export const REQUEST_TIMEOUT_MS = 10_000
export const UPLOAD_TIMEOUT_MS = 60_000

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON; a FormData (a file upload) is sent as it is, multipart. */
  body?: unknown
  signal?: AbortSignal
  /** Overrides `REQUEST_TIMEOUT_MS` (or `UPLOAD_TIMEOUT_MS` for a FormData body). */
  timeoutMs?: number
}

/**
 * How calls reach the API: the browser's `fetch` on the page's origin. The server, rendering a page
 * (src/app/prerender.tsx), hands its own in-process one instead: it has no origin to resolve `/api/…` against.
 */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init)

export function setApiTransport(next: typeof transport): void {
  transport = next
}

/** Parses a response body when it is JSON; an empty body is `undefined`. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Calls the same-origin API. Resolves with the parsed JSON body; rejects with `ApiError` for 4xx/5xx and
 * `NetworkError` when no answer came, so callers (and the offline queue) can tell the two apart.
 */
export async function apiFetch<T = unknown>(
  path: string,
  { method = 'GET', body, signal: callerSignal, timeoutMs }: RequestOptions = {},
) {
  const timeout = AbortSignal.timeout(
    timeoutMs ?? (body instanceof FormData ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS),
  )
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout
  let response: Response
  try {
    response = await transport(path, {
      method,
      signal,
      // Same origin: the session cookie is SameSite=Strict and must travel with every call.
      credentials: 'same-origin',
      // FormData sets its own multipart Content-Type, with the boundary.
      headers:
        body === undefined || body instanceof FormData
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    })
  } catch (error) {
    // A caller's abort is not a connectivity problem: let it through unchanged.
    if (callerSignal?.aborted) throw error
    throw new NetworkError({ cause: error })
  }
  let payload: unknown
  try {
    payload = await readJson(response)
  } catch (error) {
    // The body broke off (connection lost, page unloading, too slow): no answer was read either.
    if (callerSignal?.aborted) throw error
    throw new NetworkError({ cause: error })
  }
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      const { fields } = payload
      const byField =
        fields && typeof fields === 'object'
          ? Object.fromEntries(Object.entries(fields).filter((entry) => typeof entry[1] === 'string'))
          : undefined
      throw new ApiError(response.status, payload.error, payload.message, byField)
    }
    // A non-JSON error (a proxy's 502, the service worker's offline 503) means the API itself was not reached.
    if (response.status >= 502 && response.status <= 504) throw new NetworkError()
    throw new ApiError(response.status, 'unknown', response.statusText || `HTTP ${response.status}`)
  }
  return payload as T
}

/** A call's own options beside what its route takes. */
type CallOptions = Pick<RequestOptions, 'signal' | 'timeoutMs'>
type CallInput<R extends ApiRoute> = RouteInput<Api[R]> & CallOptions

/**
 * Calls a route of the contract (src/contract/routes.ts) by its key: the path filled in with `params`
 * (each encoded), `query` appended, `body` sent as JSON; the answer typed by the route's schema.
 */
export function call<R extends ApiRoute>(
  route: R,
  ...[input]: object extends RouteInput<Api[R]> ? [input?: CallInput<R>] : [input: CallInput<R>]
): Promise<RouteAnswer<Api[R]>> {
  const { method, path } = splitRoute(route)
  const { params, query, body, signal, timeoutMs } = (input ?? {}) as CallOptions & {
    params?: Record<string, unknown>
    query?: Record<string, unknown>
    body?: unknown
  }
  let url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])))
  if (query) {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) search.set(name, String(value))
    if (search.size) url += `?${search}`
  }
  return apiFetch<RouteAnswer<Api[R]>>(url, { method, body, signal, timeoutMs })
}
