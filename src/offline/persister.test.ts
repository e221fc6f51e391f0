import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import {
  isPersistedQueryKey,
  PERSISTED_KEY_ROOTS,
  persistKey,
  persistOptions,
  readStoredUserId,
  shouldPersistQuery,
} from './persister'

describe('offline allowlist', () => {
  it('names the personal and catalog roots', () => {
    expect([...PERSISTED_KEY_ROOTS].sort()).toEqual([
      'booking',
      'bookings',
      'catalog',
      'notifications',
      'user',
    ])
  })

  it('keeps allowlisted roots and drops the rest', () => {
    expect(isPersistedQueryKey(['bookings', 'list', {}])).toBe(true)
    expect(isPersistedQueryKey(['health'])).toBe(false)
    expect(isPersistedQueryKey([{ root: 'catalog' }])).toBe(false)
  })

  it('persists only successful queries under an allowlisted root', async () => {
    const client = new QueryClient()
    await client.prefetchQuery({ queryKey: ['catalog', 'agencies'], queryFn: async () => [] })
    await client.prefetchQuery({ queryKey: ['rates'], queryFn: async () => ({}) })
    await client.prefetchQuery({
      queryKey: ['bookings', 'failing'],
      queryFn: async () => Promise.reject(new Error('no')),
      retry: false,
    })
    const persisted = client
      .getQueryCache()
      .getAll()
      .filter(shouldPersistQuery)
      .map((query) => query.queryKey)
    expect(persisted).toEqual([['catalog', 'agencies']])
  })
})

describe('per-user storage', () => {
  it('keys the cache by user, visitors sharing the anonymous entry', () => {
    expect(persistKey('42')).toBe('haven-query-cache:42')
    expect(persistKey(null)).toBe('haven-query-cache:anonymous')
  })

  it('reads the user id from localStorage `user`', () => {
    expect(readStoredUserId()).toBeNull()
    window.localStorage.setItem('user', JSON.stringify({ _id: '42', language: 'fr' }))
    expect(readStoredUserId()).toBe('42')
    window.localStorage.setItem('user', '{corrupt')
    expect(readStoredUserId()).toBeNull()
  })

  it('busts the cache with the build id and persists paused mutations only', () => {
    const options = persistOptions('1')
    expect(options.buster).toBe('test')
    const shouldDehydrateMutation = options.dehydrateOptions?.shouldDehydrateMutation
    expect(shouldDehydrateMutation?.({ state: { isPaused: true } } as never)).toBe(true)
    expect(shouldDehydrateMutation?.({ state: { isPaused: false } } as never)).toBe(false)
  })
})
