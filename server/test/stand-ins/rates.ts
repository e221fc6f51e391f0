// A local stand-in for the exchange-rate providers (tests only): one node:http server on 127.0.0.1 that
// speaks exchangerate-api v6 (`/v6/{key}/latest/{base}`) and Frankfurter (`/frankfurter/latest?base=`), and
// can be told to answer each with a success or any failure of docs/product.md §9.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export type StandInBehaviour =
  | 'ok'
  | 'invalid-key'
  | 'malformed-request'
  | 'unsupported-code'
  | 'plan-upgrade-required'
  | 'empty'
  | 'missing-currency'
  | 'hang'
  | 'reset'
  | 'status-500'
  | 'garbage'
  /** A success whose date is no real day. */
  | 'bad-date'

export type StandInProvider = 'exchangerate-api' | 'frankfurter'

export interface StandIn {
  /** `http://127.0.0.1:{port}` for exchangerate-api; Frankfurter lives under `/frankfurter`. */
  url: string
  frankfurterUrl: string
  /** What each provider answers next (default 'ok'). */
  behave(provider: StandInProvider, behaviour: StandInBehaviour): void
  /** Requests received, in order: provider and path with query. */
  calls: { provider: StandInProvider; path: string }[]
  close(): Promise<void>
}

export const STAND_IN_KEY = 'test-key-9f8e7d'
export const STAND_IN_RATES = { USD: 1, EUR: 0.9, GBP: 0.8, AUD: 1.6, JPY: 150 }
export const STAND_IN_FRANKFURTER_RATES = { EUR: 0.91, GBP: 0.81, AUD: 1.61 }

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

export async function startRatesStandIn(): Promise<StandIn> {
  const behaviours: Record<StandInProvider, StandInBehaviour> = {
    'exchangerate-api': 'ok',
    frankfurter: 'ok',
  }
  const calls: StandIn['calls'] = []
  const sockets = new Set<Socket>()

  /** The failures both protocols share; true when handled. */
  function common(behaviour: StandInBehaviour, request: IncomingMessage, response: ServerResponse): boolean {
    switch (behaviour) {
      case 'hang':
        return true // never answers; the client's timeout must end it
      case 'reset':
        request.socket.destroy()
        return true
      case 'status-500':
        response.writeHead(500, { 'content-type': 'text/html' })
        response.end('<h1>Internal Server Error</h1>')
        return true
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"result": "succ')
        return true
      // Each protocol answers these in its own way.
      case 'ok':
      case 'invalid-key':
      case 'malformed-request':
      case 'unsupported-code':
      case 'plan-upgrade-required':
      case 'empty':
      case 'missing-currency':
      case 'bad-date':
        return false
    }
  }

  function exchangeRateApi(path: string, request: IncomingMessage, response: ServerResponse): void {
    const behaviour = behaviours['exchangerate-api']
    if (common(behaviour, request, response)) return
    const match = /^\/v6\/([^/]+)\/latest\/([^/?]+)$/.exec(path)
    const error = (type: string, status: number) =>
      json(response, status, { result: 'error', 'error-type': type })
    if (!match) return error('malformed-request', 404)
    if (behaviour === 'invalid-key' || decodeURIComponent(match[1]!) !== STAND_IN_KEY) {
      return error('invalid-key', 403)
    }
    if (behaviour === 'malformed-request') return error('malformed-request', 400)
    if (behaviour === 'unsupported-code' || match[2] !== 'USD') return error('unsupported-code', 404)
    // The real service answers this one with a 200.
    if (behaviour === 'plan-upgrade-required') return error('plan-upgrade-required', 200)
    const rates =
      behaviour === 'empty'
        ? {}
        : behaviour === 'missing-currency'
          ? { USD: 1, EUR: 0.9, GBP: 0.8 }
          : STAND_IN_RATES
    json(response, 200, {
      result: 'success',
      base_code: 'USD',
      time_last_update_unix: behaviour === 'bad-date' ? 1e20 : Date.UTC(2026, 10, 20) / 1000,
      conversion_rates: rates,
    })
  }

  function frankfurter(url: URL, request: IncomingMessage, response: ServerResponse): void {
    const behaviour = behaviours.frankfurter
    if (common(behaviour, request, response)) return
    if (url.pathname !== '/frankfurter/latest') return json(response, 404, { message: 'not found' })
    if (behaviour === 'malformed-request') return json(response, 422, { message: 'bad request' })
    if (behaviour === 'unsupported-code' || url.searchParams.get('base') !== 'USD') {
      return json(response, 404, { message: 'not found' })
    }
    if (behaviour === 'invalid-key' || behaviour === 'plan-upgrade-required') {
      return json(response, 403, { message: 'forbidden' })
    }
    const symbols = url.searchParams.get('symbols')?.split(',')
    const all: Record<string, number> =
      behaviour === 'empty'
        ? {}
        : behaviour === 'missing-currency'
          ? { EUR: 0.91 }
          : STAND_IN_FRANKFURTER_RATES
    const rates = Object.fromEntries(
      Object.entries(all).filter(([code]) => !symbols || symbols.includes(code)),
    )
    json(response, 200, {
      amount: 1,
      base: 'USD',
      date: behaviour === 'bad-date' ? '2026-13-45' : '2026-11-21',
      rates,
    })
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname + url.search
    if (url.pathname.startsWith('/frankfurter/')) {
      calls.push({ provider: 'frankfurter', path })
      frankfurter(url, request, response)
    } else {
      calls.push({ provider: 'exchangerate-api', path })
      exchangeRateApi(url.pathname, request, response)
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    frankfurterUrl: `${url}/frankfurter`,
    calls,
    behave(provider, behaviour) {
      behaviours[provider] = behaviour
    },
    async close() {
      // Hanging requests keep their sockets open: end them, or close() waits forever.
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
