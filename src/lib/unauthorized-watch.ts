// A call answered 401 while a session is held: the session ended elsewhere (signed out on another device,
// suspended or deactivated by an administrator), and the page must not wait for the next load to say so. The
// renter's session (src/entities/session/session-lifecycle.ts) and the staff's (src/entities/staff
// /staff-session.ts) watch the same places for it, and each ends its own session its own way.
import type { QueryClient } from '@tanstack/react-query'

import { ApiError } from './api-client'

/** Another place errors arrive (the outbox's refused commands): subscribes a listener, answers its end. */
export type ErrorSource = (listener: (error: ApiError) => void) => () => void

/**
 * Calls `onUnauthorized` for every read and write of `queryClient`, and every error of `sources`, answered
 * 401 by the API (not for a network failure, nor another status). Answers the watch's end.
 */
export function watchUnauthorized(
  queryClient: QueryClient,
  onUnauthorized: () => void,
  sources: readonly ErrorSource[] = [],
): () => void {
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized()
  }
  const stops = [
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') failed(event.action.error)
    }),
    queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') failed(event.action.error)
    }),
    ...sources.map((subscribe) => subscribe(failed)),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}
