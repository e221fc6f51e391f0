// Mark read, mark unread and delete as the screen uses them: the commands (notification-commands.ts) go to
// the outbox, the counter (and so the bell and the app badge) moves at once, and the list shows the commands
// still waiting over the server's pages.
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'

import type { NotificationCounter, NotificationPage } from '@/contract/notifications'
import { isWaiting, useOutbox, useOutboxStatus, usePending, usePendingCommands } from '@/offline/outbox'

import { notificationKeys } from './api'
import {
  applyChange,
  NOTIFICATION_COMMANDS,
  type NotificationChange,
  notificationFolds,
} from './notification-commands'

export type { NotificationChange } from './notification-commands'

type Pages = InfiniteData<NotificationPage, number>

/** The cached list and counter as they will be once the server has made `change`. */
function moveCounter(queryClient: QueryClient, change: NotificationChange, userId: string, ids: string[]) {
  const list = queryClient.getQueryData<Pages>(notificationKeys.list(userId))
  if (!list) return
  const changed = applyChange(list, change, ids)
  const { unreadDelta } = changed
  queryClient.setQueryData(notificationKeys.list(userId), changed.list)
  queryClient.setQueryData<NotificationCounter>(notificationKeys.counter(userId), (counter) =>
    counter ? { count: Math.max(0, counter.count + unreadDelta) } : counter,
  )
}

/**
 * The list as the screen shows it: `list` (the server's pages) with the user's commands still waiting laid
 * over it, so that a read answered before the server has them shows no older state.
 */
export function useNotificationsWithPendingWrites<T extends InfiniteData<NotificationPage, unknown>>(
  userId: string,
  list: T | undefined,
): T | undefined {
  const folds = useMemo(() => notificationFolds<T>(userId), [userId])
  return usePending(list, folds)
}

/** Makes a change: in the outbox, then on the screen (the list, the counter). */
export function useChangeNotifications(userId: string) {
  const queryClient = useQueryClient()
  const outbox = useOutbox()
  const status = useOutboxStatus()
  const types: readonly string[] = Object.values(NOTIFICATION_COMMANDS).map((kind) => kind.type)
  const waiting = usePendingCommands().some(
    (command) => types.includes(command.type) && isWaiting(command, status),
  )
  return {
    change: (change: NotificationChange, ids: string[]) => {
      // A refusal is told by the outbox's toast, and the list read again (notification-commands.ts).
      outbox.add(NOTIFICATION_COMMANDS[change], { userId, ids }).catch(() => undefined)
      moveCounter(queryClient, change, userId, ids)
    },
    /** Whether a change waits for the network. */
    queued: waiting,
  }
}
