import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack } from '@mantine/core'
import { useSearch } from '@tanstack/react-router'
import { useState } from 'react'

import { signUpSchema } from '@/contract/accounts'
import { useLanguage } from '@/i18n/language'
import { useRecaptchaToken } from '@/lib/recaptcha'
import { accountMessages } from '@/ui/account-messages'
import { FormAlert, NewPasswordFields, useFormSubmit, useSchemaForm } from '@/ui/form'
import { PersonFields } from '@/ui/person-fields'
import { Screen } from '@/ui/screen'
import { TermsCheckbox } from '@/ui/terms-checkbox'

import { rememberAfterActivation } from './after-activation'
import { signUp } from './api'
import { ResendLink } from './resend-link'
import { SignInOrUpLink } from './sign-in-or-up-link'
import { SocialSignInButtons } from './social-sign-in'

/** After sign-up: the activation e-mail is on its way; it can be sent again. */
function CheckYourEmail({ email }: { email: string }) {
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" role="status">
        <Trans>
          We sent a link to {email}. Open it within one day to activate your account, then sign in.
        </Trans>
      </Alert>
      <ResendLink email={email} variant="default" />
    </Stack>
  )
}

export function SignUpPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const { redirect } = useSearch({ from: '/sign-up' })
  const form = useSchemaForm(signUpSchema, {
    fullName: '',
    email: '',
    phone: '',
    birthDate: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false,
  })
  const [signedUpAs, setSignedUpAs] = useState<string | null>(null)
  const recaptcha = useRecaptchaToken()
  const labels = {
    fullName: t`Full name`,
    email: t`E-mail`,
    phone: t`Phone`,
    birthDate: t`Birth date`,
    password: t`Password`,
    confirmPassword: t`Confirm password`,
    acceptTerms: t`Terms of Use`,
  }

  // reCAPTCHA (docs/product.md §7; off unless configured, skipped on Safari): a fresh token goes with the
  // sign-up, and the server checks it with the provider.
  const { submit, message } = useFormSubmit(
    form,
    async ({ phone, ...values }, recaptchaToken) => {
      const email = values.email.trim()
      await signUp({
        ...values,
        email,
        acceptTerms: true,
        language,
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        ...(recaptchaToken ? { recaptchaToken } : {}),
      })
      rememberAfterActivation(email, redirect)
      setSignedUpAs(email)
    },
    { refused: accountMessages.signUpError, recaptcha: { handle: recaptcha, action: 'signup' } },
  )

  return (
    <Screen
      size="xs"
      title={signedUpAs ? <Trans>Check your e-mail</Trans> : <Trans>Create an account</Trans>}
      lead={signedUpAs ? null : <Trans>Sign up to book properties and keep track of your stays.</Trans>}
    >
      {signedUpAs ? (
        <CheckYourEmail email={signedUpAs} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PersonFields form={form} labels={labels} />
            <NewPasswordFields form={form} labels={labels} />
            <TermsCheckbox form={form} />
            <FormAlert form={form} labels={labels} message={message} />
            <Button type="submit" loading={form.submitting}>
              <Trans>Sign up</Trans>
            </Button>
            <SocialSignInButtons redirect={redirect} />
            <SignInOrUpLink to="/sign-in" redirect={redirect} />
          </Stack>
        </form>
      )}
    </Screen>
  )
}
