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
import { createQueryClient, PERSIST_MAX_AGE_MS } from '@/lib/query-client'

import { defineMutation, registerMutationDefaults, resumeQueuedMutations } from './mutations'
import { persistOptions, queuedMutationKeys, removePersistedCache } from './persister'

const changeName = defineMutation<{ fullName: string }>(['test', 'persisted-change'], async () => null)

/** A signed-in user's session: a search page, a property, their own record, a failed and an unlisted read. */
async function browsedClient(): Promise<QueryClient> {
  const client = new QueryClient()
  registerMutationDefaults(client)
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

/** A change made offline: it waits in the queue, paused. */
async function queueChangeOffline(client: QueryClient, fullName = 'Ada King'): Promise<void> {
  onlineManager.setOnline(false)
  void client
    .getMutationCache()
    .build(client, { mutationKey: changeName.mutationKey })
    .execute({ fullName })
    .catch(() => undefined)
  await vi.waitFor(() =>
    expect(client.getMutationCache().getAll().at(-1)?.state).toMatchObject({
      isPaused: true,
      variables: { fullName },
    }),
  )
}

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
})

describe('the persisted query cache', () => {
  it("keeps the user's search pages, catalog and own data, and their queued change; nothing else", async () => {
    const client = await browsedClient()
    await queueChangeOffline(client)
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
    const queued = reloaded.getMutationCache().getAll()
    expect(queued.map((mutation) => mutation.state.variables)).toEqual([{ fullName: 'Ada King' }])
  })

  it("keeps only the queue's writes: none restored can end in 'No mutationFn found'", async () => {
    const client = createQueryClient()
    registerMutationDefaults(client)
    await queueChangeOffline(client)
    onlineManager.setOnline(true)
    // Writes outside the queue, still on their way when the page closes: an activation, a payment's check.
    const onItsWay = () => new Promise<never>(() => {})
    for (const mutationKey of [['activate', '7', 'token'], undefined]) {
      void client.getMutationCache().build(client, { mutationKey, mutationFn: onItsWay }).execute({})
    }
    expect(
      client
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.status),
    ).toEqual(['pending', 'pending', 'pending'])
    await persistQueryClientSave({ queryClient: client, ...persistOptions('7') })

    // A reload as the app makes it: the queue's functions installed, then the cache restored and sent.
    const reloaded = createQueryClient()
    registerMutationDefaults(reloaded)
    await persistQueryClientRestore({ queryClient: reloaded, ...persistOptions('7') })
    await resumeQueuedMutations(reloaded)
    const restored = reloaded.getMutationCache().getAll()
    expect(restored.map(({ options, state }) => [options.mutationKey, state.status, state.error])).toEqual([
      [changeName.mutationKey, 'success', null],
    ])
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

  it('gives a new build the changes still waiting, without the screens the old build saved', async () => {
    const client = await browsedClient()
    await queueChangeOffline(client)
    await persistQueryClientSave({ queryClient: client, ...persistOptions('7'), buster: 'previous-build' })

    const updated = await restoredFor('7')
    expect(queryKeys(updated)).toEqual([])
    const queued = updated.getMutationCache().getAll()
    expect(queued.map((mutation) => mutation.state.variables)).toEqual([{ fullName: 'Ada King' }])
    expect(queued[0]?.state.isPaused).toBe(true)
  })

  it('forgets a change waiting for longer than 60 days, and keeps the ones made since', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    const client = await browsedClient()
    await queueChangeOffline(client, 'Ada Old')
    vi.setSystemTime(start + 2 * DAY_MS)
    await queueChangeOffline(client, 'Ada Recent')
    await persistQueryClientSave({ queryClient: client, ...persistOptions('7') })
    vi.setSystemTime(start + QUEUED_CHANGE_MAX_AGE_MS + DAY_MS)

    const queued = (await restoredFor('7')).getMutationCache().getAll()
    expect(queued.map((mutation) => mutation.state.variables)).toEqual([{ fullName: 'Ada Recent' }])
  })

  it('keeps the changes still waiting in a cache older than a week, and nothing else of it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const client = await browsedClient()
    await queueChangeOffline(client)
    await persistQueryClientSave({ queryClient: client, ...persistOptions('7') })
    vi.setSystemTime(Date.now() + PERSIST_MAX_AGE_MS + 60_000)

    const reopened = await restoredFor('7')
    expect(queryKeys(reopened)).toEqual([])
    const queued = reopened.getMutationCache().getAll()
    expect(queued.map((mutation) => mutation.state.variables)).toEqual([{ fullName: 'Ada King' }])
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

describe('the offline queue', () => {
  it('is written as soon as it changes, not with the next batch a second later', async () => {
    const { persister } = persistOptions('queue')
    const state = (label: string, mutations: unknown[]) =>
      ({ buster: label, timestamp: 1, clientState: { queries: [], mutations } }) as unknown as PersistedClient
    const stored = async () => {
      const { get } = await import('idb-keyval')
      const value = await get<string>('haven-query-cache:queue')
      return value ? (JSON.parse(value) as { buster: string }).buster : undefined
    }
    await persister.persistClient(state('first', []))
    // A screen loads within the batch's second: it waits.
    void persister.persistClient(state('a screen', []))
    expect(await stored()).toBe('first')
    // The user acts offline within that second: the queued change is on the device at once, with the rest.
    void persister.persistClient(state('a change queued', [{ mutationKey: ['user', 'language'] }]))
    await vi.waitFor(async () => expect(await stored()).toBe('a change queued'), { timeout: 300 })
  })
})

describe('the offline queue, when the page goes before IndexedDB has written it', () => {
  it('is restored from its synchronous copy, and a queue emptied since is not restored again', async () => {
    const { del } = await import('idb-keyval')
    const { persister } = persistOptions('unloading')
    const state = (mutations: unknown[]) =>
      ({
        buster: persistOptions('unloading').buster,
        timestamp: Date.now(),
        clientState: { queries: [], mutations },
      }) as unknown as PersistedClient
    await persister.persistClient(state([]))
    const change = {
      mutationKey: changeName.mutationKey,
      state: {
        status: 'pending',
        isPaused: true,
        variables: { fullName: 'Ada King' },
        submittedAt: Date.now(),
      },
    }
    void persister.persistClient(state([change]))
    // The page unloads at once: the IndexedDB write never commits.
    await del('haven-query-cache:unloading')
    const restored = await restoredFor('unloading')
    expect(
      restored
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.variables),
    ).toEqual([{ fullName: 'Ada King' }])
    // Sent and answered on the next page: the queue is empty, and stays so after another reload.
    const next = persistOptions('unloading').persister
    await next.persistClient(state([]))
    expect((await restoredFor('unloading')).getMutationCache().getAll()).toHaveLength(0)
  })

  it('leaves no copy after sign-out', async () => {
    const { persister } = persistOptions('leaving-user')
    await persister.persistClient({
      buster: 'b',
      timestamp: 1,
      clientState: { queries: [], mutations: [{ mutationKey: ['x'], state: { status: 'pending' } }] },
    } as unknown as PersistedClient)
    expect(localStorage.getItem('haven-query-cache:leaving-user:queue')).not.toBeNull()
    await removePersistedCache('leaving-user')
    expect(localStorage.getItem('haven-query-cache:leaving-user:queue')).toBeNull()
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

describe('a damaged copy of the queue', () => {
  const change = {
    mutationKey: changeName.mutationKey,
    state: { status: 'pending', isPaused: true, variables: { fullName: 'Ada King' }, submittedAt: 1 },
  }

  it('gives way to the queue saved in IndexedDB, which is restored whole', async () => {
    const { persister } = persistOptions('damaged')
    await persister.persistClient({
      buster: persistOptions('damaged').buster,
      timestamp: Date.now(),
      clientState: {
        queries: [],
        mutations: [{ ...change, state: { ...change.state, submittedAt: Date.now() } }],
      },
    } as unknown as PersistedClient)
    localStorage.setItem('haven-query-cache:damaged:queue', '[null]')
    const restored = await restoredFor('damaged')
    expect(
      restored
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.variables),
    ).toEqual([{ fullName: 'Ada King' }])
    expect(localStorage.getItem('haven-query-cache:damaged:queue')).toBeNull()
  })

  it('names no queued change, rather than throwing, to the check on load', () => {
    localStorage.setItem('haven-query-cache:damaged:queue', '[null, {"state": 1}]')
    expect(queuedMutationKeys('damaged')).toEqual([])
  })
})
