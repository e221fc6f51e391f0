// What the persisted cache keeps on the device, and for whom: saved with the app's options, then restored
// into a new client as a reload would.
import { onlineManager, QueryClient } from '@tanstack/react-query'
import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { DAY_MS, QUEUED_CHANGE_MAX_AGE_MS } from '@/domain/constants'
import { PERSIST_MAX_AGE_MS } from '@/lib/query-client'

import { readOutbox } from './outbox'
import { persistOptions, removePersistedCache } from './persister'

/** A signed-in user's session: a search page, a property, their own record, a failed and an unlisted read. */
async function browsedClient(): Promise<QueryClient> {
  const client = new QueryClient()
  await client.prefetchInfiniteQuery({
    queryKey: ['catalog', 'search', { location: '13' }],
    queryFn: async () => ({ items: [{ _id: 'p1' }], nextCursor: null }),
    initialPageParam: null,
  })
  await client.prefetchQuery({ queryKey: ['catalog', 'property', 'p1', 'en'], queryFn: async () => ({}) })
  await client.prefetchQuery({ queryKey: ['user', '7'], queryFn: async () => ({ _id: '7' }) })
  await client.prefetchQuery({ queryKey: ['auth-config'], queryFn: async () => ({}) })
  await client.prefetchQuery({
    queryKey: ['bookings', 'list'],
    queryFn: async () => Promise.reject(new Error('refused')),
    retry: false,
  })
  return client
}

/** A change an older build queued offline, as it saved it with the cache (src/offline/saved-queue.ts). */
function savedChange(fullName: string, submittedAt = Date.now()) {
  return {
    mutationKey: ['user', 'update'],
    state: {
      status: 'pending',
      isPaused: true,
      variables: { _id: '7', fullName, operationId: `op-${fullName.replace(/\W/g, '-')}` },
      submittedAt,
    },
  }
}

/** A cache an older build saved for user 7, with its queue, under `buster`. */
async function savedByOlderBuild(client: QueryClient, buster: string, mutations: unknown[]): Promise<void> {
  await persistQueryClientSave({ queryClient: client, ...persistOptions('7'), buster })
  const { get, set } = await import('idb-keyval')
  const stored = JSON.parse((await get<string>('haven-query-cache:7'))!) as PersistedClient
  await set(
    'haven-query-cache:7',
    JSON.stringify({ ...stored, clientState: { ...stored.clientState, mutations } }),
  )
}

const outboxNames = () => readOutbox('7').map((command) => command.payload.fullName)

/** A reload: a new client restoring `userId`'s store. */
async function restoredFor(userId: string | null, buster?: string): Promise<QueryClient> {
  const client = new QueryClient()
  const options = persistOptions(userId)
  await persistQueryClientRestore({ queryClient: client, ...options, buster: buster ?? options.buster })
  return client
}

const queryKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => JSON.stringify(query.queryKey))
    .sort()

afterEach(() => {
  onlineManager.setOnline(true)
  vi.useRealTimers()
  localStorage.clear()
})

describe('the persisted query cache', () => {
  it("keeps the user's search pages, catalog and own data; nothing else, and no write", async () => {
    const client = await browsedClient()
    // A write on its way when the page closes (an activation, a payment's check): the outbox holds the
    // changes that are sent again, not the cache.
    void client
      .getMutationCache()
      .build(client, { mutationKey: ['activate', '7'], mutationFn: () => new Promise<never>(() => {}) })
      .execute({})
    await persistQueryClientSave({ queryClient: client, ...persistOptions('7') })

    const reloaded = await restoredFor('7')
    expect(queryKeys(reloaded)).toEqual([
      JSON.stringify(['catalog', 'property', 'p1', 'en']),
      JSON.stringify(['catalog', 'search', { location: '13' }]),
      JSON.stringify(['user', '7']),
    ])
    expect(reloaded.getQueryData(['catalog', 'search', { location: '13' }])).toEqual({
      pages: [{ items: [{ _id: 'p1' }], nextCursor: null }],
      pageParams: [null],
    })
    expect(reloaded.getMutationCache().getAll()).toEqual([])
  })

  it("keeps each user's data apart: another user and a visitor restore nothing of it", async () => {
    await persistQueryClientSave({ queryClient: await browsedClient(), ...persistOptions('7') })
    expect(queryKeys(await restoredFor('8'))).toEqual([])
    expect(queryKeys(await restoredFor(null))).toEqual([])
    expect(queryKeys(await restoredFor('7'))).toContain(JSON.stringify(['user', '7']))
  })

  it("never saves a user's own data in a visitor's store, whatever the cache still holds", async () => {
    // A read of the user's that answered after sign-out: in the cache the visitor's store now saves.
    await persistQueryClientSave({ queryClient: await browsedClient(), ...persistOptions(null) })
    expect(queryKeys(await restoredFor(null))).toEqual([
      JSON.stringify(['catalog', 'property', 'p1', 'en']),
      JSON.stringify(['catalog', 'search', { location: '13' }]),
    ])
  })

  it('starts a new build from an empty cache', async () => {
    await persistQueryClientSave({ queryClient: await browsedClient(), ...persistOptions('7') })
    expect(queryKeys(await restoredFor('7', 'next-build'))).toEqual([])
  })

  it("gives the outbox an older build's queue, without the screens that build saved", async () => {
    await savedByOlderBuild(await browsedClient(), 'previous-build', [savedChange('Ada King')])
    const updated = await restoredFor('7')
    expect(queryKeys(updated)).toEqual([])
    expect(updated.getMutationCache().getAll()).toEqual([])
    expect(outboxNames()).toEqual(['Ada King'])
  })

  it("gives the outbox an older build's queue from a cache older than a week, and nothing else of it", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    await savedByOlderBuild(await browsedClient(), persistOptions('7').buster!, [
      savedChange('Ada Old', start),
      savedChange('Ada Recent', start + 2 * DAY_MS),
    ])
    vi.setSystemTime(start + PERSIST_MAX_AGE_MS + 60_000)

    const reopened = await restoredFor('7')
    expect(queryKeys(reopened)).toEqual([])
    // Each keeps when it was made: one older than 60 days is never sent (src/offline/outbox.ts).
    expect(readOutbox('7').map((command) => command.madeAt)).toEqual([start, start + 2 * DAY_MS])
    expect(QUEUED_CHANGE_MAX_AGE_MS).toBeGreaterThan(PERSIST_MAX_AGE_MS)
  })

  it('after sign-out, a write the old store had scheduled does not bring the cache back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] })
    const client = await browsedClient()
    const options = persistOptions('7')
    await persistQueryClientSave({ queryClient: client, ...options })
    // Writes are batched once a second: this one waits for the next window.
    const late = persistQueryClientSave({ queryClient: client, ...options })
    await removePersistedCache('7')
    await vi.advanceTimersByTimeAsync(1000)
    await late
    expect(queryKeys(await restoredFor('7'))).toEqual([])

    // Signing in again opens the store again.
    await persistQueryClientSave({ queryClient: client, ...persistOptions('7') })
    expect(queryKeys(await restoredFor('7'))).toContain(JSON.stringify(['user', '7']))
  })
})

