import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Checkbox, Group, Stack } from '@mantine/core'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'

import { signInSchema } from '@/contract/accounts'
import { startSession } from '@/entities/session/session-lifecycle'
import { NeedsConnection } from '@/offline/read-state'
import { accountMessages } from '@/ui/account-messages'
import { EmailField, FormAlert, PasswordField, useFormSubmit, useSchemaForm } from '@/ui/form'
import { Screen } from '@/ui/screen'

import { signIn } from './api'
import { SignInOrUpLink } from './sign-in-or-up-link'
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
  const labels = { email: t`E-mail`, password: t`Password` }

  const { submit, message } = useFormSubmit(
    form,
    async (values) => {
      const user = await signIn({ ...values, email: values.email.trim() })
      await startSession(user, values.stayConnected)
      // docs/product.md §7: the user stays loaded, marked as suspended.
      if (user.blacklisted) return accountMessages.suspended
      await navigate({ href: redirect ?? '/', replace: true })
    },
    { refused: accountMessages.incorrectCredentials },
  )

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
          <EmailField form={form} label={labels.email} />
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
          <SignInOrUpLink to="/sign-up" redirect={redirect} />
        </Stack>
      </form>
    </Screen>
  )
}
