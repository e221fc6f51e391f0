import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function BookingsPage() {
  return (
    <Screen
      size="lg"
      title={<Trans>My bookings</Trans>}
      lead={<Trans>All your stays in one place, available even offline.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="list">Your bookings with their dates, property, price and status.</Trans>,
          <Trans key="filters">Filters by status and date, and more bookings as you scroll.</Trans>,
        ]}
      />
    </Screen>
  )
}
