// What a renter sees once their payment is taken, by card (the Stripe return, checkout-session-page.tsx) or with
// PayPal (the checkout page itself): the same words either way.
import { Trans } from '@lingui/react/macro'
import { Alert, Button } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import { useSessionUser } from '@/entities/session/session'
import { Screen } from '@/ui/screen'

export function PaymentReceived({ bookingId }: { bookingId: string }) {
  const user = useSessionUser()
  const email = user?.email ?? ''
  return (
    <Screen size="sm" title={<Trans>Payment received</Trans>}>
      <Alert color="green" variant="light" role="status">
        {email ? (
          <Trans>
            Thank you! Your booking is paid. We sent a confirmation e-mail to {email}, with a link to your
            booking.
          </Trans>
        ) : (
          <Trans>
            Thank you! Your booking is paid. We sent you a confirmation e-mail, with a link to your booking.
          </Trans>
        )}
      </Alert>
      <Button
        w="fit-content"
        renderRoot={(props) => <Link to="/booking" search={{ id: bookingId }} {...props} />}
      >
        <Trans>See my booking</Trans>
      </Button>
    </Screen>
  )
}
