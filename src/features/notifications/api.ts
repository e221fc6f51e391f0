// Notifications (docs/product.md §12): one key factory, the fetchers and the queryOptions the bell, the app
// badge and the /notifications screen share. Under the 'notifications' root, persisted for offline reading and
// dropped at sign-out (src/offline/persister.ts). Types only from the contract: no zod in the shell.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'

import type { NotificationPage } from '@/contract/notifications'
import { listNotifications, notificationCounter } from '@/contract/routes'
import { NOTIFICATIONS_PAGE_SIZE } from '@/domain/constants'
import { call } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'
import { KEY_ROOTS } from '@/lib/query-keys'

export const notificationKeys = {
  all: () => [KEY_ROOTS.notifications] as const,
  /** The user the data belongs to: another user's cached pages are never shown. */
  list: (userId: string) => [...notificationKeys.all(), 'list', userId] as const,
  counter: (userId: string) => [...notificationKeys.all(), 'counter', userId] as const,
}

/** How often the bell asks while the app is on screen (never in the background). */
export const COUNTER_REFRESH_MS = 60_000

export const fetchNotifications = (userId: string, page: number, signal?: AbortSignal) =>
  call(listNotifications, { params: { userId, page, pageSize: NOTIFICATIONS_PAGE_SIZE }, signal })

export const fetchNotificationCounter = (userId: string, signal?: AbortSignal) =>
  call(notificationCounter, { params: { userId }, signal })

/** Every page of the user's notifications, newest first, 30 at a time. */
export const notificationsInfiniteQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ signal, pageParam }) => fetchNotifications(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (page: NotificationPage) =>
      page.page * page.pageSize < page.total ? page.page + 1 : undefined,
    staleTime: STALE_TIME.personal,
  })

export const notificationCounterQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.counter(userId),
    queryFn: ({ signal }) => fetchNotificationCounter(userId, signal),
    staleTime: STALE_TIME.personal,
    // The bell is the one place that tells of news: look again on every page load, whenever the user comes
    // back to the app or the connection, and every minute while the app is on screen (a push may be off).
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
    refetchInterval: COUNTER_REFRESH_MS,
  })
