import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'

import { useLanguage } from '@/i18n/language'
import {
  accountMessages,
  checkBirthDate,
  checkConfirmation,
  checkEmail,
  checkPassword,
  checkPhone,
  errorMessage,
  serverFieldMessage,
} from '@/lib/account-messages'
import { ApiError } from '@/lib/api-client'
import { type FieldErrors, FormAlert, useFieldMessage, useForm } from '@/lib/form'
import { isRecaptchaFailure, recaptchaMessages, useRecaptchaToken } from '@/lib/recaptcha'
import { Screen } from '@/lib/screen'

import { resend, signUp } from './api'
import { SocialSignInButtons } from './social-sign-in'

const EMPTY = {
  fullName: '',
  email: '',
  phone: '',
  birthDate: '',
  password: '',
  confirmation: '',
  tos: false,
}
type Field = keyof typeof EMPTY

// The Terms of Use checkbox has its own message ('Please accept the Terms of Use.') rather than a place in
// the list of empty fields.
const REQUIRED: readonly Field[] = ['fullName', 'email', 'birthDate', 'password', 'confirmation']

/** After sign-up: the activation e-mail is on its way; it can be sent again. */
function CheckYourEmail({ email }: { email: string }) {
  const { i18n } = useLingui()
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)
  const [sending, setSending] = useState(false)
  const sendAgain = async () => {
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
    <Stack gap="md">
      <Alert color="green" variant="light" role="status" title={<Trans>Check your e-mail</Trans>}>
        <Trans>
          We sent a link to {email}. Open it within one day to activate your account, then sign in.
        </Trans>
      </Alert>
      {notice ? (
        <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      ) : null}
      <Button variant="default" onClick={sendAgain} loading={sending}>
        <Trans>Send the e-mail again</Trans>
      </Button>
      <Button component={Link} to="/sign-in">
        <Trans>Sign in</Trans>
      </Button>
    </Stack>
  )
}

export function SignUpPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const fieldMessage = useFieldMessage()
  const form = useForm(EMPTY)
  const { values, errors, setValue } = form
  const [signedUpAs, setSignedUpAs] = useState<string | null>(null)
  const recaptcha = useRecaptchaToken()
  const labels: Record<Field, string> = {
    fullName: t`Full name`,
    email: t`E-mail`,
    phone: t`Phone`,
    birthDate: t`Birth date`,
    password: t`Password`,
    confirmation: t`Confirm password`,
    tos: t`Terms of Use`,
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (form.submitting) return
    const valid = form.check(REQUIRED, labels, {
      email: checkEmail(values.email),
      phone: checkPhone(values.phone),
      birthDate: checkBirthDate(values.birthDate),
      password: checkPassword(values.password),
      confirmation: checkConfirmation(values.password, values.confirmation),
      tos: values.tos ? undefined : accountMessages.acceptTos,
    })
    if (!valid) return
    form.setSubmitting(true)
    // reCAPTCHA (docs/product.md §7; off unless configured, skipped on Safari): a fresh token goes with the
    // sign-up, and the server checks it with the provider.
    let recaptchaToken: string | undefined
    if (recaptcha.enabled) {
      try {
        recaptchaToken = await recaptcha.getToken('signup')
      } catch (error) {
        form.setSummary({
          message: isRecaptchaFailure(error)
            ? recaptchaMessages.error
            : errorMessage(error, accountMessages.signUpError),
        })
        form.setSubmitting(false)
        return
      }
    }
    const email = values.email.trim()
    try {
      await signUp({
        email,
        password: values.password,
        confirmPassword: values.confirmation,
        acceptTerms: true,
        fullName: values.fullName.trim(),
        birthDate: values.birthDate,
        language,
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
        ...(recaptchaToken ? { recaptchaToken } : {}),
      })
      setSignedUpAs(email)
    } catch (error) {
      // Everything typed stays in the form; the server's reasons go beside their fields.
      if (error instanceof ApiError && error.status === 409) {
        form.setErrors({ email: accountMessages.emailTaken })
        form.setSummary({ message: accountMessages.fixErrors })
      } else if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        const byField: FieldErrors<Field> = {}
        for (const [field, text] of Object.entries(error.fields)) {
          if (field in EMPTY) byField[field as Field] = serverFieldMessage(text)
        }
        form.setErrors(byField)
        form.setSummary({ message: accountMessages.fixErrors })
      } else if (error instanceof ApiError && isRecaptchaFailure(error)) {
        form.setSummary({ message: recaptchaMessages.error })
      } else {
        form.setSummary({ message: errorMessage(error, accountMessages.signUpError) })
      }
    } finally {
      form.setSubmitting(false)
    }
  }

  return (
    <Screen
      size="xs"
      title={<Trans>Create an account</Trans>}
      lead={<Trans>Sign up to book properties and keep track of your stays.</Trans>}
    >
      {signedUpAs ? (
        <CheckYourEmail email={signedUpAs} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={labels.fullName}
              autoComplete="name"
              required
              value={values.fullName}
              onChange={(event) => setValue('fullName', event.currentTarget.value)}
              error={fieldMessage(errors.fullName)}
            />
            <TextInput
              label={labels.email}
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(event) => setValue('email', event.currentTarget.value)}
              error={fieldMessage(errors.email)}
            />
            <TextInput
              label={labels.phone}
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={(event) => setValue('phone', event.currentTarget.value)}
              error={fieldMessage(errors.phone)}
            />
            <TextInput
              label={labels.birthDate}
              type="date"
              autoComplete="bday"
              required
              value={values.birthDate}
              onChange={(event) => setValue('birthDate', event.currentTarget.value)}
              error={fieldMessage(errors.birthDate)}
            />
            <PasswordInput
              label={labels.password}
              autoComplete="new-password"
              required
              value={values.password}
              onChange={(event) => setValue('password', event.currentTarget.value)}
              error={fieldMessage(errors.password)}
            />
            <PasswordInput
              label={labels.confirmation}
              autoComplete="new-password"
              required
              value={values.confirmation}
              onChange={(event) => setValue('confirmation', event.currentTarget.value)}
              error={fieldMessage(errors.confirmation)}
            />
            <Checkbox
              checked={values.tos}
              onChange={(event) => setValue('tos', event.currentTarget.checked)}
              error={fieldMessage(errors.tos)}
              aria-label={t`I accept the Terms of Use`}
              label={
                <Trans>
                  I accept the{' '}
                  <Anchor component={Link} to="/tos" target="_blank">
                    Terms of Use
                  </Anchor>
                </Trans>
              }
            />
            <FormAlert summary={form.summary} />
            <Button type="submit" loading={form.submitting}>
              <Trans>Sign up</Trans>
            </Button>
            <SocialSignInButtons />
            <Text size="sm" ta="center">
              <Trans>
                Already have an account?{' '}
                <Anchor component={Link} to="/sign-in">
                  Sign in
                </Anchor>
              </Trans>
            </Text>
          </Stack>
        </form>
      )}
    </Screen>
  )
}
