import { onlineManager } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { HEALTH_PATH, probeServer, startReads, trackOnlineState } from './online'

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
    // The browser says online; the start's probe finds no server.
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false))
    expect(probe).toHaveBeenCalledOnce()
    reachable = true
    await vi.advanceTimersByTimeAsync(15_000)
    expect(onlineManager.isOnline()).toBe(true)

    reachable = false
    tracker.reportNetworkError()
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false))

    // No 'online' event comes when only the server was away: the tracker keeps asking.
    reachable = true
    await vi.advanceTimersByTimeAsync(15_000)
    expect(onlineManager.isOnline()).toBe(true)
    expect(probe).toHaveBeenCalledTimes(4)
  })

  it("trusts the browser's offline event at once and probes on its online event", async () => {
    const probe = vi.fn(async () => true)
    const tracker = trackOnlineState({ probe })
    stop = tracker.stop
    // The start's probe, answered.
    await tracker.check()
    probe.mockClear()
    window.dispatchEvent(new Event('offline'))
    expect(onlineManager.isOnline()).toBe(false)
    expect(probe).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(true))
    expect(probe).toHaveBeenCalledOnce()
  })

  it('probes GET /api/health and treats an error status as unreachable', async () => {
    const answer = new Response('{}', { status: 200 })
    const fetchOk = vi.fn(async () => answer)
    expect(await probeServer(fetchOk as unknown as typeof fetch)).toBe(true)
    // Its body is read, so that the request ends.
    expect(answer.bodyUsed).toBe(true)
    expect(fetchOk).toHaveBeenCalledWith(HEALTH_PATH, expect.objectContaining({ cache: 'no-store' }))
    const fetch503 = vi.fn(async () => new Response('', { status: 503 }))
    expect(await probeServer(fetch503 as unknown as typeof fetch)).toBe(false)
    const fetchThrows = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
    expect(await probeServer(fetchThrows as unknown as typeof fetch)).toBe(false)
  })

  it("does not take the browser's word for online at start: it asks the server", async () => {
    let answer: (reachable: boolean) => void = () => {}
    const probe = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)))
    stop = trackOnlineState({ probe }).stop
    expect(probe).toHaveBeenCalledOnce()
    answer(false)
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false))
  })
})

it('asks the server once, however often its subscribers come and go', async () => {
  const probe = vi.fn(async () => true)
  const tracker = trackOnlineState({ probe })
  // A component that subscribes afresh on each render: TanStack sets its listener up again each time.
  for (let i = 0; i < 5; i++) onlineManager.subscribe(() => {})()
  await tracker.check()
  expect(probe).toHaveBeenCalledOnce()
  tracker.stop()
})

it('keeps a verdict of no server when its subscribers come and go, though the browser says online', async () => {
  const probe = vi.fn(async () => false)
  const tracker = trackOnlineState({ probe })
  await tracker.check()
  expect(onlineManager.isOnline()).toBe(false)
  // A screen's hook unsubscribes and subscribes again: TanStack sets its listener up afresh.
  for (let i = 0; i < 3; i++) onlineManager.subscribe(() => {})()
  const unsubscribe = onlineManager.subscribe(() => {})
  expect(onlineManager.isOnline()).toBe(false)
  unsubscribe()
  tracker.stop()
  onlineManager.setOnline(true)
})

it('asks again at its interval however often its subscribers come and go', async () => {
  vi.useFakeTimers()
  let reachable = false
  const tracker = trackOnlineState({ probe: async () => reachable })
  await vi.advanceTimersByTimeAsync(0)
  expect(onlineManager.isOnline()).toBe(false)
  reachable = true
  // A screen re-subscribing every 5 s: the 15 s interval still ends.
  for (let i = 0; i < 4; i++) {
    onlineManager.subscribe(() => {})()
    await vi.advanceTimersByTimeAsync(5_000)
  }
  expect(onlineManager.isOnline()).toBe(true)
  tracker.stop()
  vi.useRealTimers()
})

describe('startReads (route loaders)', () => {
  afterEach(() => onlineManager.setOnline(true))

  it('online, waits for the reads', async () => {
    let settled = false
    let finish: () => void = () => {}
    const read = new Promise<void>((resolve) => (finish = resolve))
    const wait = startReads([read], 5_000).then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    finish()
    await wait
    expect(settled).toBe(true)
  })

  it('never fails the route: a refused read is left for the screen to show', async () => {
    await expect(startReads([Promise.reject(new Error('404'))])).resolves.toBeUndefined()
  })

  it('offline, does not wait for a network that is not there', async () => {
    onlineManager.setOnline(false)
    await expect(startReads([new Promise(() => {})])).resolves.toBeUndefined()
  })

  it('offline, still handles a read that fails after the route went on', async () => {
    onlineManager.setOnline(false)
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    let fail: (error: Error) => void = () => {}
    const read = new Promise((_resolve, reject) => (fail = reject))
    await expect(startReads([read])).resolves.toBeUndefined()
    fail(new Error('cancelled'))
    // Node reports an unhandled rejection once the microtasks are done, before the next task.
    await new Promise((resolve) => setTimeout(resolve, 0))
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
  })

  it('stops waiting as soon as the app finds itself offline', async () => {
    const wait = startReads([new Promise(() => {})], 60_000)
    onlineManager.setOnline(false)
    await expect(wait).resolves.toBeUndefined()
  })

  it('waits no longer than its bound for a server that does not answer', async () => {
    vi.useFakeTimers()
    const wait = startReads([new Promise(() => {})], 3_500)
    await vi.advanceTimersByTimeAsync(3_500)
    await expect(wait).resolves.toBeUndefined()
  })
})
