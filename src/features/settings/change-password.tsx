import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Paper, Stack, Title } from '@mantine/core'
import { useState } from 'react'

import { changePasswordSchema, FIELD_ERRORS } from '@/domain/auth'
import { accountMessages, errorMessage } from '@/lib/account-messages'
import {
  FormAlert,
  FormNotice,
  NewPasswordFields,
  PasswordField,
  showFieldErrors,
  useSchemaForm,
} from '@/lib/form'
import type { SessionUser } from '@/lib/session'

import { changePassword } from './api'

/**
 * docs/product.md §4: the change-password screen has no route of its own; it is this section of the settings.
 */
export function ChangePassword({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui()
  // An account made with social sign-in may have no password yet: it then only sets one.
  const hasPassword = user.hasPassword !== false
  const empty = { _id: user._id, password: '', newPassword: '', confirmPassword: '' }
  const form = useSchemaForm(changePasswordSchema, empty, (values) =>
    hasPassword && !values.password ? { password: FIELD_ERRORS.required } : {},
  )
  const [notice, setNotice] = useState<{ ok: boolean; message: MessageDescriptor } | null>(null)
  const labels = {
    password: t`Current password`,
    newPassword: t`New password`,
    confirmPassword: t`Confirm password`,
  }

  const submit = form.onSubmit(async ({ password, ...values }) => {
    setNotice(null)
    try {
      await changePassword({ ...values, ...(hasPassword ? { password } : {}) })
      form.setValues(empty)
      setNotice({ ok: true, message: accountMessages.passwordChanged })
    } catch (error) {
      if (!showFieldErrors(form, error)) {
        setNotice({ ok: false, message: errorMessage(error, accountMessages.updatePasswordError) })
      }
    }
  })

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="change-password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="change-password-title">
            <Trans>Change password</Trans>
          </Title>
          {hasPassword ? (
            <PasswordField
              label={labels.password}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
          ) : (
            <Alert variant="light" color="petrol">
              {i18n._(accountMessages.noPasswordYet)}
            </Alert>
          )}
          <NewPasswordFields
            form={form}
            field="newPassword"
            labels={{ ...labels, password: labels.newPassword }}
          />
          <FormAlert form={form} labels={labels} />
          <FormNotice notice={notice} />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
            <Trans>Change password</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
