// The contact form (docs/product.md §13 send-email, §9 'Message sent'). Errors show beside their fields (the
// client's checks first, then the server's `fields`); nothing typed is lost on an error. A signed-in user's
// e-mail is filled in. When reCAPTCHA is on, a fresh token goes with the message (useRecaptchaToken).
import { isRecaptchaFailure, recaptchaMessages, useRecaptchaToken } from '@/lib/recaptcha'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'

import { CONTACT_LIMITS, MESSAGE_SENT } from '@/domain/contact-limits'
import { accountMessages, checkEmail, errorMessage } from '@/lib/account-messages'
import { ApiError } from '@/lib/api-client'
import { type FieldErrors, FormAlert, useFieldMessage, useForm } from '@/lib/form'
import { useSessionUser } from '@/lib/session'

import { sendContactMessage } from './contact-api'

export const contactMessages = {
  // docs/product.md §9, word for word (MESSAGE_SENT of src/domain/contact-limits.ts).
  sent: msg`Message sent`,
  tooLong: msg`This text is too long.`,
  sendError: msg`Your message could not be sent. Please try again.`,
} satisfies Record<string, MessageDescriptor>

type Field = 'name' | 'email' | 'subject' | 'message'

/** The server's `fields` are zod's English texts: each field gets the client's own translated message. */
function serverFieldErrors(fields: Record<string, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {}
  if (fields.email) errors.email = accountMessages.invalidEmail
  if (fields.name) errors.name = contactMessages.tooLong
  if (fields.subject) errors.subject = true
  if (fields.message) errors.message = true
  return errors
}

export function ContactForm() {
  const { t, i18n } = useLingui()
  const user = useSessionUser()
  const fieldMessage = useFieldMessage()
  const form = useForm({ name: user?.fullName ?? '', email: user?.email ?? '', subject: '', message: '' })
  const [sent, setSent] = useState(false)
  const recaptcha = useRecaptchaToken()
  const { values, errors, setValue } = form
  const labels = { name: t`Name`, email: t`E-mail`, subject: t`Subject`, message: t`Message` }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (form.submitting) return
    setSent(false)
    const valid = form.check(['email', 'subject', 'message'], labels, {
      email: values.email.trim() ? checkEmail(values.email) : undefined,
      name: values.name.trim().length > CONTACT_LIMITS.name ? contactMessages.tooLong : undefined,
      subject: values.subject.trim().length > CONTACT_LIMITS.subject ? contactMessages.tooLong : undefined,
      message: values.message.trim().length > CONTACT_LIMITS.message ? contactMessages.tooLong : undefined,
    })
    if (!valid) return
    form.setSubmitting(true)
    // reCAPTCHA v3 (off unless configured, skipped on Safari, docs/product.md §7): a fresh token goes with
    // the message.
    let token: string | undefined
    if (recaptcha.enabled) {
      try {
        token = await recaptcha.getToken('contact')
      } catch {
        form.setSummary({ message: recaptchaMessages.error })
        form.setSubmitting(false)
        return
      }
    }
    try {
      await sendContactMessage({
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
        ...(token ? { recaptchaToken: token } : {}),
      })
      form.setSummary(null)
      // The message is gone: its subject and text are cleared, the sender's name and address stay.
      form.setValues((current) => ({ ...current, subject: '', message: '' }))
      setSent(true)
    } catch (error) {
      if (error instanceof ApiError && isRecaptchaFailure(error)) {
        form.setSummary({ message: recaptchaMessages.error })
      } else if (error instanceof ApiError && error.status === 400 && error.fields) {
        form.setErrors(serverFieldErrors(error.fields))
        form.setSummary({ message: accountMessages.fixErrors })
      } else {
        form.setSummary({ message: errorMessage(error, contactMessages.sendError) })
      }
    } finally {
      form.setSubmitting(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Contact form`}>
      <Stack gap="md">
        <TextInput
          label={labels.name}
          autoComplete="name"
          value={values.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
          error={fieldMessage(errors.name)}
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
          label={labels.subject}
          required
          value={values.subject}
          onChange={(event) => setValue('subject', event.currentTarget.value)}
          error={fieldMessage(errors.subject)}
        />
        <Textarea
          label={labels.message}
          required
          rows={6}
          value={values.message}
          onChange={(event) => setValue('message', event.currentTarget.value)}
          error={fieldMessage(errors.message)}
        />
        <FormAlert summary={form.summary} />
        {sent ? (
          <Alert color="green" variant="light" role="status" data-message={MESSAGE_SENT}>
            {i18n._(contactMessages.sent)}
          </Alert>
        ) : null}
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          <Trans>Send</Trans>
        </Button>
      </Stack>
    </form>
  )
}
