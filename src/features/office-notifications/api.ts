// The back office's notifications: the staff member's own, through the renter's calls (the server answers
// each user their own, the links into the back office). Read on each visit, never kept on the device: the
// back office is not offline-first, so a change is sent at once and its failure said where it was asked.
import { queryOptions } from '@tanstack/react-query'

import {
  deleteNotifications,
  listNotifications,
  markNotificationsRead,
  markNotificationsUnread,
  notificationCounter,
} from '@/contract/routes'
import { NOTIFICATIONS_PAGE_SIZE } from '@/domain/constants'
import { staffKeys } from '@/entities/staff/staff-session'
import { call } from '@/lib/api-client'

export const officeNotificationKeys = {
  all: () => [...staffKeys.all(), 'notifications'] as const,
  page: (userId: string, page: number) => [...officeNotificationKeys.all(), 'page', userId, page] as const,
  counter: (userId: string) => [...officeNotificationKeys.all(), 'counter', userId] as const,
}

export const officeNotificationsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: officeNotificationKeys.page(userId, page),
    queryFn: ({ signal }) =>
      call(listNotifications, {
        params: { userId, page, pageSize: NOTIFICATIONS_PAGE_SIZE },
        signal,
      }),
    staleTime: 0,
  })

/** The navigation's unread count: asked on each page load, on coming back to the tab and every minute. */
export const officeCounterQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: officeNotificationKeys.counter(userId),
    queryFn: ({ signal }) => call(notificationCounter, { params: { userId }, signal }),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  })

export type NoticeChange = 'read' | 'unread' | 'delete'

const CHANGES = {
  read: markNotificationsRead,
  unread: markNotificationsUnread,
  delete: deleteNotifications,
} as const

export const changeNotices = (userId: string, change: NoticeChange, ids: string[]) =>
  call(CHANGES[change], { params: { userId }, body: { ids } })
