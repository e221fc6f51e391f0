import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function ForgotPasswordPage() {
  return (
    <Screen
      size="sm"
      title={<Trans>Forgot password</Trans>}
      lead={<Trans>Enter your e-mail address and we will send you a link to reset your password.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="aformtoreque">A form to request a password reset e-mail.</Trans>,
          <Trans key="awaytosendth">A way to send the e-mail again if it does not arrive.</Trans>,
        ]}
      />
    </Screen>
  )
}
