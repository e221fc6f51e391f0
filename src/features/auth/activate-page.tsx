import { Alert, Button, Loader, PasswordInput, Stack } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'

import { accountMessages, checkConfirmation, checkPassword, errorMessage } from '@/lib/account-messages'
import { ApiError, NetworkError } from '@/lib/api-client'
import { FormAlert, useFieldMessage, useForm } from '@/lib/form'
import { Screen } from '@/lib/screen'
import { isSessionUser, startSession } from '@/lib/session'

import { activate, type ActivateRequest, resend } from './api'

type Outcome =
  | { state: 'activated'; signedIn: boolean }
  | { state: 'expired' }
  | { state: 'needs-password' }
  | { state: 'offline' }

// A link is used once: a second call (React's development double effects, a remount on sign-in) must
// reuse the first call's outcome rather than find its token spent.
const attempts = new Map<string, Promise<Outcome>>()

function attemptActivation(request: ActivateRequest): Promise<Outcome> {
  const key = `${request.userId}:${request.token}:${request.password ? 'p' : ''}`
  let attempt = attempts.get(key)
  if (!attempt) {
    attempt = activate(request).then(
      (answer): Outcome => {
        // The server may sign the new user in at once; otherwise they sign in themselves.
        if (isSessionUser(answer)) {
          void startSession(answer, false)
          return { state: 'activated', signedIn: true }
        }
        return { state: 'activated', signedIn: false }
      },
      (error: unknown): Outcome => {
        attempts.delete(key)
        if (error instanceof NetworkError) return { state: 'offline' }
        if (error instanceof ApiError && error.status === 400 && error.fields?.password) {
          return { state: 'needs-password' }
        }
        return { state: 'expired' }
      },
    )
    attempts.set(key, attempt)
  }
  return attempt
}

function ResendActivation({ email }: { email?: string }) {
  const { i18n } = useLingui()
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)
  const [sending, setSending] = useState(false)
  if (!email) return null
  const send = async () => {
    setSending(true)
    try {
      await resend(email, false)
      setNotice({ ok: true, text: i18n._(accountMessages.activationSent) })
    } catch (error) {
      setNotice({ ok: false, text: i18n._(errorMessage(error, accountMessages.sendValidationError)) })
    } finally {
      setSending(false)
    }
  }
  return (
    <Stack gap="sm">
      {notice ? (
        <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      ) : null}
      <Button onClick={send} loading={sending} disabled={notice?.ok === true}>
        <Trans>Resend activation link</Trans>
      </Button>
    </Stack>
  )
}

function ChoosePassword({ onSubmit }: { onSubmit: (password: string) => Promise<void> }) {
  const { t } = useLingui()
  const fieldMessage = useFieldMessage()
  const form = useForm({ password: '', confirmation: '' })
  const labels = { password: t`Password`, confirmation: t`Confirm password` }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const { password, confirmation } = form.values
    const valid = form.check(['password', 'confirmation'], labels, {
      password: checkPassword(password),
      confirmation: checkConfirmation(password, confirmation),
    })
    if (!valid) return
    form.setSubmitting(true)
    await onSubmit(password)
    form.setSubmitting(false)
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={labels.password}
          autoComplete="new-password"
          required
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.currentTarget.value)}
          error={fieldMessage(form.errors.password)}
        />
        <PasswordInput
          label={labels.confirmation}
          autoComplete="new-password"
          required
          value={form.values.confirmation}
          onChange={(event) => form.setValue('confirmation', event.currentTarget.value)}
          error={fieldMessage(form.errors.confirmation)}
        />
        <FormAlert summary={form.summary} />
        <Button type="submit" loading={form.submitting}>
          <Trans>Activate</Trans>
        </Button>
      </Stack>
    </form>
  )
}

export function ActivatePage() {
  const { i18n } = useLingui()
  const { u: userId, e: email, t: token } = useSearch({ from: '/activate' })
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const complete = Boolean(userId && token)

  useEffect(() => {
    if (!userId || !token) return
    let live = true
    void attemptActivation({ userId, token }).then((result) => {
      if (live) setOutcome(result)
    })
    return () => {
      live = false
    }
  }, [userId, token])

  const withPassword = async (password: string) => {
    if (!userId || !token) return
    setOutcome(await attemptActivation({ userId, token, password }))
  }

  let body
  if (!complete || outcome?.state === 'expired') {
    body = (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {i18n._(accountMessages.activationExpired)}
        </Alert>
        <ResendActivation email={email} />
      </Stack>
    )
  } else if (!outcome) {
    body = <Loader aria-label={i18n._(accountMessages.checkingLink)} />
  } else if (outcome.state === 'offline') {
    body = (
      <Alert color="orange" variant="light" role="alert">
        {i18n._(accountMessages.offline)}
      </Alert>
    )
  } else if (outcome.state === 'needs-password') {
    body = <ChoosePassword onSubmit={withPassword} />
  } else {
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
          <Button component={Link} to="/">
            <Trans>Start browsing</Trans>
          </Button>
        ) : (
          <Button component={Link} to="/sign-in">
            <Trans>Sign in</Trans>
          </Button>
        )}
      </Stack>
    )
  }

  return (
    <Screen size="xs" title={<Trans>Activate your account</Trans>}>
      {body}
    </Screen>
  )
}
