// The provider's step for a booking held until its payment: Stripe's form or PayPal's buttons, under the
// checkout form, with how long the stay is held and a way back to the choice of payment.
import { Trans } from '@lingui/react/macro'
import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense } from 'react'

import type { CheckoutResponse } from '@/contract/bookings'
import { useLanguage } from '@/i18n/language'
import { formatTime } from '@/lib/day'

// Each provider's SDK wrapper is its own chunk, loaded only once the renter has chosen it and booked.
const StripePayment = lazy(() => import('./stripe-payment'))
const PayPalPayment = lazy(() => import('./paypal-payment'))

export function OnlinePayment({
  booking,
  propertyName,
  stay,
  onPaid,
  onFailed,
  onChooseAnother,
}: {
  booking: CheckoutResponse
  propertyName: string
  /** The stay paid for, which PayPal's order describes. */
  stay: { from: string; to: string }
  onPaid: () => Promise<void>
  onFailed: () => void
  onChooseAnother: () => void
}) {
  const language = useLanguage()
  const payment = booking.payment!
  const until = booking.expiresAt ? formatTime(booking.expiresAt, language) : null
  return (
    <Card withBorder radius="lg" padding="md" data-testid="online-payment">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          <Trans>Payment</Trans>
        </Title>
        {until ? (
          <Text size="sm" c="dimmed">
            <Trans>Your stay is held for you until {until} while you pay.</Trans>
          </Text>
        ) : null}
        <Suspense fallback={<Skeleton height={44} radius="md" />}>
          {payment.provider === 'stripe' ? (
            <StripePayment
              publishableKey={payment.publishableKey}
              clientSecret={payment.clientSecret}
              scriptUrl={payment.scriptUrl}
            />
          ) : (
            <PayPalPayment
              clientId={payment.clientId}
              scriptUrl={payment.scriptUrl}
              bookingId={booking.bookingId}
              amount={booking.price}
              currency={booking.currency}
              name={propertyName}
              stay={stay}
              onPaid={() => void onPaid()}
              onFailed={onFailed}
            />
          )}
        </Suspense>
        <Button variant="subtle" w="fit-content" onClick={onChooseAnother}>
          <Trans>Choose another way to pay</Trans>
        </Button>
      </Stack>
    </Card>
  )
}
