import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core'
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'

import { newPasswordSchema, signUpPasswordSchema } from '@/contract/accounts'
import { isSessionUser, useSessionUser } from '@/entities/session/session'
import { startSession } from '@/entities/session/session-lifecycle'
import { ApiError, NetworkError } from '@/lib/api-client'
import { accountMessages } from '@/ui/account-messages'
import { FormAlert, NewPasswordFields, PasswordField, useFormSubmit, useSchemaForm } from '@/ui/form'
import { Screen } from '@/ui/screen'

import { afterActivationPath, forgetAfterActivation } from './after-activation'
import { activate, checkTokenQueryOptions } from './api'
import { ResendLink } from './resend-link'

type Outcome =
  | { state: 'checking' }
  | { state: 'activated'; signedIn: boolean }
  | { state: 'already-active' }
  | { state: 'expired' }
  | { state: 'needs-password' }
  | { state: 'offline' }

/** What the link's last activation call came to. */
function outcomeOf(
  status: string | undefined,
  data: unknown,
  error: unknown,
  password: unknown,
): Outcome | null {
  if (status === undefined) return null
  // A password sent from the form keeps the form on screen, so that a refusal shows beside what was typed.
  if (status === 'pending' && password !== undefined) return { state: 'needs-password' }
  if (status === 'pending' || status === 'idle') return { state: 'checking' }
  if (status === 'success') return { state: 'activated', signedIn: isSessionUser(data) }
  if (error instanceof NetworkError) return { state: 'offline' }
  // The account has no password, the link is a reset one, or another browser than the one that signed up
  // follows it: the server asks for one.
  if (error instanceof ApiError && error.status === 400 && error.fields?.password) {
    return { state: 'needs-password' }
  }
  return { state: 'expired' }
}

