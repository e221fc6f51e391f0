// The user's replayable writes (src/offline/mutations.ts): profile and e-mail notifications (the language is
// defined with the session's start, src/entities/session/session-lifecycle.ts). Each is defined once at module load
// (src/app/replayable-mutations.ts imports this file) so a change made offline is kept in the queue, survives
// a reload and is sent when the connection returns. Each carries its operation id, so a replay has no second
// effect. Only the definitions live here (they load with the app); the hooks with their optimistic updates
// are in user-mutation-hooks.ts, loaded with the screens that use them.
import type { UpdateUserRequest } from '@/contract/accounts'
import type { RouteInput } from '@/contract/route'
import { updateEmailNotifications, updateUser } from '@/contract/routes'
import type { userRoutes } from '@/contract/users'
import { restoreServerUser, userKeys } from '@/entities/session/session'
import { call } from '@/lib/api-client'
import { defineMutation } from '@/offline/mutations'

export type EmailNotificationsUpdate = RouteInput<
  (typeof userRoutes)[typeof updateEmailNotifications]
>['body']

export const updateUserMutation = defineMutation<UpdateUserRequest>(
  [...userKeys.all(), 'update'],
  (body) => call(updateUser, { body }),
  { onRefused: ({ _id }, queryClient) => restoreServerUser(queryClient, _id) },
)

export const updateEmailNotificationsMutation = defineMutation<EmailNotificationsUpdate>(
  [...userKeys.all(), 'email-notifications'],
  (body) => call(updateEmailNotifications, { body }),
  { onRefused: ({ _id }, queryClient) => restoreServerUser(queryClient, _id) },
)
