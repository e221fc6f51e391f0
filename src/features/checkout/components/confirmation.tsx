// What the checkout shows once a stay is booked to pay later (a payment taken online says so in PaymentReceived
// instead). Such a booking is PENDING: requested, and the agency answers (docs/product.md §12).
import { Trans } from '@lingui/react/macro'
import { Alert, Button, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import { UNVERIFIED_HOLD_MS } from '@/domain/constants'
import type { SessionUser } from '@/entities/session/session'
import { Screen } from '@/ui/screen'

const HOUR_MS = 60 * 60 * 1000

/** After a checkout: the confirmation e-mail went to the renter (a guest's new account, now signed in here). */
export function Confirmation({ bookingId, user }: { bookingId: string; user: SessionUser }) {
  const email = user.email
  // docs/product.md §12, Unpaid holds: a stay to pay later of an account not activated lapses after this.
  const hours = UNVERIFIED_HOLD_MS / HOUR_MS
  return (
    <Screen size="sm" title={<Trans>Booking requested</Trans>}>
      <Alert color="green" variant="light" role="status">
        <Trans>Thank you! We sent a confirmation e-mail to {email}, with a link to your booking.</Trans>
      </Alert>
      <Text>
        <Trans>
          The agency will answer your request. Until then your booking is pending, and these nights are held
          for you.
        </Trans>
      </Text>
      {user.activated === false ? (
        <>
          <Text>
            <Trans>We also sent you a link to activate your account and choose a password.</Trans>
          </Text>
          <Text>
            <Trans>Activate it within {hours} hours to keep your stay held for you.</Trans>
          </Text>
        </>
      ) : null}
      <Button
        w="fit-content"
        renderRoot={(props) => <Link to="/booking" search={{ id: bookingId }} {...props} />}
      >
        <Trans>See my booking</Trans>
      </Button>
    </Screen>
  )
}

/**
 * After a guest's checkout that left no session here (the server signs in only the browser that made the
 * checkout): the booking stands, and the account's activation link is how the guest gets to it.
 */
export function GuestConfirmation({ paid }: { paid: boolean }) {
  return (
    <Screen size="sm" title={paid ? <Trans>Booking confirmed</Trans> : <Trans>Booking requested</Trans>}>
      <Alert color="green" variant="light" role="status">
        <Trans>
          Thank you! We sent you an e-mail about your booking, with a link to activate your account.
        </Trans>
      </Alert>
      <Text>
        <Trans>Open that link to choose a password: you can then see your booking in Haven.</Trans>
      </Text>
    </Screen>
  )
}
