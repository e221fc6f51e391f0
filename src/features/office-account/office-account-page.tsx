import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Paper, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'

import { changePasswordSchema, updateUserSchema } from '@/contract/accounts'
import { FIELD_ERRORS } from '@/domain/auth-messages'
import { staffSessionQueryOptions, type StaffUser, startStaffSession } from '@/entities/staff/staff-session'
import { accountMessages } from '@/ui/account-messages'
import {
  FormAlert,
  FormNotice,
  NewPasswordFields,
  PasswordField,
  useFormSubmit,
  useSchemaForm,
} from '@/ui/form'
import { Screen } from '@/ui/screen'

import { changePassword, setEmailNotifications, updateContact } from './api'
import { OfficePushSwitch } from './office-push-switch'

const SAVED = msg`Saved.`

/**
 * The public contact a renter's booking page shows (the agency's name and phone), and whether the account gets
 * e-mail besides its notifications. Sent at once: the back office is not offline-first.
 */
function ContactSettings({ user }: { user: StaffUser }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const initial = { _id: user._id, fullName: user.fullName, phone: user.phone ?? '' }
  const form = useSchemaForm(updateUserSchema, initial)
  const labels = { fullName: t`Name`, phone: t`Phone` }
  const { submit, message, sent } = useFormSubmit(form, async (values) => {
    const saved = await updateContact({ ...values, phone: values.phone.trim() || null })
    startStaffSession(queryClient, saved)
  })
  const notice = sent ? { ok: true, message: SAVED } : message && { ok: false, message }
  const emails = useMutation({
    mutationFn: (on: boolean) => setEmailNotifications(user._id, on),
    onSuccess: (saved) => startStaffSession(queryClient, saved),
  })
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={t`Contact and e-mail`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {user.type === 'AGENCY' ? (
            <Trans>Renters see this name and phone on their bookings, beside your e-mail address.</Trans>
          ) : (
            <Trans>Your name and phone, as other staff see them.</Trans>
          )}
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={labels.fullName}
              required
              autoComplete="organization"
              {...form.getInputProps('fullName')}
            />
            <TextInput label={labels.phone} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            <FormAlert form={form} labels={labels} />
            <FormNotice notice={notice} />
            <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
              <Trans>Save</Trans>
            </Button>
          </Stack>
        </form>
        <Switch
          label={t`E-mail me about new bookings, cancellation requests and messages`}
          description={t`Notifications in the back office always come.`}
          checked={emails.isPending ? emails.variables : user.enableEmailNotifications}
          disabled={emails.isPending}
          onChange={(event) => emails.mutate(event.currentTarget.checked)}
        />
        {emails.isError ? (
          <Text size="sm" c="red.9" role="alert">
            <Trans>The change could not be saved. Please try again.</Trans>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** The staff member's account: who is signed in, their contact and e-mail, and a change of password. */
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
      {user ? <ContactSettings key={user._id} user={user} /> : null}
      <Paper withBorder radius="lg" p="lg" component="section" aria-label={t`Push notifications`}>
        <OfficePushSwitch />
      </Paper>
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
