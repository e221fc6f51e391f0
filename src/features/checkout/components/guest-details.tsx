// A guest's details on the checkout (a visitor books as a guest: the checkout makes their account), with the
// way to sign in instead, offered again when the address turns out to have an account.
import { Trans } from '@lingui/react/macro'
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { useSignInReturn } from '@/entities/session/sign-in-return'
import type { AppForm } from '@/ui/form'
import { type PersonLabels, PersonFields } from '@/ui/person-fields'

import type { CheckoutValues } from '../use-checkout-submit'

export function GuestDetails({
  form,
  labels,
  emailTaken,
  onEmailBlur,
  birthDateError,
}: {
  form: AppForm<CheckoutValues>
  labels: PersonLabels
  emailTaken: boolean
  onEmailBlur: () => void
  /** What replaces the birth date's own error, when the property asks more than Haven's minimum age. */
  birthDateError?: ReactNode
}) {
  // Sign-in comes back to this same checkout, with its dates and property.
  const signInReturn = useSignInReturn()
  const signInHere = (props: Record<string, unknown>) => (
    <Link to="/sign-in" search={signInReturn} {...props} />
  )
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        <Trans>Your details</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          Book as a guest: we make your account and send you a link to activate it. Already have one?{' '}
          <Anchor renderRoot={signInHere}>Sign in</Anchor>
        </Trans>
      </Text>
      <PersonFields
        form={form}
        labels={labels}
        phoneRequired
        onEmailBlur={onEmailBlur}
        afterEmail={
          emailTaken ? (
            <Alert color="blue" variant="light" role="status">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  <Trans>This address has an account: sign in to book with it. You come back here.</Trans>
                </Text>
                <Button size="xs" renderRoot={signInHere}>
                  <Trans>Sign in</Trans>
                </Button>
              </Stack>
            </Alert>
          ) : null
        }
        birthDateError={birthDateError}
      />
    </Stack>
  )
}
