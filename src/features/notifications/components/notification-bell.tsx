import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Indicator } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'

import { useSessionUserId } from '@/entities/session/session'
import { useRenewedPush } from '@/lib/renewed-push'
import { BellIcon } from '@/ui/icons'

import { notificationCounterQueryOptions, notificationKeys } from '../api'

/** What sw/sw.ts tells open windows when a push arrives. */
const PUSHED_MESSAGE = 'notification-pushed'

/**
 * The installed app's icon shows the unread count (docs/product.md §12): the open app keeps it equal to the
 * counter and clears it at zero. Browsers without the Badging API, or that refuse it, keep the bell alone.
 */
function useAppBadge(count: number | undefined) {
  useEffect(() => {
    if (count === undefined || !('setAppBadge' in navigator)) return
    const badge = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()
    badge.catch(() => {
      // Not installed, or badging refused: nothing to show.
    })
  }, [count])
}

/** A push while the app is open: the list and the counter are stale at once. */
function useRefreshOnPush(userId: string | null) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId || !('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown } | null
      if (data?.type === PUSHED_MESSAGE) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all() })
      }
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [queryClient, userId])
}

export function NotificationBell() {
  const { t } = useLingui()
  const userId = useSessionUserId()
  const { data } = useQuery({
    ...notificationCounterQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
  })
  const unread = userId ? (data?.count ?? 0) : 0
  // A visitor's device shows no count: a signed-out user's badge must not stay on the icon.
  useAppBadge(userId ? data?.count : 0)
  useRefreshOnPush(userId)
  useRenewedPush(userId)
  const label = unread > 0 ? t`Notifications (${unread} unread)` : t`Notifications`
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      // Amber 9: the white count stays above 4.5:1.
      color="amber.9"
      disabled={unread === 0}
      offset={4}
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        size="lg"
        radius="xl"
        aria-label={label}
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  )
}
