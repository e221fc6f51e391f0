import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'

import { accountMessages, checkConfirmation, checkPassword, errorMessage } from '@/lib/account-messages'
import { ApiError } from '@/lib/api-client'
import { FormAlert, useFieldMessage, useForm } from '@/lib/form'
import type { SessionUser } from '@/lib/session'

import { changePassword } from './api'

const EMPTY = { current: '', password: '', confirmation: '' }

/**
 * docs/product.md §4: the change-password screen has no route of its own; it is this section of the settings.
 */
export function ChangePassword({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui()
  const fieldMessage = useFieldMessage()
  const form = useForm(EMPTY)
  const { values, errors, setValue } = form
  // An account made with social sign-in may have no password yet: it then only sets one.
  const hasPassword = user.hasPassword !== false
  const labels = {
    current: t`Current password`,
    password: t`New password`,
    confirmation: t`Confirm password`,
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (form.submitting) return
    const required = hasPassword
      ? (['current', 'password', 'confirmation'] as const)
      : (['password', 'confirmation'] as const)
    const valid = form.check(required, labels, {
      password: checkPassword(values.password),
      confirmation: checkConfirmation(values.password, values.confirmation),
    })
    if (!valid) return
    form.setSubmitting(true)
    try {
      await changePassword({
        _id: user._id,
        ...(hasPassword ? { password: values.current } : {}),
        newPassword: values.password,
      })
      form.setValues(EMPTY)
      form.setSummary({ message: accountMessages.passwordChanged, color: 'green' })
    } catch (error) {
      if (error instanceof ApiError && (error.message === 'Wrong password' || error.fields?.password)) {
        form.setErrors({ current: accountMessages.wrongPassword })
        form.setSummary(null)
      } else {
        form.setSummary({ message: errorMessage(error, accountMessages.updatePasswordError) })
      }
    } finally {
      form.setSubmitting(false)
    }
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="change-password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="change-password-title">
            <Trans>Change password</Trans>
          </Title>
          {hasPassword ? (
            <PasswordInput
              label={labels.current}
              autoComplete="current-password"
              required
              value={values.current}
              onChange={(event) => setValue('current', event.currentTarget.value)}
              error={fieldMessage(errors.current)}
            />
          ) : (
            <Alert variant="light" color="petrol">
              {i18n._(accountMessages.noPasswordYet)}
            </Alert>
          )}
          <PasswordInput
            label={labels.password}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => setValue('password', event.currentTarget.value)}
            error={fieldMessage(errors.password)}
          />
          <PasswordInput
            label={labels.confirmation}
            autoComplete="new-password"
            required
            value={values.confirmation}
            onChange={(event) => setValue('confirmation', event.currentTarget.value)}
            error={fieldMessage(errors.confirmation)}
          />
          <FormAlert summary={form.summary} />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
            <Trans>Change password</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
