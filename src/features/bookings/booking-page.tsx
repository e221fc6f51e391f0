import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function BookingPage() {
  return (
    <Screen size="md" title={<Trans>Booking</Trans>} lead={<Trans>The details of one booking.</Trans>}>
      <Upcoming
        items={[
          <Trans key="details">The property, the dates, the options chosen and the price paid.</Trans>,
          <Trans key="cancellation">
            A request to cancel the booking: the agency contacts you to finalize it.
          </Trans>,
        ]}
      />
    </Screen>
  )
}
