// One watch for a 401 from the API, for both applications' sessions: reads, writes and other sources (the
// outbox's refused commands) alike; not a network failure, nor another refusal; nothing once the watch ends.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ApiError, NetworkError } from './api-client'
import { type ErrorSource, watchUnauthorized } from './unauthorized-watch'

const unauthorized = () => new ApiError(401, 'unauthorized', 'Sign in again.')
const forbidden = () => new ApiError(403, 'forbidden', 'No.')

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

const read = (queryClient: QueryClient, error: Error) =>
  queryClient
    .fetchQuery({ queryKey: ['read', Math.random()], queryFn: () => Promise.reject(error) })
    .catch(() => {})

const write = (queryClient: QueryClient, error: Error) =>
  queryClient
    .getMutationCache()
    .build(queryClient, { mutationFn: () => Promise.reject(error) })
    .execute(undefined)
    .catch(() => {})

describe('watchUnauthorized', () => {
  let stop = () => {}
  afterEach(() => stop())

  it('tells of a read or a write answered 401, and of nothing else', async () => {
    const queryClient = client()
    const ended = vi.fn()
    stop = watchUnauthorized(queryClient, ended)

    await read(queryClient, forbidden())
    await read(queryClient, new NetworkError())
    await write(queryClient, forbidden())
    expect(ended).not.toHaveBeenCalled()

    await read(queryClient, unauthorized())
    expect(ended).toHaveBeenCalledTimes(1)
    await write(queryClient, unauthorized())
    expect(ended).toHaveBeenCalledTimes(2)
  })

  it("tells of another source's 401, and stops listening everywhere when the watch ends", async () => {
    const queryClient = client()
    const listeners = new Set<(error: ApiError) => void>()
    const source: ErrorSource = (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
    const ended = vi.fn()
    stop = watchUnauthorized(queryClient, ended, [source])

    for (const listener of listeners) listener(forbidden())
    expect(ended).not.toHaveBeenCalled()
    for (const listener of listeners) listener(unauthorized())
    expect(ended).toHaveBeenCalledTimes(1)

    stop()
    expect(listeners.size).toBe(0)
    await read(queryClient, unauthorized())
    await write(queryClient, unauthorized())
    expect(ended).toHaveBeenCalledTimes(1)
  })
})
