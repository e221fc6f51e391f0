import { describe, expect, it } from 'vitest'

import { createCatalogCaches } from './changes.ts'
import { createFirstPageCache, isSharedFirstPage } from './first-pages.ts'

function manualClock() {
  let now = Date.parse('2026-11-26T08:00:00Z')
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) }
}

describe('the first-page cache', () => {
  it('answers from memory until the time is up, then loads again', async () => {
    const clock = manualClock()
    const cache = createFirstPageCache<number>(clock, { ttlMs: 10_000 })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('a', load)).toBe(1)
    clock.advance(9_999)
    expect(await cache.get('a', load)).toBe(1)
    clock.advance(1)
    expect(await cache.get('a', load)).toBe(2)
    expect(await cache.get('b', load)).toBe(3)
  })

  it("forgets every answer of a server's caches when its catalog changes, and no other server's", async () => {
    const server = createCatalogCaches()
    const another = createCatalogCaches()
    const kept = (caches: ReturnType<typeof createCatalogCaches>) => {
      const cache = createFirstPageCache<number>(manualClock(), { ttlMs: 10_000 })
      caches.keep(cache)
      return cache
    }
    const search = kept(server)
    const pages = kept(server)
    const elsewhere = kept(another)
    let loads = 0
    const load = async () => ++loads
    for (const cache of [search, pages, elsewhere]) await cache.get('a', load)
    server.changed()
    expect(await search.get('a', load)).toBe(4)
    expect(await pages.get('a', load)).toBe(5)
    expect(await elsewhere.get('a', load)).toBe(3)
  })

  it('runs one load for requests that arrive while it runs', async () => {
    const cache = createFirstPageCache<string>(manualClock(), { ttlMs: 10_000 })
    let loads = 0
    let finish!: (value: string) => void
    const load = () => {
      loads += 1
      return new Promise<string>((resolve) => (finish = resolve))
    }
    const answers = Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])
    finish('page')
    expect(await answers).toEqual(['page', 'page', 'page'])
    expect(loads).toBe(1)
  })

  it('keeps no failure: the next request loads again', async () => {
    const cache = createFirstPageCache<string>(manualClock(), { ttlMs: 10_000 })
    await expect(cache.get('a', () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    )
    expect(await cache.get('a', async () => 'page')).toBe('page')
  })

  it('holds at most its number of entries, dropping the least recently asked', async () => {
    const cache = createFirstPageCache<string>(manualClock(), { ttlMs: 10_000, entries: 2 })
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('a', async () => 'a2')
    await cache.get('c', async () => 'c1')
    expect(cache.size).toBe(2)
    expect(await cache.get('a', async () => 'a3')).toBe('a1')
    expect(await cache.get('b', async () => 'b2')).toBe('b2')
  })

  it('with no time to keep, loads every time', async () => {
    const cache = createFirstPageCache<number>(manualClock(), { ttlMs: 0 })
    let loads = 0
    await cache.get('a', async () => ++loads)
    expect(await cache.get('a', async () => ++loads)).toBe(2)
    expect(cache.size).toBe(0)
  })

  it('keeps first pages without dates only', () => {
    expect(isSharedFirstPage({})).toBe(true)
    expect(isSharedFirstPage({ cursor: null })).toBe(true)
    expect(isSharedFirstPage({ cursor: '42' })).toBe(false)
    expect(isSharedFirstPage({ from: '2027-01-01', to: '2027-01-03' })).toBe(false)
  })
})
