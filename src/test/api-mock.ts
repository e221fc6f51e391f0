// The API mocked at `fetch`, for the client's component tests: the renter's app (./app-harness.tsx) and the
// back office (./office-harness.tsx) answer through it.
import { vi } from 'vitest'

export type Handler = (url: string, init: RequestInit) => Response | Promise<Response>

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })

export interface Call {
  url: string
  method: string
  body: unknown
}

/**
 * Answers by `METHOD path` (the path with its query), or else by the first key, in the order written, that
 * ends in `*` and begins the call's; any other API path is a 404 in the API's error shape, anything else a
 * failed fetch. Returns the calls, in order.
 */
export function stubApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input.toString()
      const method = init.method ?? 'GET'
      calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined })
      const exact = routes[`${method} ${url}`]
      if (exact) return exact(url, init)
      const prefix = Object.keys(routes).find(
        (key) => key.endsWith('*') && `${method} ${url}`.startsWith(key.slice(0, -1)),
      )
      if (prefix) return routes[prefix]!(url, init)
      if (url.startsWith('/api/')) return json(404, { error: 'not_found', message: 'Not found' })
      throw new TypeError('Failed to fetch')
    }),
  )
  return calls
}
