// The signed-in user's record (GET /api/user/{id}) and the password calls of the settings screen (fetchers and
// queryOptions, as for every resource). The query's keys are the session store's (`userKeys`, src/lib/session.ts,
// which refreshes the record too), under the persisted root `user`, so settings read offline.
import { queryOptions } from '@tanstack/react-query'

import type { ChangePasswordRequest } from '@/domain/auth'
import { apiFetch } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { type SessionUser, userKeys } from '@/lib/session'

export const fetchUser = (id: string, signal?: AbortSignal) =>
  apiFetch<SessionUser>(`/api/user/${encodeURIComponent(id)}`, { signal })

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
    staleTime: STALE_TIME.personal,
  })

/** Not queued offline: the current password must be checked by the server while the user waits. */
export const changePassword = (body: ChangePasswordRequest) =>
  apiFetch('/api/change-password', { method: 'POST', body })
