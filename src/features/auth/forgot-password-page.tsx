import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'

import { emailOnlySchema } from '@/contract/accounts'
import { accountMessages } from '@/ui/account-messages'
import { EmailField, FormAlert, FormNotice, useFormSubmit, useSchemaForm } from '@/ui/form'
import { Screen } from '@/ui/screen'

import { resend } from './api'
import { ResendLink } from './resend-link'

export function ForgotPasswordPage() {
  const { t } = useLingui()
  const form = useSchemaForm(emailOnlySchema, { email: '' })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const labels = { email: t`E-mail` }

  const { submit, message } = useFormSubmit(
    form,
    async ({ email }) => {
      await resend(email.trim(), true)
      setSentTo(email.trim())
    },
    { refused: accountMessages.sendValidationError },
  )

  return (
    <Screen
      size="xs"
      title={<Trans>Forgot password</Trans>}
      lead={<Trans>Enter your e-mail address and we will send you a link to reset your password.</Trans>}
    >
      {sentTo ? (
        <Stack gap="md">
          <FormNotice notice={{ ok: true, message: accountMessages.resetSent }} />
          <ResendLink email={sentTo} passwordReset variant="default" />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <EmailField form={form} label={labels.email} />
            <FormAlert form={form} labels={labels} message={message} />
            <Button type="submit" loading={form.submitting}>
              <Trans>Reset password</Trans>
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/sign-in">
                <Trans>Back to sign in</Trans>
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </Screen>
  )
}
