import { dehydrate, hydrate, QueryClient, onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defineMutation, registerMutationDefaults, resumeQueuedMutations } from './mutations'

describe('mutation registry', () => {
  afterEach(() => onlineManager.setOnline(true))

  it('replays a queued change restored from storage with the registered function', async () => {
    const send = vi.fn(async (variables: { id: string }) => ({ ok: variables.id }))
    defineMutation<{ id: string }, { ok: string }>(['test', 'replay'], send)

    // A first page, offline: the change pauses and is saved.
    onlineManager.setOnline(false)
    const before = new QueryClient()
    registerMutationDefaults(before)
    const pending = before
      .getMutationCache()
      .build(before, { mutationKey: ['test', 'replay'] })
      .execute({ id: 'a' })
    await vi.waitFor(() => expect(before.getMutationCache().getAll()[0]?.state.isPaused).toBe(true))
    const saved = JSON.parse(JSON.stringify(dehydrate(before)))
    void pending.catch(() => undefined)

    // After a reload: a new client, the registry installed before the restore, then back online.
    const after = new QueryClient()
    registerMutationDefaults(after)
    hydrate(after, saved)
    onlineManager.setOnline(true)
    await resumeQueuedMutations(after)
    expect(send).toHaveBeenCalledWith({ id: 'a' }, expect.anything())
  })

  it('refuses to define the same key twice', () => {
    defineMutation(['test', 'once'], async () => null)
    expect(() => defineMutation(['test', 'once'], async () => null)).toThrow(/defined twice/)
  })
})
