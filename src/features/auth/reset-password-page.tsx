import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function ResetPasswordPage() {
  return (
    <Screen
      size="sm"
      title={<Trans>Reset password</Trans>}
      lead={<Trans>Choose a new password for your account.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="anewpassword">A new password and its confirmation, at least 6 characters long.</Trans>,
          <Trans key="thensigninwi">Then sign in with your new password.</Trans>,
        ]}
      />
    </Screen>
  )
}
