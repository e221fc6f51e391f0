import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function NotificationsPage() {
  return (
    <Screen
      size="md"
      title={<Trans>Notifications</Trans>}
      lead={<Trans>Messages about your bookings and your account.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="list">Your notifications, newest first, with unread ones highlighted.</Trans>,
          <Trans key="actions">
            Mark them as read or unread, or delete them, one by one or all at once.
          </Trans>,
        ]}
      />
    </Screen>
  )
}
