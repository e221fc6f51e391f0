// A screen's read in whichever state it stands, decided in one place: its data (with when it was saved, for
// `LastUpdated`), an empty list, "not found" for a 404, offline with nothing saved, an error with a way to try
// again, or placeholders while the first answer is awaited. Each screen brings its own words and skeleton.
import type { ReactNode } from 'react'

import { ApiError } from '@/lib/api-client'
import { useOnline } from '@/lib/use-online'
import { LoadError } from '@/ui/load-error'

import { isUnavailableOffline, type ReadState, type SavedCopy } from './read-state'

/** What the component reads of a `useQuery` or `useInfiniteQuery` result. */
export interface QueryRead<TData> extends ReadState {
  data: TData | undefined
  dataUpdatedAt: number
  isPlaceholderData: boolean
  refetch: () => unknown
}

/** Why there is nothing to show, for a screen that words its failure itself. */
export interface Failure {
  error: unknown
  /** Nothing of this read on the device and no server to ask. */
  offline: boolean
  retry: () => void
}

/** A list's failure in `LoadError`'s words: its title, and what offline means for it. */
export interface LoadErrorText {
  title: ReactNode
  offline: ReactNode
}

export interface QueryStateProps<TData> {
  query: QueryRead<TData>
  /** What is shown instead of the query's data (its queued changes applied); the query's when undefined. */
  data?: TData | undefined
  /** `useAnotherLanguageWhileMissing`'s copy, when the query shows it as placeholder data. */
  anotherLanguage?: { savedAt: number }
  /** Shown while the first answer is awaited. */
  skeleton: ReactNode
  /** Shown for a 404; without it a 404 is an error like any other. */
  notFound?: ReactNode
  /** Shown offline with nothing saved; without it that is an error, with `offline` set. */
  offline?: ReactNode
  /** A list's `LoadError` (with a Try again button), or the screen's own rendering of the failure. */
  error: LoadErrorText | ((failure: Failure) => ReactNode)
  /** With `empty`: data that holds nothing to list. */
  isEmpty?: (data: TData) => boolean
  empty?: ReactNode
  /** The data, and when it was saved (`<LastUpdated {...saved} />` wherever the screen says it). */
  children: (data: TData, saved: SavedCopy) => ReactNode
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** `isEmpty` for an infinite query's pages of `items`. */
export function hasNoItems(data: { pages: readonly { items: readonly unknown[] }[] }): boolean {
  return data.pages.every((page) => page.items.length === 0)
}

export function QueryState<TData>({
  query,
  data = query.data,
  anotherLanguage,
  skeleton,
  notFound,
  offline,
  error,
  isEmpty,
  empty,
  children,
}: QueryStateProps<TData>): ReactNode {
  const online = useOnline()
  // Saved data is shown whatever a later attempt to refresh it answered.
  if (data !== undefined) {
    if (isEmpty?.(data)) return empty
    const saved: SavedCopy =
      anotherLanguage && query.isPlaceholderData
        ? { at: anotherLanguage.savedAt, inAnotherLanguage: true }
        : { at: query.dataUpdatedAt }
    return children(data, saved)
  }
  if (notFound !== undefined && isNotFound(query.error)) return notFound
  const unavailable = isUnavailableOffline(
    { data, error: query.error, failureReason: query.failureReason, fetchStatus: query.fetchStatus },
    online,
  )
  if (unavailable && offline !== undefined) return offline
  if (!unavailable && query.error == null) return skeleton
  const failure: Failure = { error: query.error, offline: unavailable, retry: () => void query.refetch() }
  if (typeof error === 'function') return error(failure)
  return (
    <LoadError
      title={error.title}
      offline={error.offline}
      error={failure.error}
      offlineNow={failure.offline}
      onRetry={failure.retry}
    />
  )
}
