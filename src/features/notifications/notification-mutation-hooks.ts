// Mark read, mark unread and delete as the screen uses them: optimistic in the list and the counter (and so
// in the bell and the app badge), undone when the server refuses, queued while offline (the definitions are in
// notification-mutation-definitions.ts). The server's answer is the unread count once the change is made.
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'

import type { NotificationCounter, NotificationPage } from '@/domain/notifications'
import { isLastPending, mutationOptionsOf } from '@/offline/mutations'

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
const NOTIFICATION_MUTATIONS = ['notifications']

type Pages = InfiniteData<NotificationPage, number>

interface Snapshot {
  list?: Pages
  counter?: NotificationCounter
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
  const chosen = new Set(ids)
  let unreadDelta = 0
  if (list) {
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
    queryClient.setQueryData<Pages>(listKey, { ...list, pages })
  }
  if (counter) {
    queryClient.setQueryData<NotificationCounter>(counterKey, {
      count: Math.max(0, counter.count + unreadDelta),
    })
  }
  return { list, counter }
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
    onSettled: () =>
      isLastPending(queryClient, NOTIFICATION_MUTATIONS)
        ? queryClient.invalidateQueries({ queryKey: notificationKeys.all() })
        : undefined,
  })
}
