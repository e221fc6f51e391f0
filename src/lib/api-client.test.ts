import { afterEach, describe, expect, it, vi } from 'vitest'

import { listFavourites, setFavourite } from '@/contract/routes'

import { ApiError, apiFetch, call, NetworkError } from './api-client'

/** A server that accepts the call and never answers; it lets go only when the request is aborted. */
function hangingFetch() {
  return vi.fn(
    (_path: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))
      }),
  )
}

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('counts a server that never answers as no answer, after its timeout', async () => {
    vi.stubGlobal('fetch', hangingFetch())
    await expect(
      apiFetch('/api/bookings', { method: 'POST', body: {}, timeoutMs: 30 }),
    ).rejects.toBeInstanceOf(NetworkError)
  })

  it("lets a caller's own abort through as it is, not as a network error", async () => {
    vi.stubGlobal('fetch', hangingFetch())
    const controller = new AbortController()
    const call = apiFetch('/api/bookings', { signal: controller.signal, timeoutMs: 5_000 })
    controller.abort()
    await expect(call).rejects.not.toBeInstanceOf(NetworkError)
  })

  it('tells an answered error from no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'not_found', message: 'Not found.' }, { status: 404 })),
    )
    await expect(apiFetch('/api/booking/1')).rejects.toBeInstanceOf(ApiError)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Bad gateway', { status: 502 })),
    )
    await expect(apiFetch('/api/booking/1')).rejects.toBeInstanceOf(NetworkError)
  })
})

describe('call', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("sends a contract's route by its method and path, each parameter encoded, the body as JSON", async () => {
    const fetch = vi.fn(async (_path: string, _init?: RequestInit) =>
      Response.json({ propertyId: '7', favourite: true }),
    )
    vi.stubGlobal('fetch', fetch)
    const answer = await call(setFavourite, {
      params: { userId: '1/2', propertyId: '7' },
      body: { favourite: true },
    })
    expect(answer).toEqual({ propertyId: '7', favourite: true })
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/favourite/1%2F2/7')
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{"favourite":true}' })
    await call(listFavourites, { params: { userId: '1', language: 'fr' } })
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/favourites/1/fr')
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({ method: 'GET', body: undefined })
  })
})
