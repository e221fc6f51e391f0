import { Alert, Button, Loader, PasswordInput, Stack } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'

import { accountMessages, checkConfirmation, checkPassword, errorMessage } from '@/lib/account-messages'
import { NetworkError } from '@/lib/api-client'
import { FormAlert, useFieldMessage, useForm } from '@/lib/form'
import { Screen } from '@/lib/screen'
import { isSessionUser, startSession } from '@/lib/session'

import { activate, checkToken } from './api'

type LinkState = 'checking' | 'valid' | 'expired' | 'done'

// Links used on this page load. Signing in remounts the screen (the persisted cache is per user): the
// remounted screen must show the success rather than check the link again and find its token spent.
const completed = new Set<string>()

export function ResetPasswordPage() {
  const { t, i18n } = useLingui()
  const { u: userId, e: email, t: token } = useSearch({ from: '/reset-password' })
  const fieldMessage = useFieldMessage()
  const form = useForm({ password: '', confirmation: '' })
  const labels = { password: t`New password`, confirmation: t`Confirm password` }
  const complete = Boolean(userId && email && token)
  const linkKey = `${userId ?? ''}:${token ?? ''}`
  const [linkState, setLinkState] = useState<LinkState>(() => (completed.has(linkKey) ? 'done' : 'checking'))

  useEffect(() => {
    if (!userId || !email || !token || completed.has(`${userId}:${token}`)) return
    let live = true
    checkToken(userId, email, token).then(
      () => live && setLinkState('valid'),
      // Offline, the link cannot be checked: let the form say so when it is sent.
      (error: unknown) => live && setLinkState(error instanceof NetworkError ? 'valid' : 'expired'),
    )
    return () => {
      live = false
    }
  }, [userId, email, token])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (form.submitting || !userId || !token) return
    const { password, confirmation } = form.values
    const valid = form.check(['password', 'confirmation'], labels, {
      password: checkPassword(password),
      confirmation: checkConfirmation(password, confirmation),
    })
    if (!valid) return
    form.setSubmitting(true)
    try {
      // The server signs the user in with their new password.
      const user = await activate({ userId, token, password })
      completed.add(`${userId}:${token}`)
      if (isSessionUser(user)) await startSession(user, false)
      setLinkState('done')
    } catch (error) {
      form.setSummary({ message: errorMessage(error, accountMessages.updatePasswordError) })
    } finally {
      form.setSubmitting(false)
    }
  }

  let body
  if (!complete || linkState === 'expired') {
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
  } else if (linkState === 'checking') {
    body = <Loader aria-label={i18n._(accountMessages.checkingLink)} />
  } else if (linkState === 'done') {
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
  } else {
    body = (
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
            <Trans>Change password</Trans>
          </Button>
        </Stack>
      </form>
    )
  }

  return (
    <Screen
      size="xs"
      title={<Trans>Reset password</Trans>}
      lead={<Trans>Choose a new password for your account.</Trans>}
    >
      {body}
    </Screen>
  )
}
