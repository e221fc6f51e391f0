// A slim strip under the header for a signed-in user who has not activated their account yet
// (user.activated === false): "Resend" asks POST /api/resend-link for the activation e-mail again and says
// 'Validation email sent.' or 'An error occurred while sending validation email.' (docs/product.md §9).
import { Trans, useLingui } from '@lingui/react/macro'
import { Text, UnstyledButton } from '@mantine/core'
import { useState } from 'react'

import { patchSessionUser, readSessionUser } from '@/entities/session/session'
import { resendActivationLink } from '@/features/auth/api'
import { accountMessages } from '@/ui/account-messages'
import { HeaderStrip } from '@/ui/header-strip'

type State = 'idle' | 'sending' | 'sent' | 'failed'

/** Loaded on demand by root-layout.tsx, only for a user who is signed in and not activated. */
export default function ActivationBanner() {
  const { i18n } = useLingui()
  const [state, setState] = useState<State>('idle')

  const resend = async () => {
    if (state === 'sending') return
    setState('sending')
    try {
      const { sent } = await resendActivationLink()
      const user = readSessionUser()
      // Nothing sent: the account was activated meanwhile (from the e-mail, elsewhere); the strip goes.
      if (!sent && user) patchSessionUser(user._id, { activated: true })
      else setState('sent')
    } catch {
      setState('failed')
    }
  }

  return (
    <HeaderStrip testId="activation-banner">
      <Text size="sm" fw={600}>
        <Trans>Activate your account from the e-mail we sent you.</Trans>
      </Text>
      <UnstyledButton
        onClick={() => void resend()}
        disabled={state === 'sending'}
        fz="sm"
        fw={700}
        td="underline"
        c="petrol.9"
      >
        <Trans>Resend</Trans>
      </UnstyledButton>
      <Text size="sm" role="status" c={state === 'failed' ? 'red.8' : undefined}>
        {state === 'sent'
          ? i18n._(accountMessages.validationSent)
          : state === 'failed'
            ? i18n._(accountMessages.sendValidationError)
            : null}
      </Text>
    </HeaderStrip>
  )
}
