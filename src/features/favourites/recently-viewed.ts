// The properties last opened on this device, as the persisted query cache keeps them (the last 20, any
// language: src/offline/recent-queries.ts), so a traveller finds them again without a connection. Read from
// the cache, never fetched: what is listed is what can be opened offline. Dropped at sign-out with the other
// browsing traces (src/offline/persister.ts).
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import type { Property } from '@/contract/catalog'
import { PROPERTIES_KEPT_OFFLINE } from '@/domain/constants'
import type { Language } from '@/domain/enums'
import { propertyKeys } from '@/entities/property/property-api'
import { useLanguage } from '@/i18n/language'

/**
 * One entry per property, in the reader's language when it was saved in it (else the other), newest first:
 * the last time any copy of it was read from the server.
 */
export function recentlyViewed(queryClient: QueryClient, language: Language): Property[] {
  const prefix = propertyKeys.all()
  const byId = new Map<string, { at: number; shown: Query }>()
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    const id = query.queryKey[prefix.length]
    if (typeof id !== 'string' || query.state.data === undefined) continue
    const at = query.state.dataUpdatedAt
    const known = byId.get(id)
    const inLanguage = query.queryKey[prefix.length + 1] === language
    if (!known) byId.set(id, { at, shown: query })
    else {
      known.at = Math.max(known.at, at)
      if (inLanguage) known.shown = query
    }
  }
  return [...byId.values()]
    .sort((a, b) => b.at - a.at)
    .slice(0, PROPERTIES_KEPT_OFFLINE)
    .map(({ shown }) => shown.state.data as Property)
}

/** `recentlyViewed`, following the cache: a property opened or forgotten changes the list. */
export function useRecentlyViewed(): Property[] {
  const queryClient = useQueryClient()
  const language = useLanguage()
  const [list, setList] = useState(() => recentlyViewed(queryClient, language))
  useEffect(() => {
    const prefix = propertyKeys.all()
    const update = () => setList(recentlyViewed(queryClient, language))
    update()
    return queryClient.getQueryCache().subscribe(({ query }) => {
      if (prefix.every((part, index) => query.queryKey[index] === part)) update()
    })
  }, [queryClient, language])
  return list
}
