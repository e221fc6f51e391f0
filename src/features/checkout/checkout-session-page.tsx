// Stripe's return (/checkout-session/{sessionId}, docs/product.md §12): the server asks Stripe whether the
// session was paid, and only its answer makes the booking paid. Asked once per visit of the page (the
// mutation cache remembers the call); asking again later has no second effect on the server.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'

import type { PaymentResult } from '@/contract/payments'
import { API_ERROR_CODES } from '@/domain/error-codes'
import { refreshAfterBookingChange } from '@/entities/booking/booking-refresh'
import { readSessionUser } from '@/entities/session/session'
import { ApiError, NetworkError } from '@/lib/api-client'
import { errorMessage } from '@/ui/account-messages'
import { Screen } from '@/ui/screen'

import { checkCheckoutSession, rememberedCheckout, takeUpGuestSession } from './api'
import { PaymentReceived } from './components/payment-received'

function Checking() {
  return (
    <Screen
      size="sm"
      title={<Trans>Payment status</Trans>}
      lead={<Trans>We are checking your payment with the payment provider.</Trans>}
    >
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>
          <Trans>Checking your payment…</Trans>
        </Text>
      </Group>
    </Screen>
  )
}

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui()
  const backToCheckout = rememberedCheckout()
  const unreachable = error instanceof NetworkError
  const notSignedIn = error instanceof ApiError && error.status === 401
  const here = typeof window === 'undefined' ? '/' : window.location.pathname
  return (
    <Screen size="sm" title={<Trans>Payment status</Trans>}>
      <Alert color={unreachable ? 'yellow' : 'red'} variant="light" role="alert">
        {unreachable ? (
          <Trans>
            Your payment could not be checked: there is no connection, or the provider did not answer.
          </Trans>
        ) : error instanceof ApiError && error.status === 404 ? (
          <Trans>We found no payment of ours under this link.</Trans>
        ) : (
          i18n._(errorMessage(error))
        )}
      </Alert>
      {error instanceof ApiError && error.code === API_ERROR_CODES.paymentFailed ? (
        <Text>
          <Trans>Nothing was charged. You can go back to your checkout and try again.</Trans>
        </Text>
      ) : null}
      <Stack gap="xs" align="flex-start">
        {unreachable ? (
          <Button onClick={onRetry}>
            <Trans>Check again</Trans>
          </Button>
        ) : notSignedIn ? (
          <Button renderRoot={(props) => <Link to="/sign-in" search={{ redirect: here }} {...props} />}>
            <Trans>Sign in</Trans>
          </Button>
        ) : backToCheckout ? (
          <Button renderRoot={(props) => <a href={backToCheckout} {...props} />}>
            <Trans>Back to checkout</Trans>
          </Button>
        ) : (
          <Button renderRoot={(props) => <Link to="/search" {...props} />}>
            <Trans>Search properties</Trans>
          </Button>
        )}
      </Stack>
    </Screen>
  )
}

export function CheckoutSessionPage() {
  const { sessionId } = useParams({ from: '/checkout-session/$sessionId' })
  const queryClient = useQueryClient()
  const mutationKey = ['checkout-session', sessionId]
  const check = useMutation({
    mutationKey,
    mutationFn: () => checkCheckoutSession(sessionId),
    onSuccess: async () => {
      await refreshAfterBookingChange(queryClient)
      // A guest's checkout signed them in on this browser before Stripe's full-page return.
      if (!readSessionUser()) await takeUpGuestSession()
    },
  })
  const calls = useMutationState({
    filters: { mutationKey, exact: true },
    select: (mutation) => mutation.state,
  })
  const last = calls.at(-1)

  useEffect(() => {
    if (queryClient.getMutationCache().find({ mutationKey, exact: true })) return
    check.mutate()
    // Once per session id: the mutation cache is what stops a second call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId])

  if (last?.status === 'success' && last.data)
    return <PaymentReceived bookingId={(last.data as PaymentResult).bookingId} />
  if (last?.status === 'error') return <Failed error={last.error} onRetry={() => check.mutate()} />
  return <Checking />
}
