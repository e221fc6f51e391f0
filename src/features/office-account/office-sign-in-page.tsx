import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Checkbox, Group, Stack } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter, useSearch } from '@tanstack/react-router'

import { signInSchema } from '@/contract/accounts'
import { homeOf } from '@/entities/staff/office-routes'
import { signInStaff, startStaffSession } from '@/entities/staff/staff-session'
import { accountMessages } from '@/ui/account-messages'
import { EmailField, FormAlert, PasswordField, useFormSubmit, useSchemaForm } from '@/ui/form'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { validateOfficeSignInParams } from './search-params'

/**
 * The back office's sign-in (POST /api/sign-in/backend): an agency or an administrator. The form is the
 * renter's (src/ui/form.tsx, the same schema and messages); a renter's credentials are refused as a wrong
 * password is: 'Incorrect email or password.'
 */
export function OfficeSignInPage() {
  const { t } = useLingui()
  const { redirect } = validateOfficeSignInParams(useSearch({ strict: false }) as Record<string, unknown>)
  const router = useRouter()
  const queryClient = useQueryClient()
  const form = useSchemaForm(signInSchema, { email: '', password: '', stayConnected: false })
  const labels = { email: t`E-mail`, password: t`Password` }

  const { submit, message } = useFormSubmit(
    form,
    async (values) => {
      const user = await signInStaff({ ...values, email: values.email.trim() })
      if (user.blacklisted) return accountMessages.suspended
      startStaffSession(queryClient, user)
      await router.navigate({ href: redirect ?? homeOf(user), replace: true })
    },
    { refused: accountMessages.incorrectCredentials },
  )

  return (
    <Screen
      size="xs"
      title={<Trans>Back office sign-in</Trans>}
      lead={<Trans>For agencies and administrators: answer booking requests and run your listings.</Trans>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
            <Anchor component={HrefLink} href="/admin/forgot-password" size="sm">
              <Trans>Forgot password?</Trans>
            </Anchor>
          </Group>
          <FormAlert form={form} labels={labels} message={message} />
          <Button type="submit" loading={form.submitting}>
            <Trans>Sign in</Trans>
          </Button>
        </Stack>
      </form>
    </Screen>
  )
}
