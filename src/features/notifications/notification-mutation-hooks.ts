// Mark read, mark unread and delete as the screen uses them: optimistic in the list and the counter (and so
// in the bell and the app badge), undone when the server refuses, queued while offline (the definitions are in
// notification-mutation-definitions.ts). The server's answer is the unread count once the change is made.
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'

import type { NotificationCounter, NotificationPage } from '@/contract/notifications'
import {
  isLastPending,
  mutationOptionsOf,
  refreshWhenLastSettled,
  usePendingWrites,
} from '@/offline/mutations'

import { notificationKeys } from './api'
import {
  deleteNotificationsMutation,
  markNotificationsReadMutation,
  markNotificationsUnreadMutation,
  type NotificationChangeVariables,
} from './notification-mutation-definitions'

export type NotificationChange = 'read' | 'unread' | 'delete'

const DEFINITIONS = {
  read: markNotificationsReadMutation,
  unread: markNotificationsUnreadMutation,
  delete: deleteNotificationsMutation,
}

/** Every notification write's key starts with this (notification-mutation-definitions.ts). */
const NOTIFICATION_MUTATIONS = notificationKeys.all()

type Pages = InfiniteData<NotificationPage, number>

interface Snapshot {
  list?: Pages
  counter?: NotificationCounter
}

/** The list as it will be once the server has made `change`, and how that moves the unread count. */
function applyChange<T extends InfiniteData<NotificationPage, unknown>>(
  list: T,
  change: NotificationChange,
  ids: readonly string[],
) {
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

/** The list and counter as they will be once the server has made `change`. */
async function applyOptimistically(
  queryClient: QueryClient,
  change: NotificationChange,
  { userId, ids }: NotificationChangeVariables,
): Promise<Snapshot> {
  const listKey = notificationKeys.list(userId)
  const counterKey = notificationKeys.counter(userId)
  await queryClient.cancelQueries({ queryKey: listKey })
  await queryClient.cancelQueries({ queryKey: counterKey })
  const list = queryClient.getQueryData<Pages>(listKey)
  const counter = queryClient.getQueryData<NotificationCounter>(counterKey)
  let unreadDelta = 0
  if (list) {
    const changed = applyChange(list, change, ids)
    unreadDelta = changed.unreadDelta
    queryClient.setQueryData<Pages>(listKey, changed.list)
  }
  if (counter) {
    queryClient.setQueryData<NotificationCounter>(counterKey, {
      count: Math.max(0, counter.count + unreadDelta),
    })
  }
  return { list, counter }
}

const CHANGE_OF_KEY = Object.fromEntries(
  Object.entries(DEFINITIONS).map(([change, definition]) => [definition.mutationKey[1], change]),
) as Record<string, NotificationChange>

/**
 * The list as the screen shows it: `list` (the server's pages) with the user's changes still queued or on
 * their way laid over it, so that a read answered before the server has them shows no older state.
 */
export function useNotificationsWithPendingWrites<T extends InfiniteData<NotificationPage, unknown>>(
  userId: string,
  list: T | undefined,
): T | undefined {
  const writes = usePendingWrites<NotificationChangeVariables>(NOTIFICATION_MUTATIONS)
  return writes.reduce((shown, { mutationKey, variables }) => {
    const change = CHANGE_OF_KEY[String(mutationKey[1])]
    return shown && change && variables.userId === userId
      ? applyChange(shown, change, variables.ids).list
      : shown
  }, list)
}

export function useChangeNotifications(change: NotificationChange) {
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptionsOf(DEFINITIONS[change]),
    onMutate: (variables) => applyOptimistically(queryClient, change, variables),
    onError: (_error, { userId }, snapshot) => {
      if (snapshot?.list) queryClient.setQueryData(notificationKeys.list(userId), snapshot.list)
      if (snapshot?.counter) queryClient.setQueryData(notificationKeys.counter(userId), snapshot.counter)
    },
    // The server's count and list leave out the changes still queued behind this one: they wait for the last.
    onSuccess: (answer, { userId }) => {
      if (isLastPending(queryClient, NOTIFICATION_MUTATIONS)) {
        queryClient.setQueryData(notificationKeys.counter(userId), answer)
      }
    },
    onSettled: () => refreshWhenLastSettled(queryClient, NOTIFICATION_MUTATIONS, notificationKeys.all()),
  })
}
