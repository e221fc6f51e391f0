import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import type { FormEvent } from 'react'

import { accountMessages, checkEmail, errorMessage } from '@/lib/account-messages'
import { FormAlert, useFieldMessage, useForm } from '@/lib/form'
import { Screen } from '@/lib/screen'
import { startSession } from '@/lib/session'

import { signIn } from './api'
import { SocialSignInButtons } from './social-sign-in'

export function SignInPage() {
  const { t } = useLingui()
  const { redirect } = useSearch({ from: '/sign-in' })
  const navigate = useNavigate()
  const fieldMessage = useFieldMessage()
  const form = useForm({ email: '', password: '', stayConnected: false })
  const { values, errors, setValue, setSummary } = form
  const labels = { email: t`E-mail`, password: t`Password` }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (form.submitting) return
    if (!form.check(['email', 'password'], labels, { email: checkEmail(values.email) })) return
    form.setSubmitting(true)
    try {
      const user = await signIn({
        email: values.email.trim(),
        password: values.password,
        stayConnected: values.stayConnected,
      })
      await startSession(user, values.stayConnected)
      if (user.blacklisted) {
        // docs/product.md §7: the user stays loaded, marked as suspended.
        setSummary({ message: accountMessages.suspended })
        return
      }
      await navigate({ href: redirect ?? '/', replace: true })
    } catch (error) {
      setSummary({ message: errorMessage(error, accountMessages.incorrectCredentials) })
    } finally {
      form.setSubmitting(false)
    }
  }

  return (
    <Screen
      size="xs"
      title={<Trans>Sign in</Trans>}
      lead={<Trans>Welcome back. Sign in to see your bookings, notifications and settings.</Trans>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={labels.email}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(event) => setValue('email', event.currentTarget.value)}
            error={fieldMessage(errors.email)}
          />
          <PasswordInput
            label={labels.password}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(event) => setValue('password', event.currentTarget.value)}
            error={fieldMessage(errors.password)}
          />
          <Group justify="space-between">
            <Checkbox
              label={t`Stay connected`}
              checked={values.stayConnected}
              onChange={(event) => setValue('stayConnected', event.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              <Trans>Forgot password?</Trans>
            </Anchor>
          </Group>
          <FormAlert summary={form.summary} />
          <Button type="submit" loading={form.submitting}>
            <Trans>Sign in</Trans>
          </Button>
          <SocialSignInButtons stayConnected={values.stayConnected} redirect={redirect} />
          <Text size="sm" ta="center">
            <Trans>
              No account yet?{' '}
              <Anchor component={Link} to="/sign-up">
                Sign up
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      </form>
    </Screen>
  )
}
