import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { isPersistedQueryKey } from '@/offline/persister'

import { catalogKeys, featuredPropertiesQueryOptions, startReads } from './api'

describe('catalogKeys', () => {
  it('nests every key under the catalog root, so one invalidation reaches them all', () => {
    const keys = [
      catalogKeys.agencies(),
      catalogKeys.countries('fr'),
      catalogKeys.search({ language: 'en', size: 6 }),
      catalogKeys.property('42', 'en'),
    ]
    for (const key of keys) expect(key.slice(0, 1)).toEqual(catalogKeys.all)
    expect(catalogKeys.search({ size: 6 }).slice(0, 2)).toEqual(catalogKeys.searches())
  })

  it('keys language-dependent resources by language', () => {
    expect(catalogKeys.countries('en')).not.toEqual(catalogKeys.countries('fr'))
    expect(catalogKeys.property('7', 'en')).toEqual(['catalog', 'property', '7', 'en'])
  })

  it('is persisted: the catalog root is on the offline allowlist', () => {
    expect(isPersistedQueryKey(catalogKeys.agencies())).toBe(true)
  })
})

describe('startReads (route loaders)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('online, waits for the reads, which fill the cache the screen reads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200 })),
    )
    const queryClient = new QueryClient()
    const options = featuredPropertiesQueryOptions('fr')
    await startReads([queryClient.ensureQueryData(options)], true)
    expect(queryClient.getQueryData(options.queryKey)).toEqual({ items: [], nextCursor: null })
  })

  it('never fails the route: a refused read is left for the screen to show', async () => {
    await expect(startReads([Promise.reject(new Error('404'))], true)).resolves.toBeUndefined()
  })

  it('offline, does not wait for a network that is not there', async () => {
    const never = new Promise(() => {})
    await expect(startReads([never], false)).resolves.toBeUndefined()
  })
})
