// The last properties a renter opened stay readable offline, the older ones go (docs/architecture.md,
// Offline design): the service worker keeps the last 20 answers of /api/property/ (sw/sw.ts), and the query
// cache, which is what the device persists and shows, keeps the same 20.
import { matchQuery, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query'

const keeping = new WeakSet<QueryClient>()

/**
 * Keeps the queries of the `limit` things (properties) most recently opened under `prefix`, in any language:
 * a thing is its key's part after `prefix`. "Opened" is a screen starting to show it; a query restored from
 * the device counts from when it was last fetched. What a screen shows counts as the most recent and is never
 * removed. Installed once per client, for the client's life (later calls do nothing).
 */
export function keepMostRecent(queryClient: QueryClient, prefix: QueryKey, limit: number): void {
  if (keeping.has(queryClient)) return
  keeping.add(queryClient)
  const cache = queryClient.getQueryCache()
  const opened = new Map<unknown, number>()
  const thingOf = (query: Query) => query.queryKey[prefix.length]
  // On a screen: as recent as can be. Just made, with no data yet: being opened now.
  const recency = (query: Query) =>
    query.getObserversCount()
      ? Infinity
      : (opened.get(thingOf(query)) ?? (query.state.dataUpdatedAt || Date.now()))

  const trim = () => {
    const queries = cache
      .findAll({ queryKey: prefix })
      .filter((query) => query.queryKey.length > prefix.length)
    const last = new Map<unknown, number>()
    for (const query of queries)
      last.set(thingOf(query), Math.max(last.get(thingOf(query)) ?? 0, recency(query)))
    const kept = new Set(
      [...last]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([thing]) => thing),
    )
    for (const query of queries)
      if (!kept.has(thingOf(query)) && !query.getObserversCount()) cache.remove(query)
  }

  trim()
  cache.subscribe(({ type, query }) => {
    if ((type !== 'added' && type !== 'observerAdded') || !matchQuery({ queryKey: prefix }, query)) return
    if (type === 'observerAdded') opened.set(thingOf(query), Date.now())
    trim()
  })
}
