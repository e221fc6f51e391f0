// A guest's details on the checkout (a visitor books as a guest: the checkout makes their account), with the
// way to sign in instead, offered again when the address turns out to have an account.
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { BirthDateInput } from '@/lib/day-input'
import type { AppForm } from '@/lib/form'

import type { CheckoutValues } from '../use-checkout-submit'

export function GuestDetails({
  form,
  labels,
  emailTaken,
  onEmailBlur,
  birthDateError,
}: {
  form: AppForm<CheckoutValues>
  labels: { fullName: string; email: string; phone: string; birthDate: string }
  emailTaken: boolean
  onEmailBlur: () => void
  /** What replaces the birth date's own error, when the property asks more than Haven's minimum age. */
  birthDateError?: ReactNode
}) {
  const here = useRouterState({ select: (state) => state.location.href })
  // Sign-in comes back to this same checkout, with its dates and property.
  const signInHere = (props: Record<string, unknown>) => (
    <Link to="/sign-in" search={{ redirect: here }} {...props} />
  )
  const birthDateProps = form.getInputProps('birthDate')
  const emailProps = form.getInputProps('email')
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
      <TextInput label={labels.fullName} autoComplete="name" required {...form.getInputProps('fullName')} />
      <TextInput
        label={labels.email}
        type="email"
        autoComplete="email"
        required
        {...emailProps}
        onBlur={(event) => {
          emailProps.onBlur?.(event)
          onEmailBlur()
        }}
      />
      {emailTaken ? (
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
      ) : null}
      <TextInput
        label={labels.phone}
        type="tel"
        autoComplete="tel"
        required
        {...form.getInputProps('phone')}
      />
      <BirthDateInput
        label={labels.birthDate}
        required
        {...birthDateProps}
        error={birthDateError ?? birthDateProps.error}
      />
    </Stack>
  )
}
