import { ActionIcon, Indicator } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

import { BellIcon } from '@/lib/icons'

export interface NotificationBellProps {
  /** Unread notifications; the counter query (notifications release) feeds it. */
  unread?: number
}

export function NotificationBell({ unread = 0 }: NotificationBellProps) {
  const { t } = useLingui()
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
