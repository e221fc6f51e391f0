import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { isPersistedQueryKey } from '@/offline/persister'

import { catalogKeys, featuredPropertiesQueryOptions, loadHome } from './api'

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

describe('home loader', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('fetches the featured properties, countries and agencies through the API', async () => {
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}${init?.body ? ` ${String(init.body)}` : ''}`)
        const body = url.includes('search') ? { items: [], nextCursor: null } : []
        return new Response(JSON.stringify(body), { status: 200 })
      }),
    )
    const queryClient = new QueryClient()
    await loadHome(queryClient, 'fr', true)
    expect(calls.sort()).toEqual([
      'GET /api/all-agencies',
      'GET /api/countries-with-locations/fr',
      'POST /api/properties/search {"size":6,"language":"fr","availability":["AVAILABLE"]}',
    ])
    expect(queryClient.getQueryData(featuredPropertiesQueryOptions('fr').queryKey)).toEqual({
      items: [],
      nextCursor: null,
    })
  })
})
