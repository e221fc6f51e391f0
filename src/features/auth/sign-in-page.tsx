import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function SignInPage() {
  return (
    <Screen
      size="sm"
      title={<Trans>Sign in</Trans>}
      lead={<Trans>Welcome back. Sign in to see your bookings, notifications and settings.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="signinwithyo">
            Sign in with your e-mail address and password, or with Google, Facebook or Apple.
          </Trans>,
          <Trans key="stayconnecte">Stay connected on this device if you wish.</Trans>,
          <Trans key="forgotyourpa">Forgot your password? You will be able to reset it from here.</Trans>,
        ]}
      />
    </Screen>
  )
}
