// The notifications' commands (src/offline/outbox.ts): mark read, mark unread, delete. Written to the device
// when the user acts, then sent in order, each with its operation id: the server keeps it, so a command sent
// again has no second effect, even after a later change to the same notifications. The server answers with
// the unread count once the change is made. The list shows the ones still waiting (`NOTIFICATION_FOLDS`).
import type { InfiniteData, QueryClient } from '@tanstack/react-query'

import type { NotificationCounter, NotificationPage } from '@/contract/notifications'
import { deleteNotifications, markNotificationsRead, markNotificationsUnread } from '@/contract/routes'
import { call } from '@/lib/api-client'
import { type CommandKind, fold, readOutbox } from '@/offline/outbox'

import { notificationKeys } from './api'

/** Whose notifications, and which. */
export interface NotificationChangePayload {
  userId: string
  ids: string[]
}

export type NotificationChange = 'read' | 'unread' | 'delete'

const isIdList = (value: unknown) => Array.isArray(value) && value.every((id) => typeof id === 'string')

const changePayload = { userId: '', ids: isIdList }

/** The list as it will be once the server has made `change`, and how that moves the unread count. */
export function applyChange<T extends InfiniteData<NotificationPage, unknown>>(
  list: T,
  change: NotificationChange,
  ids: readonly string[],
): { list: T; unreadDelta: number } {
  const chosen = new Set(ids)
  let unreadDelta = 0
  const pages = list.pages.map((page) => {
    const items = page.items.flatMap((item) => {
      if (!chosen.has(item._id)) return [item]
      if (change === 'delete') {
        if (!item.isRead) unreadDelta -= 1
        return []
      }
      const isRead = change === 'read'
      if (item.isRead !== isRead) unreadDelta += isRead ? -1 : 1
      return [{ ...item, isRead }]
    })
    return { ...page, items, total: page.total - (page.items.length - items.length) }
  })
  return { list: { ...list, pages }, unreadDelta }
}

type Pages = InfiniteData<NotificationPage, number>

/**
 * The server made the change: the cached list shows it, and the counter takes the server's count once no
 * other notification command waits (the server's count leaves those out).
 */
function settleChange(change: NotificationChange) {
  return (
    queryClient: QueryClient,
    { userId, ids }: NotificationChangePayload,
    answer: NotificationCounter,
  ) => {
    queryClient.setQueryData<Pages>(notificationKeys.list(userId), (list) =>
      list ? applyChange(list, change, ids).list : list,
    )
    const waiting = readOutbox().some((command) => NOTIFICATION_TYPES.includes(command.type))
    if (!waiting) queryClient.setQueryData(notificationKeys.counter(userId), answer)
  }
}

/** Refused: the list and the counter are read again from the server. */
const readAgain = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.all() })

function changeKind(
  change: NotificationChange,
  type: string,
  route: typeof markNotificationsRead | typeof markNotificationsUnread | typeof deleteNotifications,
): CommandKind<NotificationChangePayload, NotificationCounter> {
  return {
    type,
    payload: changePayload,
    send: ({ userId, ids }, operationId) => call(route, { params: { userId }, body: { ids, operationId } }),
    settle: settleChange(change),
    refused: readAgain,
  }
}

export const markNotificationsReadCommand = changeKind(
  'read',
  'notifications.mark-read',
  markNotificationsRead,
)
export const markNotificationsUnreadCommand = changeKind(
  'unread',
  'notifications.mark-unread',
  markNotificationsUnread,
)
export const deleteNotificationsCommand = changeKind('delete', 'notifications.delete', deleteNotifications)

export const NOTIFICATION_COMMANDS = {
  read: markNotificationsReadCommand,
  unread: markNotificationsUnreadCommand,
  delete: deleteNotificationsCommand,
} as const satisfies Record<NotificationChange, CommandKind<NotificationChangePayload, NotificationCounter>>

/** Its kinds, for the outbox to send the ones a page before this one left (src/app/outbox-commands.ts). */
export const COMMAND_KINDS = Object.values(NOTIFICATION_COMMANDS)

const NOTIFICATION_TYPES: readonly string[] = COMMAND_KINDS.map((kind) => kind.type)

/** A user's list as it will be once the server has the notification commands still waiting. */
export function notificationFolds<T extends InfiniteData<NotificationPage, unknown>>(userId: string) {
  return (Object.keys(NOTIFICATION_COMMANDS) as NotificationChange[]).map((change) =>
    fold(NOTIFICATION_COMMANDS[change], (list: T, payload) =>
      payload.userId === userId ? applyChange(list, change, payload.ids).list : list,
    ),
  )
}
