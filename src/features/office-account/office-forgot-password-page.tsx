import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Stack, Text } from '@mantine/core'
import { useState } from 'react'

import { emailOnlySchema } from '@/contract/accounts'
import { OFFICE_SIGN_IN } from '@/entities/staff/office-routes'
import { accountMessages } from '@/ui/account-messages'
import { EmailField, FormAlert, FormNotice, useFormSubmit, useSchemaForm } from '@/ui/form'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { sendResetLink } from './api'

/** A staff account's forgotten password: the e-mail's link leads to the back office's reset page. */
export function OfficeForgotPasswordPage() {
  const { t } = useLingui()
  const form = useSchemaForm(emailOnlySchema, { email: '' })
  const [sent, setSent] = useState(false)
  const labels = { email: t`E-mail` }

  const { submit, message } = useFormSubmit(
    form,
    async ({ email }) => {
      await sendResetLink(email.trim())
      setSent(true)
    },
    { refused: accountMessages.sendValidationError },
  )

  return (
    <Screen
      size="xs"
      title={<Trans>Forgot password</Trans>}
      lead={<Trans>Enter your e-mail address and we will send you a link to reset your password.</Trans>}
    >
      <Stack gap="md">
        {sent ? (
          <FormNotice notice={{ ok: true, message: accountMessages.resetSent }} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <EmailField form={form} label={labels.email} />
              <FormAlert form={form} labels={labels} message={message} />
              <Button type="submit" loading={form.submitting}>
                <Trans>Reset password</Trans>
              </Button>
            </Stack>
          </form>
        )}
        <Text size="sm" ta="center">
          <Anchor component={HrefLink} href={OFFICE_SIGN_IN}>
            <Trans>Back to sign in</Trans>
          </Anchor>
        </Text>
      </Stack>
    </Screen>
  )
}
