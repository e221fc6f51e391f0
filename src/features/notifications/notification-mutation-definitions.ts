// The notifications' replayable writes (src/offline/mutations.ts): mark read, mark unread, delete. Defined at
// module load (src/app/replayable-mutations.ts imports this file), so a change made offline stays queued,
// survives a reload and is sent once the connection returns. Each carries its operation id, made when the user
// acted: the server keeps it, so a replay has no second effect, even after a later change to the same
// notifications. The hooks with their optimistic updates are in notification-mutation-hooks.ts.
import type { NotificationCounter } from '@/contract/notifications'
import { deleteNotifications, markNotificationsRead, markNotificationsUnread } from '@/contract/routes'
import { call } from '@/lib/api-client'
import { KEY_ROOTS } from '@/lib/query-keys'
import { defineMutation, type Queued } from '@/offline/mutations'

/** Whose notifications, and which; the queue adds the operation id (`withOperationId`). */
export interface NotificationChangeVariables {
  userId: string
  ids: string[]
}

const change =
  (route: typeof markNotificationsRead | typeof markNotificationsUnread | typeof deleteNotifications) =>
  (variables: Queued<NotificationChangeVariables>) =>
    call(route, {
      params: { userId: variables.userId },
      body: { ids: variables.ids, operationId: variables.operationId },
    })

export const markNotificationsReadMutation = defineMutation<NotificationChangeVariables, NotificationCounter>(
  [KEY_ROOTS.notifications, 'mark-read'],
  change(markNotificationsRead),
)

export const markNotificationsUnreadMutation = defineMutation<
  NotificationChangeVariables,
  NotificationCounter
>([KEY_ROOTS.notifications, 'mark-unread'], change(markNotificationsUnread))

export const deleteNotificationsMutation = defineMutation<NotificationChangeVariables, NotificationCounter>(
  [KEY_ROOTS.notifications, 'delete'],
  change(deleteNotifications),
)
