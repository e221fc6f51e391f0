import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'

import { accountMessages, checkEmail, errorMessage } from '@/lib/account-messages'
import { ApiError } from '@/lib/api-client'
import { FormAlert, useFieldMessage, useForm } from '@/lib/form'
import { Screen } from '@/lib/screen'

import { resend } from './api'

export function ForgotPasswordPage() {
  const { t, i18n } = useLingui()
  const fieldMessage = useFieldMessage()
  const form = useForm({ email: '' })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const labels = { email: t`E-mail` }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (form.submitting) return
    if (!form.check(['email'], labels, { email: checkEmail(form.values.email) })) return
    form.setSubmitting(true)
    const email = form.values.email.trim()
    try {
      await resend(email, true)
      setSentTo(email)
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        form.setErrors({ email: accountMessages.emailNotRegistered })
      } else {
        form.setSummary({ message: errorMessage(error, accountMessages.sendValidationError) })
      }
    } finally {
      form.setSubmitting(false)
    }
  }

  return (
    <Screen
      size="xs"
      title={<Trans>Forgot password</Trans>}
      lead={<Trans>Enter your e-mail address and we will send you a link to reset your password.</Trans>}
    >
      {sentTo ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {i18n._(accountMessages.resetSent)}
          </Alert>
          <Button variant="default" onClick={() => setSentTo(null)}>
            <Trans>Send it again</Trans>
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={labels.email}
              type="email"
              autoComplete="email"
              required
              value={form.values.email}
              onChange={(event) => form.setValue('email', event.currentTarget.value)}
              error={fieldMessage(form.errors.email)}
            />
            <FormAlert summary={form.summary} />
            <Button type="submit" loading={form.submitting}>
              <Trans>Reset password</Trans>
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/sign-in">
                <Trans>Back to sign in</Trans>
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </Screen>
  )
}
