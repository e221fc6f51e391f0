import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Paper, Stack, Title } from '@mantine/core'

import { changePasswordSchema } from '@/contract/accounts'
import { FIELD_ERRORS } from '@/domain/auth-messages'
import type { SessionUser } from '@/entities/session/session'
import { accountMessages } from '@/ui/account-messages'
import {
  FormAlert,
  FormNotice,
  NewPasswordFields,
  PasswordField,
  useFormSubmit,
  useSchemaForm,
} from '@/ui/form'

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
  const labels = {
    password: t`Current password`,
    newPassword: t`New password`,
    confirmPassword: t`Confirm password`,
  }

  const { submit, message, sent } = useFormSubmit(
    form,
    async ({ password, ...values }) => {
      await changePassword({ ...values, ...(hasPassword ? { password } : {}) })
      form.setValues(empty)
    },
    { refused: accountMessages.updatePasswordError },
  )
  // Said under the form's summary, as a notice: the change made, or why not.
  const notice = sent
    ? { ok: true, message: accountMessages.passwordChanged }
    : message && { ok: false, message }

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
