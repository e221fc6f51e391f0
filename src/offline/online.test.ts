import { onlineManager } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { HEALTH_PATH, probeServer, trackOnlineState } from './online'

function setNavigatorOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value })
}

describe('online state', () => {
  let stop: (() => void) | undefined

  beforeEach(() => setNavigatorOnline(true))
  afterEach(() => {
    stop?.()
    onlineManager.setOnline(true)
    vi.useRealTimers()
  })

  it('is seeded from navigator.onLine before anything runs', () => {
    setNavigatorOnline(false)
    stop = trackOnlineState({ probe: async () => true }).stop
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('goes offline when a request finds no server and the probe fails, and back when it answers', async () => {
    vi.useFakeTimers()
    let reachable = false
    const probe = vi.fn(async () => reachable)
    const tracker = trackOnlineState({ probe })
    stop = tracker.stop
    expect(onlineManager.isOnline()).toBe(true)

    tracker.reportNetworkError()
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false))

    // No 'online' event comes when only the server was away: the tracker keeps asking.
    reachable = true
    await vi.advanceTimersByTimeAsync(15_000)
    expect(onlineManager.isOnline()).toBe(true)
    expect(probe).toHaveBeenCalledTimes(2)
  })

  it("trusts the browser's offline event at once and probes on its online event", async () => {
    const probe = vi.fn(async () => true)
    stop = trackOnlineState({ probe }).stop
    window.dispatchEvent(new Event('offline'))
    expect(onlineManager.isOnline()).toBe(false)
    expect(probe).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(true))
    expect(probe).toHaveBeenCalledOnce()
  })

  it('probes GET /api/health and treats an error status as unreachable', async () => {
    const fetchOk = vi.fn(async () => new Response('{}', { status: 200 }))
    expect(await probeServer(fetchOk as unknown as typeof fetch)).toBe(true)
    expect(fetchOk).toHaveBeenCalledWith(HEALTH_PATH, expect.objectContaining({ cache: 'no-store' }))
    const fetch503 = vi.fn(async () => new Response('', { status: 503 }))
    expect(await probeServer(fetch503 as unknown as typeof fetch)).toBe(false)
    const fetchThrows = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
    expect(await probeServer(fetchThrows as unknown as typeof fetch)).toBe(false)
  })
})
