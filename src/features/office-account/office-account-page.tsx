import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Paper, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'

import { changePasswordSchema } from '@/contract/accounts'
import { FIELD_ERRORS } from '@/domain/auth-messages'
import { staffSessionQueryOptions } from '@/entities/staff/staff-session'
import { accountMessages } from '@/lib/account-messages'
import {
  FormAlert,
  FormNotice,
  NewPasswordFields,
  PasswordField,
  useFormSubmit,
  useSchemaForm,
} from '@/lib/form'
import { Screen } from '@/lib/screen'

import { changePassword } from './api'

/** The staff member's account: who is signed in, and a change of password (as the renter's settings). */
export function OfficeAccountPage() {
  const { t } = useLingui()
  const { data: user } = useSuspenseQuery(staffSessionQueryOptions())
  const empty = { _id: user?._id ?? '', password: '', newPassword: '', confirmPassword: '' }
  const form = useSchemaForm(changePasswordSchema, empty, (values) =>
    values.password ? {} : { password: FIELD_ERRORS.required },
  )
  const labels = {
    password: t`Current password`,
    newPassword: t`New password`,
    confirmPassword: t`Confirm password`,
  }
  const { submit, message, sent } = useFormSubmit(
    form,
    async (values) => {
      await changePassword(values)
      form.setValues(empty)
    },
    { refused: accountMessages.updatePasswordError },
  )
  const notice = sent
    ? { ok: true, message: accountMessages.passwordChanged }
    : message && { ok: false, message }

  return (
    <Screen size="xs" title={<Trans>Account</Trans>} lead={user?.fullName}>
      <Text>{user?.email}</Text>
      <Paper withBorder radius="lg" p="lg" component="section" aria-label={t`Change password`}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordField
              label={labels.password}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
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
    </Screen>
  )
}
