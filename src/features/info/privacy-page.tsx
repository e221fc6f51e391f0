import { Trans } from '@lingui/react/macro'

import { Screen } from '@/lib/screen'

import { InfoSection } from './info-section'

export function PrivacyPage() {
  return (
    <Screen
      size="md"
      title={<Trans>Privacy</Trans>}
      lead={<Trans>What we keep about you, why, and how to have it removed.</Trans>}
    >
      <InfoSection title={<Trans>What we collect</Trans>}>
        <Trans>
          Your name, e-mail address, phone number and date of birth when you sign up, and your bookings and
          payments when you book. Card details go straight to the payment provider; we never see them.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>Why</Trans>}>
        <Trans>
          To run your bookings, to let agencies contact you about them, and to send you the notifications you
          asked for. We do not sell your data.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>On your device</Trans>}>
        <Trans>
          So that Haven works offline, your bookings and notifications are saved in this browser. Signing out
          removes them from the device.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>Your rights</Trans>}>
        <Trans>
          You can see, correct or delete your data at any time: change it in your settings or write to us from
          the contact page.
        </Trans>
      </InfoSection>
    </Screen>
  )
}
