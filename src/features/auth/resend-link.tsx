// Sends an account e-mail again: the activation link after sign-up or when a link expired, and the
// password-reset link. One component for each place that offers it.
import { Trans } from '@lingui/react/macro'
import { Button, Stack } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { accountMessages, errorMessage } from '@/ui/account-messages'
import { FormNotice } from '@/ui/form'

import { resend } from './api'

export function ResendLink({
  email,
  passwordReset = false,
  children,
  variant = 'filled',
}: {
  email: string
  passwordReset?: boolean
  /** The button's words; 'Send the e-mail again' by default. */
  children?: ReactNode
  variant?: 'filled' | 'default'
}) {
  const send = useMutation({ mutationFn: () => resend(email, passwordReset) })
  const sentMessage = passwordReset ? accountMessages.resetSent : accountMessages.activationSent
  return (
    <Stack gap="sm">
      <FormNotice
        notice={
          send.isSuccess
            ? { ok: true, message: sentMessage }
            : send.isError
              ? { ok: false, message: errorMessage(send.error, accountMessages.sendValidationError) }
              : null
        }
      />
      <Button variant={variant} onClick={() => send.mutate()} loading={send.isPending}>
        {children ?? <Trans>Send the e-mail again</Trans>}
      </Button>
    </Stack>
  )
}
