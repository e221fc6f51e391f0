import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { shouldPersistQuery } from '@/offline/persister'

import {
  agenciesQueryOptions,
  catalogKeys,
  countriesQueryOptions,
  featuredPropertiesQueryOptions,
  propertySearchInfiniteQueryOptions,
  propertySearchQueryOptions,
} from './catalog-api'
import { propertyQueryOptions } from './property-api'

interface Call {
  path: string
  method: string
  body: unknown
}

/** The API as the catalog sees it: answers by path (and by cursor for searches), records every call. */
function fakeApi(answer: (call: Call) => unknown) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call = {
        path,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      }
      calls.push(call)
      return new Response(JSON.stringify(answer(call)), { status: 200 })
    }),
  )
  return calls
}

const page = (ids: string[], nextCursor: string | null) => ({
  items: ids.map((id) => ({ _id: id })),
  nextCursor,
})

let queryClient: QueryClient
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})
afterEach(() => {
  queryClient.clear()
  vi.unstubAllGlobals()
})

describe('catalog reads', () => {
  it('asks for a property by id and language, the id kept inside its path segment', async () => {
    const calls = fakeApi(() => ({ _id: '7' }))
    await queryClient.fetchQuery(propertyQueryOptions('7', 'fr'))
    await queryClient.fetchQuery(propertyQueryOptions('../all-agencies', 'en'))
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/property/7/fr',
      'GET /api/property/..%2Fall-agencies/en',
    ])
  })

  it('keeps each language apart: French destinations are fetched, not served from the English ones', async () => {
    const calls = fakeApi(({ path }) => [{ name: path.endsWith('/fr') ? 'Royaume-Uni' : 'United Kingdom' }])
    const english = await queryClient.fetchQuery(countriesQueryOptions('en'))
    const french = await queryClient.fetchQuery(countriesQueryOptions('fr'))
    expect(english).toEqual([{ name: 'United Kingdom' }])
    expect(french).toEqual([{ name: 'Royaume-Uni' }])
    expect(calls.map((call) => call.path)).toEqual([
      '/api/countries-with-locations/en',
      '/api/countries-with-locations/fr',
    ])
    // Asked again within their stale time: from the cache, no new call.
    await queryClient.fetchQuery(countriesQueryOptions('fr'))
    expect(calls).toHaveLength(2)
  })

  it('features six available properties in the language of the screen', async () => {
    const calls = fakeApi(() => page(['1'], null))
    await queryClient.fetchQuery(featuredPropertiesQueryOptions('fr'))
    expect(calls).toEqual([
      {
        path: '/api/properties/search',
        method: 'POST',
        body: { size: 6, language: 'fr', availability: ['AVAILABLE'] },
      },
    ])
  })

  it("pages a search by the server's cursor, in one cache entry, and stops when no cursor comes", async () => {
    const calls = fakeApi(({ body }) => {
      const { cursor } = body as { cursor: string | null }
      return cursor === null ? page(['1', '2'], 'after-2') : page(['3'], null)
    })
    const filters = { types: ['HOUSE' as const], language: 'en' as const }
    const options = propertySearchInfiniteQueryOptions(filters)
    const pages = await queryClient.fetchInfiniteQuery({ ...options, pages: 3 })

    expect(pages.pages.flatMap((one) => one.items.map((item) => item._id))).toEqual(['1', '2', '3'])
    expect(calls.map((call) => call.body)).toEqual([
      { ...filters, cursor: null },
      { ...filters, cursor: 'after-2' },
    ])
    expect(queryClient.getQueryCache().findAll({ queryKey: catalogKeys.searches() })).toHaveLength(1)
  })

  it('one invalidation of the catalog reaches every catalog read, and a search one only the searches', async () => {
    fakeApi(({ path }) => (path.endsWith('/search') ? page([], null) : []))
    const property = propertyQueryOptions('7', 'en')
    const agencies = agenciesQueryOptions()
    const search = propertySearchQueryOptions({ language: 'en' })
    /** Which reads, fresh from the API, an invalidation of `queryKey` marks for a refetch. */
    const invalidatedBy = async (queryKey: readonly unknown[]) => {
      queryClient.clear()
      await Promise.all([
        queryClient.fetchQuery(property),
        queryClient.fetchQuery(agencies),
        queryClient.fetchQuery(search),
      ])
      await queryClient.invalidateQueries({ queryKey, refetchType: 'none' })
      return [property, agencies, search].map(
        ({ queryKey: key }) => queryClient.getQueryState(key)?.isInvalidated,
      )
    }
    expect(await invalidatedBy(catalogKeys.all())).toEqual([true, true, true])
    expect(await invalidatedBy(catalogKeys.searches())).toEqual([false, false, true])
  })

  it('keeps what it read on the device, for a start with no network', async () => {
    fakeApi(() => [{ _id: '1', name: 'Harbor & Pine Realty' }])
    await queryClient.fetchQuery(agenciesQueryOptions())
    const query = queryClient.getQueryCache().find({ queryKey: catalogKeys.agencies() })!
    expect(shouldPersistQuery(query)).toBe(true)
  })
})