describe("an older build's queue", () => {
  it('is restored from its synchronous copy, which is newer than the one in IndexedDB', async () => {
    await savedByOlderBuild(new QueryClient(), persistOptions('7').buster!, [savedChange('Ada Old')])
    // The page went before IndexedDB had the newest queue; localStorage had it.
    localStorage.setItem('haven-query-cache:7:queue', JSON.stringify([savedChange('Ada King')]))
    await restoredFor('7')
    expect(outboxNames()).toEqual(['Ada King'])
    expect(localStorage.getItem('haven-query-cache:7:queue')).toBeNull()
    // Moved once: another reload adds nothing.
    await restoredFor('7')
    expect(outboxNames()).toEqual(['Ada King'])
  })

  it('is taken from IndexedDB when its synchronous copy is damaged', async () => {
    await savedByOlderBuild(new QueryClient(), persistOptions('7').buster!, [savedChange('Ada King')])
    localStorage.setItem('haven-query-cache:7:queue', '[null]')
    await restoredFor('7')
    expect(outboxNames()).toEqual(['Ada King'])
    expect(localStorage.getItem('haven-query-cache:7:queue')).toBeNull()
  })

  it('leaves no copy after sign-out, nor the outbox', async () => {
    localStorage.setItem('haven-query-cache:7:queue', JSON.stringify([savedChange('Ada King')]))
    await restoredFor('7')
    expect(outboxNames()).toEqual(['Ada King'])
    localStorage.setItem('haven-query-cache:7:queue', '[]')
    await removePersistedCache('7')
    expect(localStorage.getItem('haven-query-cache:7:queue')).toBeNull()
    expect(readOutbox('7')).toEqual([])
  })
})

describe('leaving the page', () => {
  it('writes the newest state at once, not a second later as the batched writes would', async () => {
    const { persister } = persistOptions('leaving')
    const state = (label: string) => ({
      buster: label,
      timestamp: 1,
      clientState: { queries: [], mutations: [] },
    })
    const stored = async () => {
      const { get } = await import('idb-keyval')
      const value = await get<string>('haven-query-cache:leaving')
      return value ? (JSON.parse(value) as { buster: string }).buster : undefined
    }
    // The first write goes at once; the next waits for the batch's second to end.
    await persister.persistClient(state('first'))
    void persister.persistClient(state('last screen'))
    expect(await stored()).toBe('first')
    // The page is hidden (the app is closed) within that second: what the user saw last is kept.
    window.dispatchEvent(new Event('pagehide'))
    // Well before the batch's second is over.
    await vi.waitFor(async () => expect(await stored()).toBe('last screen'), { timeout: 300 })
  })
})

describe('new data', () => {
  it('is written in the task it arrives in, not with the next batch a second later', async () => {
    const { persister } = persistOptions('new-data')
    const state = (label: string, dataUpdatedAt?: number) =>
      ({
        buster: label,
        timestamp: 1,
        clientState: {
          queries:
            dataUpdatedAt === undefined
              ? []
              : [{ queryKey: ['bookings'], queryHash: '["bookings"]', state: { data: [], dataUpdatedAt } }],
          mutations: [],
        },
      }) as unknown as PersistedClient
    const stored = async () => {
      const { get } = await import('idb-keyval')
      const value = await get<string>('haven-query-cache:new-data')
      return value ? (JSON.parse(value) as { buster: string }).buster : undefined
    }
    await persister.persistClient(state('first'))
    // A fetch starts within the batch's second: nothing new to keep, it waits for the batch.
    void persister.persistClient(state('fetching'))
    expect(await stored()).toBe('first')
    // Its answer comes: the screen it shows is on the device at once.
    void persister.persistClient(state('answered', 1000))
    await vi.waitFor(async () => expect(await stored()).toBe('answered'), { timeout: 300 })
  })
})
