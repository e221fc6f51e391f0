import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Loader, Stack } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'

import { newPasswordSchema } from '@/contract/accounts'
import { OFFICE_HOME } from '@/entities/staff/office-routes'
import { isStaff, staffKeys, startStaffSession } from '@/entities/staff/staff-session'
import { NetworkError } from '@/lib/api-client'
import { accountMessages } from '@/ui/account-messages'
import { FormAlert, NewPasswordFields, useFormSubmit, useSchemaForm } from '@/ui/form'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { checkResetLink, resetPassword } from './api'
import { validateResetLinkParams } from './search-params'

/**
 * An e-mailed link of a staff account, opened: a password reset, or the activation of an account an
 * administrator created (docs/product.md §16), where the agency chooses its first password. Either way a
 * password set with the link's token, then the back office, signed in.
 */
export function PasswordLinkPage({ purpose }: { purpose: 'reset' | 'activate' }) {
  const { t, i18n } = useLingui()
  const {
    u: userId,
    e: email,
    t: token,
  } = validateResetLinkParams(useSearch({ strict: false }) as Record<string, unknown>)
  const queryClient = useQueryClient()
  const form = useSchemaForm(newPasswordSchema, { password: '', confirmPassword: '' })
  const labels = { password: t`New password`, confirmPassword: t`Confirm password` }
  const complete = Boolean(userId && email && token)
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword({ userId: userId ?? '', token: token ?? '', password }),
    onSuccess: (user) => {
      if (isStaff(user)) startStaffSession(queryClient, user)
    },
  })
  const link = useQuery({
    queryKey: [...staffKeys.all(), 'reset-link', userId, email, token],
    queryFn: () => checkResetLink(userId ?? '', email ?? '', token ?? ''),
    enabled: complete && !reset.isSuccess,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  })
  const expired = !complete || (link.isError && !(link.error instanceof NetworkError))

  const { submit, message } = useFormSubmit(
    form,
    async ({ password }) => {
      await reset.mutateAsync(password)
    },
    { refused: accountMessages.updatePasswordError },
  )

  let body
  if (reset.isSuccess) {
    body = (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          {purpose === 'activate' ? (
            <Trans>Your password is set and your account is active.</Trans>
          ) : (
            i18n._(accountMessages.passwordChanged)
          )}
        </Alert>
        <Button component={HrefLink} href={OFFICE_HOME}>
          <Trans>Open the back office</Trans>
        </Button>
      </Stack>
    )
  } else if (expired) {
    body = (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {purpose === 'activate' ? (
            i18n._(accountMessages.activationExpired)
          ) : (
            <Trans>This password reset link has expired or was already used.</Trans>
          )}
        </Alert>
        <Button component={HrefLink} href="/admin/forgot-password">
          <Trans>Ask for a new link</Trans>
        </Button>
      </Stack>
    )
  } else if (link.isPending) {
    body = <Loader aria-label={i18n._(accountMessages.checkingLink)} />
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} labels={labels} />
          <FormAlert form={form} labels={labels} message={message} />
          <Button type="submit" loading={form.submitting}>
            {purpose === 'activate' ? <Trans>Activate my account</Trans> : <Trans>Change password</Trans>}
          </Button>
        </Stack>
      </form>
    )
  }

  return (
    <Screen
      size="xs"
      title={
        purpose === 'activate' ? (
          reset.isSuccess ? (
            <Trans>Your account is active</Trans>
          ) : (
            <Trans>Activate your account</Trans>
          )
        ) : reset.isSuccess ? (
          <Trans>Password changed</Trans>
        ) : (
          <Trans>Reset password</Trans>
        )
      }
      lead={
        reset.isSuccess ? null : purpose === 'activate' ? (
          <Trans>Choose the password of your account to open the back office.</Trans>
        ) : (
          <Trans>Choose a new password for your account.</Trans>
        )
      }
    >
      {body}
    </Screen>
  )
}

export const OfficeResetPasswordPage = () => <PasswordLinkPage purpose="reset" />
