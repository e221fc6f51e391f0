// The contact form (docs/product.md §13 send-email, §9 'Message sent'). Errors show beside their fields (the
// request's schema first, then the server's `fields`); nothing typed is lost on an error. A signed-in user's
// e-mail is filled in. When reCAPTCHA is on, a fresh token goes with the message (useRecaptchaToken).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core'

import { contactMessageSchema } from '@/contract/contact'
import { MESSAGE_SENT } from '@/domain/contact-limits'
import { useSessionUser } from '@/entities/session/session'
import { useRecaptchaToken } from '@/lib/recaptcha'
import { EmailField, FormAlert, useFormSubmit, useSchemaForm } from '@/ui/form'

import { sendContactMessage } from './api'

export const contactMessages = {
  // docs/product.md §9, word for word (MESSAGE_SENT of src/domain/contact-limits.ts).
  sent: msg`Message sent`,
  sendError: msg`Your message could not be sent. Please try again.`,
} satisfies Record<string, MessageDescriptor>

export function ContactForm() {
  const { t, i18n } = useLingui()
  const user = useSessionUser()
  const form = useSchemaForm(contactMessageSchema, {
    name: user?.fullName ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  })
  const recaptcha = useRecaptchaToken()
  const labels = { name: t`Name`, email: t`E-mail`, subject: t`Subject`, message: t`Message` }

  // reCAPTCHA v3 (off unless configured, skipped on Safari, docs/product.md §7): a fresh token goes with
  // the message.
  const { submit, message, sent } = useFormSubmit(
    form,
    async (values, recaptchaToken) => {
      await sendContactMessage({
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
        ...(recaptchaToken ? { recaptchaToken } : {}),
      })
      // The message is gone: its subject and text are cleared, the sender's name and address stay.
      form.setValues({ subject: '', message: '' })
    },
    { refused: contactMessages.sendError, recaptcha: { handle: recaptcha, action: 'contact' } },
  )

  return (
    <form onSubmit={submit} noValidate aria-label={t`Contact form`}>
      <Stack gap="md">
        <TextInput label={labels.name} autoComplete="name" {...form.getInputProps('name')} />
        <EmailField form={form} label={labels.email} />
        <TextInput label={labels.subject} required {...form.getInputProps('subject')} />
        <Textarea label={labels.message} required rows={6} {...form.getInputProps('message')} />
        <FormAlert form={form} labels={labels} message={message} />
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