function ChoosePassword({ activateWith }: { activateWith: (password: string) => Promise<unknown> }) {
  const { t } = useLingui()
  const form = useSchemaForm(newPasswordSchema, { password: '', confirmPassword: '' })
  const labels = { password: t`Password`, confirmPassword: t`Confirm password` }
  // A refusal that is not of the password is the screen's to say (outcomeOf): only its fields' show here.
  const { submit } = useFormSubmit(form, async ({ password }) => {
    await activateWith(password)
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordFields form={form} labels={labels} />
        <FormAlert form={form} labels={labels} />
        <Button type="submit" loading={form.submitting}>
          <Trans>Activate</Trans>
        </Button>
      </Stack>
    </form>
  )
}

/**
 * In another browser than the one that signed up: the password typed at sign-up again, which proves that whoever
 * chose it holds the address's mail too. The owner of an address someone else signed up with does not know it,
 * and takes the account with a new password through the forgotten password's link.
 */
function ConfirmSignUpPassword({ activateWith }: { activateWith: (password: string) => Promise<unknown> }) {
  const { t } = useLingui()
  const form = useSchemaForm(signUpPasswordSchema, { password: '' })
  const labels = { password: t`Password` }
  // A refusal that is not of the password is the screen's to say (outcomeOf): only its fields' show here.
  const { submit } = useFormSubmit(form, async ({ password }) => {
    await activateWith(password)
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label={labels.password}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <FormAlert form={form} labels={labels} />
        <Button type="submit" loading={form.submitting}>
          <Trans>Activate</Trans>
        </Button>
        <Anchor component={Link} to="/forgot-password" size="sm">
          <Trans>Forgot password?</Trans>
        </Anchor>
      </Stack>
    </form>
  )
}

/** After activation: back to where the visitor was going when they signed up, else browsing. */
function ContinueButton({ email }: { email?: string }) {
  const path = afterActivationPath(email)
  if (!path) {
    return (
      <Button component={Link} to="/">
        <Trans>Start browsing</Trans>
      </Button>
    )
  }
  return (
    <Button component={Link} to={path} onClick={forgetAfterActivation}>
      {path.startsWith('/checkout') ? <Trans>Continue to your booking</Trans> : <Trans>Continue</Trans>}
    </Button>
  )
}

export function ActivatePage() {
  const { i18n } = useLingui()
  const { u: userId, e: email, t: token } = useSearch({ from: '/activate' })
  const sessionUser = useSessionUser()
  const queryClient = useQueryClient()
  // A link is used once. The mutation cache remembers this link's call, so that a second mount (React's
  // development double effects, the remount that signing in causes) shows its outcome instead of calling
  // again and finding the token spent.
  const mutationKey = ['activate', userId, token]
  const activation = useMutation({
    mutationKey,
    mutationFn: (password?: string) =>
      activate({ userId: userId ?? '', token: token ?? '', ...(password ? { password } : {}) }),
    onSuccess: async (user) => {
      // The server signs the new user in at once when it can; otherwise they sign in themselves.
      if (isSessionUser(user)) await startSession(user, false)
    },
  })
  const calls = useMutationState({
    filters: { mutationKey, exact: true },
    select: (mutation) => mutation.state,
  })
  const last = calls.at(-1)
  const complete = Boolean(userId && token && email)
  const alreadyActive = Boolean(sessionUser?.activated && sessionUser._id === userId)
  // The link is read first. Until its first activation an account has no password of its owner's: the one
  // typed at sign-up may be a stranger's (anyone can sign up with any address). The browser that signed up
  // activates with it at once; another one types it again (the server tells them apart).
  const link = useQuery({
    ...checkTokenQueryOptions(userId, email, token),
    enabled: complete && !alreadyActive && calls.length === 0,
  })
  const activatesAtOnce = link.data?.hasPassword === true || link.data?.signUpPassword === true

  useEffect(() => {
    if (!activatesAtOnce) return
    if (queryClient.getMutationCache().find({ mutationKey, exact: true })) return
    activation.mutate(undefined)
    // Once per link: the mutation cache is what stops a second call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activatesAtOnce])

  const outcome: Outcome = !complete
    ? { state: 'expired' }
    : (outcomeOf(last?.status, last?.data, last?.error, last?.variables) ??
      (alreadyActive
        ? { state: 'already-active' }
        : link.isError
          ? link.error instanceof NetworkError
            ? { state: 'offline' }
            : { state: 'expired' }
          : link.data && !activatesAtOnce
            ? { state: 'needs-password' }
            : { state: 'checking' }))

  let title = <Trans>Activate your account</Trans>
  let body
  if (outcome.state === 'expired') {
    body = (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {i18n._(accountMessages.activationExpired)}
        </Alert>
        {email ? <ResendLink email={email}>{<Trans>Resend activation link</Trans>}</ResendLink> : null}
      </Stack>
    )
  } else if (outcome.state === 'checking') {
    body = <Loader aria-label={i18n._(accountMessages.checkingLink)} />
  } else if (outcome.state === 'offline') {
    body = (
      <Alert color="orange" variant="light" role="alert">
        {i18n._(accountMessages.offline)}
      </Alert>
    )
  } else if (outcome.state === 'needs-password' && link.data?.signUpPassword) {
    body = (
      <Stack gap="md">
        <Text>
          <Trans>
            To protect your account, enter the password you chose when you signed up: this link was opened on
            another device or browser.
          </Trans>
        </Text>
        <ConfirmSignUpPassword activateWith={(password) => activation.mutateAsync(password)} />
      </Stack>
    )
  } else if (outcome.state === 'needs-password') {
    body = (
      <Stack gap="md">
        <Text>
          <Trans>Choose the password you will sign in with, and your account is ready.</Trans>
        </Text>
        <ChoosePassword activateWith={(password) => activation.mutateAsync(password)} />
      </Stack>
    )
  } else if (outcome.state === 'already-active') {
    title = <Trans>Your account is already active</Trans>
    body = (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          <Trans>This link was used already: your account is active and you are signed in.</Trans>
        </Alert>
        <ContinueButton email={email} />
      </Stack>
    )
  } else {
    title = <Trans>Your account is active</Trans>
    body = (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          {outcome.signedIn ? (
            <Trans>Your account is activated. You are signed in.</Trans>
          ) : (
            <Trans>Your account is activated. You can now sign in.</Trans>
          )}
        </Alert>
        {outcome.signedIn ? (
          <ContinueButton email={email} />
        ) : (
          <Button
            renderRoot={(props) => (
              <Link to="/sign-in" search={{ redirect: afterActivationPath(email) }} {...props} />
            )}
          >
            <Trans>Sign in</Trans>
          </Button>
        )}
      </Stack>
    )
  }

  return (
    <Screen size="xs" title={title}>
      {body}
    </Screen>
  )
}
