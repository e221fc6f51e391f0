// The signed-in user's record (GET /api/user/{id}) and the settings screen's calls that are not queued
// offline (password, avatar): fetchers and queryOptions, as for every resource. The record's keys are the
// session store's (`userKeys`, src/entities/session/session.ts, which refreshes it too), under the persisted root `user`,
// so settings read offline. The queued writes are in user-mutation-definitions.ts.
import { queryOptions } from '@tanstack/react-query'

import type { ChangePasswordRequest } from '@/domain/auth'
import { type SessionUser, userKeys } from '@/entities/session/session'
import { apiFetch } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'

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

const segment = (value: string) => encodeURIComponent(value)

/** POST /api/update-avatar/{id}, multipart with one image; answers with the user. */
export function uploadAvatar(id: string, file: Blob, name = 'avatar'): Promise<SessionUser> {
  const body = new FormData()
  body.append('image', file, name)
  return apiFetch<SessionUser>(`/api/update-avatar/${segment(id)}`, { method: 'POST', body })
}

/** POST /api/delete-avatar/{id}; answers with the user. */
export const deleteAvatar = (id: string) =>
  apiFetch<SessionUser>(`/api/delete-avatar/${segment(id)}`, { method: 'POST' })
