// Stripe's embedded checkout (docs/product.md §12): the card form is Stripe's own frame, mounted here once the
// server has opened a session for the booking. Stripe.js comes from the URL the server names (Stripe's, or
// the demo's stand-in) and only on this step; `@stripe/stripe-js/pure` never injects a script by itself.
// Once paid, Stripe sends the renter to `/checkout-session/{sessionId}`, where the server verifies it.
import { Trans } from '@lingui/react/macro'
import { Alert, Group, Loader, Text } from '@mantine/core'
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { useEffect, useState } from 'react'

import { loadScript } from '@/lib/load-script'

export interface StripePaymentProps {
  publishableKey: string
  clientSecret: string
  scriptUrl: string
}

export default function StripePayment({ publishableKey, clientSecret, scriptUrl }: StripePaymentProps) {
  const [stripe] = useState(() => loadScript(scriptUrl).then(() => loadStripe(publishableKey)))
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  useEffect(() => {
    let current = true
    stripe.then(
      (loaded) => current && setState(loaded ? 'ready' : 'failed'),
      () => current && setState('failed'),
    )
    return () => {
      current = false
    }
  }, [stripe])
  if (state === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert">
        <Trans>The card payment form could not be loaded. Check your connection and try again.</Trans>
      </Alert>
    )
  }
  return (
    <>
      {state === 'loading' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">
            <Trans>Loading the card payment form…</Trans>
          </Text>
        </Group>
      ) : null}
      <EmbeddedCheckoutProvider stripe={stripe} options={{ clientSecret }}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </>
  )
}
