import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function ActivatePage() {
  return (
    <Screen
      size="sm"
      title={<Trans>Activate your account</Trans>}
      lead={<Trans>Follow the link we sent you by e-mail to activate your account.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="chooseyourpa">Choose your password to finish activating your account.</Trans>,
          <Trans key="thelinkexpir">
            The link expires after one day; you will be able to ask for a new one here.
          </Trans>,
        ]}
      />
    </Screen>
  )
}
