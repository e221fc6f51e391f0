import { describe, expect, it } from 'vitest'

import { ApiError, NetworkError } from '@/lib/api-client'

import { isUnavailableOffline, type ReadState } from './read-state'

const read = (state: Partial<ReadState>): ReadState => ({
  data: undefined,
  error: null,
  failureReason: null,
  fetchStatus: 'idle',
  ...state,
})

describe('a read with nothing on the device', () => {
  it('is unavailable once it waits, paused, for the network', () => {
    expect(isUnavailableOffline(read({ fetchStatus: 'paused' }), false)).toBe(true)
  })

  it('is unavailable at the first unanswered attempt while offline, before the retry delay ends', () => {
    const failedOnce = read({ fetchStatus: 'fetching', failureReason: new NetworkError() })
    expect(isUnavailableOffline(failedOnce, false)).toBe(true)
    // Online, the retry may still find the server: placeholders, not a verdict.
    expect(isUnavailableOffline(failedOnce, true)).toBe(false)
  })

  it('is unavailable when it failed with no answer, and not when the server refused it', () => {
    expect(isUnavailableOffline(read({ error: new NetworkError() }), true)).toBe(true)
    expect(isUnavailableOffline(read({ error: new ApiError(404, 'not_found', 'Not found') }), false)).toBe(
      false,
    )
  })

  it('is never unavailable with saved data to show, nor while the first attempt is under way', () => {
    expect(isUnavailableOffline(read({ data: { id: 1 }, fetchStatus: 'paused' }), false)).toBe(false)
    expect(isUnavailableOffline(read({ fetchStatus: 'fetching' }), false)).toBe(false)
  })
})
