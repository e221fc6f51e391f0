// The user's replayable writes (src/offline/mutations.ts): settings, language and e-mail notifications. Each
// is defined once at module load (src/app/mutations.ts imports this file) so a change made offline is kept
// in the queue, survives a reload and is sent when the connection returns. Each write sets fields to given
// values, so a replay has no second effect.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'

import type { Language } from '@/domain/enums'
import { switchLanguage } from '@/i18n/language'
import { apiFetch } from '@/lib/api-client'
import { patchSessionUser, readSessionUser, type SessionUser } from '@/lib/session'
import { defineMutation, mutationOptionsOf } from '@/offline/mutations'

import { userKeys } from './api'

export interface UserUpdate {
  _id: string
  fullName: string
  phone: string
  /** YYYY-MM-DD */
  birthDate: string
  bio?: string
}

export interface LanguageUpdate {
  id: string
  language: Language
}

export interface EmailNotificationsUpdate {
  _id: string
  enableEmailNotifications: boolean
}

export const updateUserMutation = defineMutation<UserUpdate>(['user', 'update'], (body) =>
  apiFetch('/api/update-user', { method: 'POST', body }),
)

export const updateLanguageMutation = defineMutation<LanguageUpdate>(['user', 'language'], (body) =>
  apiFetch('/api/update-language', { method: 'POST', body }),
)

export const updateEmailNotificationsMutation = defineMutation<EmailNotificationsUpdate>(
  ['user', 'email-notifications'],
  (body) => apiFetch('/api/update-email-notifications', { method: 'POST', body }),
)

interface Snapshot {
  previous?: SessionUser
  stored: SessionUser | null
}

/** Shows a change at once in the user query and the stored user; returns what to restore on refusal. */
async function applyOptimistically(
  queryClient: QueryClient,
  id: string,
  patch: Partial<SessionUser>,
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: userKeys.detail(id) })
  const previous = queryClient.getQueryData<SessionUser>(userKeys.detail(id))
  const stored = readSessionUser()
  if (previous) queryClient.setQueryData(userKeys.detail(id), { ...previous, ...patch })
  patchSessionUser(id, patch)
  return { previous, stored }
}

function restore(queryClient: QueryClient, id: string, snapshot: Snapshot | undefined) {
  if (!snapshot) return
  if (snapshot.previous) queryClient.setQueryData(userKeys.detail(id), snapshot.previous)
  if (snapshot.stored) patchSessionUser(id, snapshot.stored)
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptionsOf(updateUserMutation),
    onMutate: ({ _id, ...fields }) => applyOptimistically(queryClient, _id, fields),
    onError: (_error, { _id }, snapshot) => restore(queryClient, _id, snapshot),
    onSettled: (_data, _error, { _id }) => queryClient.invalidateQueries({ queryKey: userKeys.detail(_id) }),
  })
}

export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptionsOf(updateEmailNotificationsMutation),
    onMutate: ({ _id, enableEmailNotifications }) =>
      applyOptimistically(queryClient, _id, { enableEmailNotifications }),
    onError: (_error, { _id }, snapshot) => restore(queryClient, _id, snapshot),
    onSettled: (_data, _error, { _id }) => queryClient.invalidateQueries({ queryKey: userKeys.detail(_id) }),
  })
}

/** The interface switches at once; a refusal by the server switches it back. */
export function useUpdateLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptionsOf(updateLanguageMutation),
    onMutate: async ({ id, language }) => {
      const snapshot = await applyOptimistically(queryClient, id, { language })
      await switchLanguage(language)
      return snapshot
    },
    onError: async (_error, { id }, snapshot) => {
      restore(queryClient, id, snapshot)
      if (snapshot?.stored) await switchLanguage(snapshot.stored.language)
    },
    onSettled: (_data, _error, { id }) => queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
  })
}
