// The one form layer of the app: @mantine/form validating with the request's own schema from src/domain, the
// one the server checks the same request with, so both refuse exactly the same input. Errors are held as
// codes (src/domain/auth-messages.ts FIELD_ERRORS) and translated when shown, and a server's refusal goes
// beside its fields. Nothing resets the values on an error: what the user typed stays.
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { Alert, PasswordInput, type PasswordInputProps, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form'
import { type ReactNode, useState } from 'react'

import { FIELD_ERRORS, isFieldErrorCode } from '@/domain/auth-messages'
import { ApiError } from '@/lib/api-client'
import { isRecaptchaFailure, type RecaptchaHandle, recaptchaMessages } from '@/lib/recaptcha'

import { accountMessages, errorMessage, fieldMessages } from './account-messages'

export type AppForm<Values> = UseFormReturnType<Values>
/** A Standard Schema, as zod/mini's schemas are. */
type Schema = Parameters<typeof schemaResolver>[0]

/**
 * A form whose rules are `schema` (a request schema of src/domain). `extraErrors` adds what only this screen
 * knows (a current password that this account has, say), as field codes.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: Schema,
  initialValues: Values,
  extraErrors?: (values: Values) => Partial<Record<keyof Values, string>>,
): AppForm<Values> {
  const { i18n } = useLingui()
  const resolve = schemaResolver(schema, { sync: true })
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => ({ ...extraErrors?.(values), ...resolve(values) }),
    // Codes become words where they are shown, so a language switch translates an error already on screen.
    // A required field left empty is only marked: the summary above the button names it.
    enhanceGetInputProps: ({ field, form }) => {
      const code = form.errors[field]
      if (code === undefined || code === null) return {}
      // aria-invalid too: Mantine's PasswordInput and Checkbox do not set it from `error`.
      if (code === FIELD_ERRORS.required) return { error: true, 'aria-invalid': true }
      const message = i18n._(isFieldErrorCode(code) ? fieldMessages[code] : fieldMessages.invalid)
      return { error: message, 'aria-invalid': true }
    },
  })
}

/**
 * Puts the codes of a 400's `fields` beside the fields of this form; true when there was one to put, so the
 * caller shows a message of its own otherwise.
 */
export function showFieldErrors<Values>(form: AppForm<Values>, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false
  const own = Object.entries(error.fields).filter(([field]) => field in (form.values as object))
  if (own.length === 0) return false
  form.setErrors(Object.fromEntries(own))
  return true
}

/**
 * A form's submit and its refusal. `send` gets the checked values (and a fresh reCAPTCHA token for a form that
 * `recaptcha` protects); what it throws goes beside its fields (showFieldErrors), else above the button in the
 * words of its code (errorMessage) or `refused`'s, or 'reCAPTCHA error' when the check failed. A message `send`
 * answers is shown there too (the form went through, but the user cannot go on: a suspended account). Each
 * submit clears the last one's message and `sent`; the values stay as typed.
 */
export function useFormSubmit<Values>(
  form: AppForm<Values>,
  send: (values: Values, recaptchaToken?: string) => Promise<MessageDescriptor | void>,
  {
    refused,
    recaptcha,
  }: {
    /** The screen's own words for a refusal the answer's code does not name (else the general ones). */
    refused?: MessageDescriptor
    /** reCAPTCHA's handle (useRecaptchaToken) and the action its token is asked for. */
    recaptcha?: { handle: RecaptchaHandle; action: string }
  } = {},
) {
  const [message, setMessage] = useState<MessageDescriptor | null>(null)
  const [sent, setSent] = useState(false)
  const submit = form.onSubmit(async (values) => {
    setSent(false)
    setMessage(null)
    // A fresh token per submit: the provider takes each one once.
    let recaptchaToken: string | undefined
    try {
      if (recaptcha?.handle.enabled) recaptchaToken = await recaptcha.handle.getToken(recaptcha.action)
    } catch (error) {
      setMessage(isRecaptchaFailure(error) ? recaptchaMessages.error : errorMessage(error, refused))
      return
    }
    try {
      const said = await send(values, recaptchaToken)
      if (said) setMessage(said)
      else setSent(true)
    } catch (error) {
      if (showFieldErrors(form, error)) return
      if (recaptcha && error instanceof ApiError && isRecaptchaFailure(error))
        setMessage(recaptchaMessages.error)
      else setMessage(errorMessage(error, refused))
    }
  })
  return {
    submit,
    /** What was said of the last submit, for FormAlert: its refusal, or what `send` answered. */
    message,
    /** The last submit went through. */
    sent,
  }
}

/**
 * Above the submit button: 'Please fix errors.' and the required fields left empty ('Please fill in the
 * field(s):'), while the form has errors; or `message`, what the server said of the whole form.
 */
export function FormAlert<Values>({
  form,
  labels,
  message,
}: {
  form: AppForm<Values>
  labels: Partial<Record<keyof Values & string, string>>
  message?: MessageDescriptor | null
}) {
  const { i18n } = useLingui()
  const invalid = Object.entries(form.errors).filter(([, code]) => code !== undefined && code !== null)
  if (!message && invalid.length === 0) return null
  const missing = invalid
    .filter(([, code]) => code === FIELD_ERRORS.required)
    .map(([field]) => labels[field as keyof Values & string] ?? field)
  return (
    <Alert color="red" variant="light" role="alert">
      <Text size="sm" fw={600}>
        {i18n._(invalid.length > 0 ? accountMessages.fixErrors : (message ?? accountMessages.fixErrors))}
      </Text>
      {missing.length > 0 ? (
        <Text size="sm">
          {i18n._(missing.length === 1 ? accountMessages.fillInField : accountMessages.fillInFields)}{' '}
          {missing.join(', ')}
        </Text>
      ) : null}
    </Alert>
  )
}

/** A success or failure notice of a form's action ('Password changed successfully.'). */
export function FormNotice({ notice }: { notice: { ok: boolean; message: MessageDescriptor } | null }) {
  const { i18n } = useLingui()
  if (!notice) return null
  return (
    <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'}>
      {i18n._(notice.message)}
    </Alert>
  )
}

/** The e-mail field of a request that names it `email`; `onBlur` is told when it is left. */
export function EmailField<Values>({
  form,
  label,
  onBlur,
}: {
  form: AppForm<Values>
  label: ReactNode
  onBlur?: () => void
}) {
  const props = form.getInputProps('email')
  return (
    <TextInput
      label={label}
      type="email"
      autoComplete="email"
      required
      {...props}
      onBlur={(event) => {
        props.onBlur?.(event)
        onBlur?.()
      }}
    />
  )
}

/** A password input whose show/hide button is named in the interface language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useLingui()
  return (
    <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }} />
  )
}

/**
 * A new password and its confirmation (sign-up, activation, reset, change of password). `field` is the
 * request's name for the new password; the confirmation is always `confirmPassword`.
 */
export function NewPasswordFields<Values>({
  form,
  field = 'password',
  labels,
}: {
  form: AppForm<Values>
  field?: 'password' | 'newPassword'
  labels: { password: ReactNode; confirmPassword: ReactNode }
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        autoComplete="new-password"
        required
        {...form.getInputProps(field)}
      />
      <PasswordField
        label={labels.confirmPassword}
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
    </>
  )
}
