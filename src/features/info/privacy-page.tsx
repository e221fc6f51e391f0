import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'

import { Screen } from '@/ui/screen'

import { InfoSection } from './info-section'
import { PRIVACY_HEAD } from './page-heads'

export function PrivacyPage() {
  const { i18n } = useLingui()
  return (
    <Screen size="md" title={i18n._(PRIVACY_HEAD.title)} lead={i18n._(PRIVACY_HEAD.lead)}>
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
