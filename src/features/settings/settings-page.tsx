import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function SettingsPage() {
  return (
    <Screen size="sm" title={<Trans>Settings</Trans>} lead={<Trans>Your profile and preferences.</Trans>}>
      <Upcoming
        items={[
          <Trans key="yournamephon">Your name, phone number, address and profile picture.</Trans>,
          <Trans key="yourlanguage">Your language and e-mail notification preferences.</Trans>,
          <Trans key="achangeofpas">A change of password.</Trans>,
        ]}
      />
    </Screen>
  )
}
