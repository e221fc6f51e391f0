import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function CheckoutSessionPage() {
  return (
    <Screen
      size="sm"
      title={<Trans>Payment status</Trans>}
      lead={<Trans>We are checking your payment with the payment provider.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="outcome">Whether your payment succeeded, with your booking details.</Trans>,
          <Trans key="confirmation-email">A confirmation e-mail is sent once the payment is accepted.</Trans>,
        ]}
      />
    </Screen>
  )
}
