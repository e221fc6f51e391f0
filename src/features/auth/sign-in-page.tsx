import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'

import { signInSchema } from '@/domain/auth'
import { accountMessages, errorMessage } from '@/lib/account-messages'
import { FormAlert, PasswordField, showFieldErrors, useSchemaForm } from '@/lib/form'
import { Screen } from '@/lib/screen'
import { NeedsConnection } from '@/offline/read-state'
import { startSession } from '@/offline/session-lifecycle'

import { signIn } from './api'
import { SocialSignInButtons } from './social-sign-in'

/** Why a visitor was sent here: the screen they asked for needs an account. */
function RedirectReason({ redirect }: { redirect: string }) {
  return (
    <Alert color="petrol" variant="light" role="status">
      {redirect.startsWith('/checkout') ? (
        <Trans>
          Sign in to book this stay. New to Haven? Create an account: you will come back to your booking once
          it is activated.
        </Trans>
      ) : (
        <Trans>Sign in to continue. You will come back to this page afterwards.</Trans>
      )}
    </Alert>
  )
}

export function SignInPage() {
  const { t } = useLingui()
  const { redirect } = useSearch({ from: '/sign-in' })
  const navigate = useNavigate()
  const form = useSchemaForm(signInSchema, { email: '', password: '', stayConnected: false })
  const [message, setMessage] = useState<MessageDescriptor | null>(null)
  const labels = { email: t`E-mail`, password: t`Password` }

  const submit = form.onSubmit(async (values) => {
    setMessage(null)
    try {
      const user = await signIn({ ...values, email: values.email.trim() })
      await startSession(user, values.stayConnected)
      if (user.blacklisted) {
        // docs/product.md §7: the user stays loaded, marked as suspended.
        setMessage(accountMessages.suspended)
        return
      }
      await navigate({ href: redirect ?? '/', replace: true })
    } catch (error) {
      if (!showFieldErrors(form, error)) setMessage(errorMessage(error, accountMessages.incorrectCredentials))
    }
  })

  return (
    <Screen
      size="xs"
      title={<Trans>Sign in</Trans>}
      lead={<Trans>Welcome back. Sign in to see your bookings, notifications and settings.</Trans>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NeedsConnection title={<Trans>Signing in needs a connection.</Trans>} />
          {redirect ? <RedirectReason redirect={redirect} /> : null}
          <TextInput
            label={labels.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={labels.password}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox
              label={t`Stay connected`}
              {...form.getInputProps('stayConnected', { type: 'checkbox' })}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              <Trans>Forgot password?</Trans>
            </Anchor>
          </Group>
          <FormAlert form={form} labels={labels} message={message} />
          <Button type="submit" loading={form.submitting}>
            <Trans>Sign in</Trans>
          </Button>
          <SocialSignInButtons stayConnected={form.values.stayConnected} redirect={redirect} />
          <Text size="sm" ta="center">
            <Trans>
              No account yet?{' '}
              <Anchor renderRoot={(props) => <Link to="/sign-up" search={{ redirect }} {...props} />}>
                Sign up
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      </form>
    </Screen>
  )
}
