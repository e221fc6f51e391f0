import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Loader, Stack } from '@mantine/core'
import { useMutation, useMutationState, useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'

import { newPasswordSchema } from '@/contract/accounts'
import { isSessionUser } from '@/entities/session/session'
import { startSession } from '@/entities/session/session-lifecycle'
import { NetworkError } from '@/lib/api-client'
import { accountMessages } from '@/ui/account-messages'
import { FormAlert, NewPasswordFields, useFormSubmit, useSchemaForm } from '@/ui/form'
import { Screen } from '@/ui/screen'

import { activate, checkTokenQueryOptions } from './api'

export function ResetPasswordPage() {
  const { t, i18n } = useLingui()
  const { u: userId, e: email, t: token } = useSearch({ from: '/reset-password' })
  const form = useSchemaForm(newPasswordSchema, { password: '', confirmPassword: '' })
  const labels = { password: t`New password`, confirmPassword: t`Confirm password` }
  const complete = Boolean(userId && email && token)
  // The mutation cache remembers this link's reset: signing in remounts the screen (the persisted cache is
  // per user), and the remounted screen must show the success rather than find the token spent.
  const mutationKey = ['reset-password', userId, token]
  const reset = useMutation({
    mutationKey,
    mutationFn: (password: string) => activate({ userId: userId ?? '', token: token ?? '', password }),
    onSuccess: async (user) => {
      // The server signs the user in with their new password.
      if (isSessionUser(user)) await startSession(user, false)
    },
  })
  const done = useMutationState({
    filters: { mutationKey, exact: true, status: 'success' },
    select: () => true,
  }).includes(true)
  const link = useQuery({
    ...checkTokenQueryOptions(userId, email, token),
    enabled: complete && !done,
    gcTime: 0,
  })
  // Offline, the link cannot be checked: let the form say so when it is sent.
  const expired = !complete || (link.isError && !(link.error instanceof NetworkError))

  const { submit, message } = useFormSubmit(
    form,
    async ({ password }) => {
      await reset.mutateAsync(password)
    },
    { refused: accountMessages.updatePasswordError },
  )

  let body
  if (done) {
    body = (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          {i18n._(accountMessages.passwordChanged)}
        </Alert>
        <Button component={Link} to="/">
          <Trans>Start browsing</Trans>
        </Button>
      </Stack>
    )
  } else if (expired) {
    body = (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          <Trans>This password reset link has expired or was already used.</Trans>
        </Alert>
        <Button component={Link} to="/forgot-password">
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
            <Trans>Change password</Trans>
          </Button>
        </Stack>
      </form>
    )
  }

  return (
    <Screen
      size="xs"
      title={done ? <Trans>Password changed</Trans> : <Trans>Reset password</Trans>}
      lead={done ? null : <Trans>Choose a new password for your account.</Trans>}
    >
      {body}
    </Screen>
  )
}
