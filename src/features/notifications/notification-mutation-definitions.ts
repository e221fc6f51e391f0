// The notifications' replayable writes (src/offline/mutations.ts): mark read, mark unread, delete. Defined at
// module load (src/app/replayable-mutations.ts imports this file), so a change made offline stays queued,
// survives a reload and is sent once the connection returns. Each carries its operation id, made when the user
// acted: the server keeps it, so a replay has no second effect, even after a later change to the same
// notifications. The hooks with their optimistic updates are in notification-mutation-hooks.ts.
import type { NotificationCounter } from '@/domain/notifications'
import { apiFetch } from '@/lib/api-client'
import { KEY_ROOTS } from '@/lib/query-keys'
import { defineMutation, type Queued } from '@/offline/mutations'

/** Whose notifications, and which; the queue adds the operation id (`withOperationId`). */
export interface NotificationChangeVariables {
  userId: string
  ids: string[]
}

const change = (path: string) => (variables: Queued<NotificationChangeVariables>) =>
  apiFetch<NotificationCounter>(`/api/${path}/${encodeURIComponent(variables.userId)}`, {
    method: 'POST',
    body: { ids: variables.ids, operationId: variables.operationId },
  })

export const markNotificationsReadMutation = defineMutation<NotificationChangeVariables, NotificationCounter>(
  [KEY_ROOTS.notifications, 'mark-read'],
  change('mark-notifications-as-read'),
)

export const markNotificationsUnreadMutation = defineMutation<
  NotificationChangeVariables,
  NotificationCounter
>([KEY_ROOTS.notifications, 'mark-unread'], change('mark-notifications-as-unread'))

export const deleteNotificationsMutation = defineMutation<NotificationChangeVariables, NotificationCounter>(
  [KEY_ROOTS.notifications, 'delete'],
  change('delete-notifications'),
)
