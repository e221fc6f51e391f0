// What renters really ask for, for `npm run bench` (bench/run.ts): searches with dates, filters and sorts that
// the short first-page cache cannot answer, their next pages, a property's page with its held nights, and the
// pages the server renders. Each request is drawn afresh from a seeded generator, so two runs ask the same.
import autocannon from 'autocannon'

import { PROPERTY_SORTS, PROPERTY_TYPES, RENTAL_TERMS } from '../src/domain/enums.ts'
import { addDays } from '../src/domain/stay.ts'
import type { ScaleFigures } from './scale.ts'

export interface ScenarioRequest {
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  /** A session's cookie, for the back office's calls. */
  cookie?: string
}

export interface ScenarioFigures extends ScaleFigures {
  /** For pages: the share of answers the server rendered (the others were the app's shell). */
  renderedShare?: number
}

/** A small deterministic generator (mulberry32), so that the requests of two runs are the same. */
export function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const some = <T>(values: readonly T[], most: number) =>
    values.filter(() => next() < most / values.length).slice(0, most)
  return { next, int, some, pick: <T>(values: readonly T[]) => values[int(0, values.length - 1)]! }
}

const today = () => new Date().toISOString().slice(0, 10)

/** A stay somewhere in the coming ten months, of 2 to 14 nights. */
function stay(rnd: ReturnType<typeof generator>) {
  const from = addDays(today(), rnd.int(3, 300))
  return { from, to: addDays(from, rnd.int(2, 14)) }
}

/** A renter's dated search: a stay, often a type or a term, any sort the search offers. */
export function datedSearch(rnd: ReturnType<typeof generator>) {
  const types = rnd.some(PROPERTY_TYPES, 2)
  const rentalTerms = rnd.next() < 0.5 ? rnd.some(RENTAL_TERMS, 1) : []
  return {
    size: 15,
    ...stay(rnd),
    ...(types.length ? { types } : {}),
    ...(rentalTerms.length ? { rentalTerms } : {}),
    sort: rnd.pick(PROPERTY_SORTS),
    language: rnd.next() < 0.3 ? 'fr' : 'en',
  }
}

/** The rendered search page of a dated search, as a renter's link opens it. */
export function datedSearchPage(rnd: ReturnType<typeof generator>) {
  const search = datedSearch(rnd)
  const params = new URLSearchParams({ from: search.from, to: search.to, sort: search.sort })
  if (search.types) params.set('types', search.types.join(','))
  if (search.rentalTerms) params.set('terms', search.rentalTerms.join(','))
  return `/search?${params}`
}

/**
 * Load `base` for `seconds` with `connections`, each request drawn from `next`. A page counts as rendered when
 * its HTML holds the server's markup (`data-prerendered`), not only the shell.
 */
export async function loadScenario(
  base: string,
  seconds: number,
  connections: number,
  next: () => ScenarioRequest,
  { pages = false } = {},
): Promise<ScenarioFigures> {
  let rendered = 0
  let answered = 0
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const drawn = next()
          return {
            ...request,
            method: drawn.method,
            path: drawn.path,
            headers: {
              ...(drawn.body ? { 'content-type': 'application/json' } : {}),
              ...(drawn.cookie ? { cookie: drawn.cookie } : {}),
            },
            body: drawn.body ? JSON.stringify(drawn.body) : undefined,
          }
        },
        ...(pages
          ? {
              onResponse: (_status: number, body: string) => {
                answered += 1
                if (body.includes('data-prerendered=')) rendered += 1
              },
            }
          : {}),
      },
    ],
  })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    ...(pages ? { renderedShare: answered ? Number((rendered / answered).toFixed(2)) : 0 } : {}),
  }
}

/**
 * The next pages of dated searches: the first page of each of `count` searches is asked once, and the load
 * then asks their second pages (cursor pages: docs/api.md, Search).
 */
export async function nextPageRequests(
  base: string,
  count: number,
  seed: number,
): Promise<ScenarioRequest[]> {
  const rnd = generator(seed)
  const requests: ScenarioRequest[] = []
  for (let i = 0; i < count; i++) {
    const search = datedSearch(rnd)
    const response = await fetch(`${base}/api/properties/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(search),
    })
    const page = (await response.json()) as { nextCursor?: string | null }
    if (page.nextCursor)
      requests.push({
        method: 'POST',
        path: '/api/properties/search',
        body: { ...search, cursor: page.nextCursor },
      })
  }
  return requests
}

/** Draw from a fixed list in turn. */
export const inTurn = (requests: ScenarioRequest[]) => {
  let i = 0
  return () => requests[i++ % requests.length]!
}

/** A back-office session's cookie header: staff sign in at /api/sign-in/backend (docs/api.md, Back office). */
export async function staffCookie(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/sign-in/backend`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`staff sign-in answered ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/**
 * What an agent's desk asks: the inbox's first page (newest first, or one status, or a renter's name) and the
 * calendar of every property over a month, from a seeded generator.
 */
export function backOfficeRequest(rnd: ReturnType<typeof generator>): ScenarioRequest {
  const draw = rnd.next()
  if (draw < 0.25) {
    const from = addDays(today(), rnd.int(0, 300))
    return { method: 'GET', path: `/api/back-office/calendar?from=${from}&to=${addDays(from, 31)}` }
  }
  const params = new URLSearchParams({ size: '30' })
  if (draw < 0.5) params.set('status', rnd.pick(['PENDING', 'PAID', 'DEPOSIT', 'CANCELLED']))
  else if (draw < 0.65) params.set('renter', rnd.pick(['a', 'ma', 'jo', 'son', 'le']))
  return { method: 'GET', path: `/api/back-office/bookings?${params}` }
}
