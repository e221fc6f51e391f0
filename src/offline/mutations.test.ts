import { QueryClient, onlineManager } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { ApiError, NetworkError } from '@/lib/api-client'
import { reloadQueue } from '@/test/offline-queue'
import { showToast } from '@/ui/toast'

import {
  defineMutation,
  mutationOptionsOf,
  refreshWhenLastSettled,
  registerMutationDefaults,
  resumeQueuedMutations,
  withOperationId,
} from './mutations'

vi.mock('@/ui/toast', () => ({ showToast: vi.fn() }))

/** A page's client, with the registry installed as main.tsx does. */
function page(): QueryClient {
  const client = new QueryClient()
  registerMutationDefaults(client)
  return client
}

/** Starts a queued write the way a screen does; its promise is left to the queue. */
function act<T extends object>(
  client: QueryClient,
  definition: ReturnType<typeof defineMutation<T>>,
  variables: T,
) {
  void client
    .getMutationCache()
    .build(client, mutationOptionsOf(definition))
    .execute(withOperationId(variables))
    .catch(() => undefined)
}

/** A reload: what the persister saves, restored into a new page's client. */
const reload = (before: QueryClient) => reloadQueue(before, new QueryClient())

describe('mutation registry', () => {
  beforeAll(() => activateLocale('en'))
  afterEach(() => {
    onlineManager.setOnline(true)
    vi.mocked(showToast).mockClear()
  })

  it('replays a queued change restored from storage with the registered function and its operation id', async () => {
    const send = vi.fn(async (variables: { id: string }) => ({ ok: variables.id }))
    const replay = defineMutation<{ id: string }, { ok: string }>(['test', 'replay'], send)

    onlineManager.setOnline(false)
    const before = page()
    act(before, replay, { id: 'a' })
    await vi.waitFor(() => expect(before.getMutationCache().getAll()[0]?.state.isPaused).toBe(true))

    const after = reload(before)
    onlineManager.setOnline(true)
    await resumeQueuedMutations(after)
    expect(send).toHaveBeenCalledOnce()
    expect(send.mock.calls[0]![0]).toEqual({ id: 'a', operationId: expect.stringMatching(/^[\w-]{8,64}$/) })
  })

  it('sends the queue in the order it was made, each write after the previous one is answered', async () => {
    const answered: string[] = []
    const sent: string[] = []
    let answer: (() => void) | undefined
    const order = defineMutation<{ value: string }>(['test', 'order'], (variables) => {
      sent.push(variables.value)
      return new Promise((resolve) => {
        answer = () => {
          answered.push(variables.value)
          resolve(null)
        }
      })
    })

    onlineManager.setOnline(false)
    const before = page()
    for (const value of ['first', 'second', 'third']) act(before, order, { value })
    await vi.waitFor(() => expect(before.getMutationCache().getAll()).toHaveLength(3))

    const after = reload(before)
    onlineManager.setOnline(true)
    const done = resumeQueuedMutations(after)
    for (const value of ['first', 'second', 'third']) {
      await vi.waitFor(() => expect(sent).toHaveLength(answered.length + 1))
      // Nothing further goes out before this one's answer.
      expect(sent.at(-1)).toBe(value)
      answer!()
    }
    await done
    await vi.waitFor(() => expect(answered).toEqual(['first', 'second', 'third']))
    expect(sent).toEqual(['first', 'second', 'third'])
  })

  it('sends again, with the same operation id, a write that was on its way when the page closed', async () => {
    const delivered: unknown[] = []
    const inFlight = defineMutation<{ id: string }>(['test', 'in-flight'], async (variables) => {
      delivered.push(variables)
      // The first page closes before the answer comes.
      return delivered.length === 1 ? new Promise(() => undefined) : null
    })
    const before = page()
    act(before, inFlight, { id: 'b' })
    await vi.waitFor(() => expect(delivered).toHaveLength(1))

    const after = reload(before)
    await resumeQueuedMutations(after)
    expect(delivered).toHaveLength(2)
    expect(delivered[1]).toEqual(delivered[0])
    expect(after.getMutationCache().getAll()[0]?.state.status).toBe('success')
  })

  it('reads again only once the queue is empty, a write made while it was being sent included', async () => {
    const answers = new Map<string, () => void>()
    const held = defineMutation<{ value: string }>(
      ['test', 'held'],
      (variables) => new Promise((resolve) => answers.set(variables.value, () => resolve(null))),
    )
    onlineManager.setOnline(false)
    const before = page()
    act(before, held, { value: 'queued' })
    await vi.waitFor(() => expect(before.getMutationCache().getAll()).toHaveLength(1))

    const after = reload(before)
    // Each read again notes whether the user's new write had its answer by then.
    let newAnswered = false
    const readsAgain: boolean[] = []
    vi.spyOn(after, 'invalidateQueries').mockImplementation(() => {
      readsAgain.push(newAnswered)
      return Promise.resolve()
    })
    onlineManager.setOnline(true)
    const done = resumeQueuedMutations(after)
    await vi.waitFor(() => expect(answers.has('queued')).toBe(true))
    // The user acts while the restored write is on its way; the restored one is answered first.
    act(after, held, { value: 'new' })
    answers.get('queued')!()
    await vi.waitFor(() => expect(answers.has('new')).toBe(true))
    // A read now would answer without the new write, and the screen would show the older value: the one read
    // comes after the new write's answer.
    newAnswered = true
    answers.get('new')!()
    await done
    expect(readsAgain).toEqual([true])
  })

  it('ends when a sent write is still settling (its callbacks wait on the network), not before', async () => {
    const slow = defineMutation<{ id: string }>(['test', 'slow-callbacks'], async () => null)
    onlineManager.setOnline(false)
    const before = page()
    act(before, slow, { id: 'd' })
    await vi.waitFor(() => expect(before.getMutationCache().getAll()).toHaveLength(1))
    const after = reload(before)
    const readAgain = vi.spyOn(after, 'invalidateQueries')
    onlineManager.setOnline(true)
    const done = resumeQueuedMutations(after)
    // A screen's write, made meanwhile: its answer is in, then it stays pending while its callback waits on
    // the network (a read of what it changed).
    const screenWrite = after
      .getMutationCache()
      .build(after, {
        ...mutationOptionsOf(slow),
        onSettled: () => new Promise((resolve) => setTimeout(resolve, 30)),
      })
      .execute(withOperationId({ id: 'e' }))
    await Promise.all([done, screenWrite])
    expect(
      after
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.status),
    ).toEqual(['success', 'success'])
    expect(readAgain).toHaveBeenCalledOnce()
  })

  it('after a reload, a refusal is undone by the definition and told once; a lost connection is neither', async () => {
    const onRefused = vi.fn()
    let refuse = true
    const refused = defineMutation<{ id: string }>(
      ['test', 'refused'],
      async () => Promise.reject(refuse ? new ApiError(403, 'forbidden', 'No.') : new TypeError('offline')),
      { onRefused },
    )
    onlineManager.setOnline(false)
    const before = page()
    act(before, refused, { id: 'c' })
    await vi.waitFor(() => expect(before.getMutationCache().getAll()[0]?.state.isPaused).toBe(true))

    const after = reload(before)
    onlineManager.setOnline(true)
    await resumeQueuedMutations(after)
    expect(onRefused).toHaveBeenCalledOnce()
    expect(onRefused.mock.calls[0]![0]).toMatchObject({ id: 'c' })
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledOnce())
    expect(vi.mocked(showToast).mock.calls[0]![0]).toMatchObject({ color: 'red' })

    refuse = false
    const other = page()
    // Told to listeners after the registry's own, in the same batch: past it, the registry has decided.
    const failureTold = new Promise<void>((resolve) =>
      other.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error') resolve()
      }),
    )
    await other
      .getMutationCache()
      .build(other, mutationOptionsOf(refused))
      .execute(withOperationId({ id: 'd' }))
      .catch(() => undefined)
    await failureTold
    expect(onRefused).toHaveBeenCalledOnce()
    expect(showToast).toHaveBeenCalledOnce()
  })

  it('reads again after a write only once no later write of its family is pending', async () => {
    const answers: (() => void)[] = []
    const held = defineMutation<{ value: string }>(
      ['test', 'refresh'],
      () => new Promise((resolve) => answers.push(() => resolve(null))),
    )
    const client = page()
    const readAgain = vi.spyOn(client, 'invalidateQueries')
    act(client, held, { value: 'first' })
    act(client, held, { value: 'second' })
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    // As the first write's onSettled would, while the second waits behind it.
    expect(refreshWhenLastSettled(client, ['test', 'refresh'], ['thing'])).toBeUndefined()
    expect(readAgain).not.toHaveBeenCalled()
    answers[0]!()
    await vi.waitFor(() => expect(client.isMutating({ mutationKey: ['test', 'refresh'] })).toBe(1))
    await refreshWhenLastSettled(client, ['test', 'refresh'], ['thing'])
    expect(readAgain).toHaveBeenCalledWith({ queryKey: ['thing'] })
    answers[1]!()
  })

  it('refuses to define the same key twice', () => {
    defineMutation(['test', 'once'], async () => null)
    expect(() => defineMutation(['test', 'once'], async () => null)).toThrow(/defined twice/)
  })
})

let unansweredSends = 0
const unansweredSevenTimes = defineMutation<{ name: string }>(
  ['test', 'unanswered-seven-times'],
  async () => {
    unansweredSends += 1
    if (unansweredSends <= 7) throw new NetworkError()
    return null
  },
)

describe('a queued write the server does not answer', () => {
  afterEach(() => vi.useRealTimers())

  it('is sent again for as long as it takes, never dropped for want of an answer', async () => {
    vi.useFakeTimers()
    const client = page()
    act(client, unansweredSevenTimes, { name: 'Ada King' })
    // The browser says online all along (a captive portal, a server away): sends are spaced, up to 30 s apart.
    await vi.advanceTimersByTimeAsync(2 * 60_000)
    const [write] = client.getMutationCache().getAll()
    expect(unansweredSends).toBe(8)
    expect(write?.state.status).toBe('success')
  })
})
