import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function CheckoutPage() {
  return (
    <Screen
      size="md"
      title={<Trans>Checkout</Trans>}
      lead={<Trans>Review your stay, add options and pay to confirm your booking.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="stay">The property, your dates and the price for the whole stay.</Trans>,
          <Trans key="options">Cancellation and amendment options, when the property offers them.</Trans>,
          <Trans key="payment">Pay now by card, or pay later when the agency allows it.</Trans>,
        ]}
      />
    </Screen>
  )
}
