// Which style the map draws: Haven's own basemap (versioned URL, works offline) or MAP_STYLE_URL's provider.
// Under the persisted `catalog` root, so a reload offline still knows the URL the service worker cached. Here
// rather than beside the catalog's reads (src/entities/property/catalog-api.ts): only the map's own chunk needs it.
import { queryOptions } from '@tanstack/react-query'

import { mapConfig } from '@/contract/routes'
import { call } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { KEY_ROOTS } from '@/lib/query-keys'

/** Haven's own style without its version: what the map falls back to when the config cannot be asked. */
export const DEFAULT_STYLE_URL = '/map/style.json'

export const mapConfigKeys = {
  all: () => [KEY_ROOTS.catalog, 'map-config'] as const,
}

export const fetchMapConfig = (signal?: AbortSignal) => call(mapConfig, { signal })

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: mapConfigKeys.all(),
    queryFn: ({ signal }) => fetchMapConfig(signal),
    staleTime: STALE_TIME.reference,
  })
