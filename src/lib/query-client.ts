import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'

import { NetworkError } from '@/lib/api-client'

/** How long persisted data may stay on the device (docs/architecture.md, Offline design). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** Named freshness windows, so each resource says how quickly it goes stale. */
export const STALE_TIME = {
  /** Reference data that changes rarely: countries, locations, agencies. */
  reference: 60 * 60 * 1000,
  /** Listings: prices and availability change during the day. */
  listings: 5 * 60 * 1000,
  /** Personal data the user acts on: bookings, notifications. */
  personal: 30 * 1000,
} as const

export interface QueryClientHooks {
  /** Called when a request found no server, so the online state can be corrected at once. */
  onNetworkError?: () => void
}

/**
 * How often a read, or a queued write, is asked again when no answer came. Reported on the first failure, not after the
 * last retry: the probe must mark the client offline while retries remain, so that the retryer pauses (and
 * the offline queue keeps) the request instead of failing it. A 4xx/5xx answer is final: never asked again.
 */
export function retryOnNetworkError(maxRetries: number, { onNetworkError }: QueryClientHooks = {}) {
  return (failureCount: number, error: Error) => {
    if (!(error instanceof NetworkError)) return false
    onNetworkError?.()
    return failureCount < maxRetries
  }
}

export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  const report = (error: unknown) => {
    if (error instanceof NetworkError) hooks.onNetworkError?.()
  }
  return new QueryClient({
    queryCache: new QueryCache({ onError: report }),
    mutationCache: new MutationCache({ onError: report }),
    defaultOptions: {
      queries: {
        // Show cached data first and only fetch when the network is up: the app must work offline.
        networkMode: 'offlineFirst',
        // A sensible default; resources override it with a STALE_TIME entry.
        staleTime: STALE_TIME.listings,
        // Kept in memory at least as long as on disk, or restored data would be garbage-collected at once.
        gcTime: PERSIST_MAX_AGE_MS,
        // Retry only when no answer came; a 4xx/5xx answer will not change by asking again.
        retry: retryOnNetworkError(2, hooks),
        // Returning to the tab refreshes stale data; cheap, and users expect current availability.
        refetchOnWindowFocus: true,
        // Coming back online refreshes whatever went stale while offline.
        refetchOnReconnect: true,
      },
      mutations: {
        // A write outside the outbox (an activation, a payment's check, an e-mail sent again) cannot wait for
        // the network: offline or unanswered, it fails at once and its screen says so. The user's changes wait
        // in the outbox instead (src/offline/outbox.ts).
        networkMode: 'always',
        retry: false,
        gcTime: PERSIST_MAX_AGE_MS,
      },
    },
  })
}
