// The signed-in user's record and the settings screen's calls that are not queued
// offline (password, avatar): fetchers and queryOptions, as for every resource. The record's keys are the
// session store's (`userKeys`, src/entities/session/session.ts, which refreshes it too), under the persisted root `user`,
// so settings read offline. The changes are commands: settings-commands.ts.
import { queryOptions } from '@tanstack/react-query'

import type { ChangePasswordRequest } from '@/contract/accounts'
import {
  changePassword as changePasswordRoute,
  deleteAvatar as deleteAvatarRoute,
  getUser,
  updateAvatar,
} from '@/contract/routes'
import { type SessionUser, userKeys } from '@/entities/session/session'
import { call } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'

/** As the session stores it (SessionUser): the public user, some of whose fields an older copy lacks. */
export const fetchUser = (id: string, signal?: AbortSignal): Promise<SessionUser> =>
  call(getUser, { params: { id }, signal })

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
    staleTime: STALE_TIME.personal,
  })

/** Not queued offline: the current password must be checked by the server while the user waits. */
export const changePassword = (body: ChangePasswordRequest) => call(changePasswordRoute, { body })

/** The new picture, multipart with one image; answers with the user. */
export function uploadAvatar(id: string, file: Blob, name = 'avatar') {
  const body = new FormData()
  body.append('image', file, name)
  return call(updateAvatar, { params: { id }, body })
}

/** Answers with the user. */
export const deleteAvatar = (id: string) => call(deleteAvatarRoute, { params: { id } })
