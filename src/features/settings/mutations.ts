// The user's replayable writes (src/offline/mutations.ts): settings, language and e-mail notifications. Each
// is defined once at module load (src/app/mutations.ts imports this file) so a change made offline is kept
// in the queue, survives a reload and is sent when the connection returns. Each write sets fields to given
// values, so a replay has no second effect. Only the definitions live here (they load with the app); the
// hooks with their optimistic updates are in user-mutations.ts, loaded with the screens that use them.
import type { Language } from '@/domain/enums'
import { apiFetch } from '@/lib/api-client'
import { defineMutation } from '@/offline/mutations'

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
