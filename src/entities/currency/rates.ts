// Exchange rates from GET /api/rates: a key factory, a fetcher and queryOptions, as for every resource. The
// key sits under the persisted `catalog` root, so that rates fetched once keep converting prices offline.
// Typed, not parsed: zod stays off the home page (see api-client.ts).
import { queryOptions } from '@tanstack/react-query'

import { exchangeRates } from '@/contract/routes'
import { call } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { KEY_ROOTS } from '@/lib/query-keys'

export const ratesKeys = {
  all: () => [KEY_ROOTS.catalog, 'rates'] as const,
}

export const fetchRates = (signal?: AbortSignal) => call(exchangeRates, { signal })

export const ratesQueryOptions = () =>
  queryOptions({
    queryKey: ratesKeys.all(),
    queryFn: ({ signal }) => fetchRates(signal),
    // Rates move slowly and the server caches them for an hour (RATES_CACHE_SECONDS): reference data.
    staleTime: STALE_TIME.reference,
  })
