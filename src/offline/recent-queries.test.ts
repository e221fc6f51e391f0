import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { keepMostRecent } from './recent-queries'

const PREFIX = ['catalog', 'property'] as const
const key = (id: string, language = 'en') => [...PREFIX, id, language]

/** A screen opening the property: an observer on its query, fed at once. */
function open(queryClient: QueryClient, id: string, language = 'en') {
  queryClient.setQueryData(key(id, language), { id })
  const observer = new QueryObserver(queryClient, { queryKey: key(id, language), enabled: false })
  return observer.subscribe(() => {})
}

const keptIds = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: PREFIX })
    .map((query) => String(query.queryKey[2]))

afterEach(() => vi.useRealTimers())

describe('keepMostRecent', () => {
  it('keeps the last properties opened, in every language, and forgets the oldest', () => {
    vi.useFakeTimers()
    const queryClient = new QueryClient()
    keepMostRecent(queryClient, PREFIX, 3)
    for (const id of ['a', 'b', 'c']) {
      open(queryClient, id)()
      vi.advanceTimersByTime(1000)
    }
    open(queryClient, 'a', 'fr')() // a again, in French: now the most recent
    vi.advanceTimersByTime(1000)
    open(queryClient, 'd')()
    expect(keptIds(queryClient).sort()).toEqual(['a', 'a', 'c', 'd'])
  })

  it('never removes a property a screen shows, and counts restored ones from their last fetch', () => {
    vi.useFakeTimers()
    const queryClient = new QueryClient()
    // Restored from the device, before the app subscribes: older than anything opened now.
    queryClient.setQueryData(key('old'), { id: 'old' }, { updatedAt: Date.now() - 60_000 })
    keepMostRecent(queryClient, PREFIX, 2)
    const shown = open(queryClient, 'shown')
    vi.advanceTimersByTime(1000)
    open(queryClient, 'b')()
    vi.advanceTimersByTime(1000)
    open(queryClient, 'c')()
    expect(keptIds(queryClient).sort()).toEqual(['c', 'shown'])
    shown()
    // Installed once: a second call does not trim twice as hard.
    keepMostRecent(queryClient, PREFIX, 1)
    open(queryClient, 'e')()
    expect(keptIds(queryClient).sort()).toEqual(['c', 'e'])
  })
})
