import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'

import { Screen } from '@/ui/screen'

import { InfoSection } from './info-section'
import { ABOUT_HEAD } from './page-heads'

export function AboutPage() {
  const { i18n } = useLingui()
  return (
    <Screen size="md" title={i18n._(ABOUT_HEAD.title)} lead={i18n._(ABOUT_HEAD.lead)}>
      <InfoSection title={<Trans>A wide range of properties</Trans>}>
        <Trans>
          Houses, apartments, townhouses, farms, plots, commercial and industrial spaces: every listing comes
          from an agency that manages it, with its photos, its rooms and its price.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>Flexible scheduling</Trans>}>
        <Trans>
          Each property is rented by the day, the week, the month or the year. Choose your dates and Haven
          works out the price of your whole stay.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>Online and instant booking</Trans>}>
        <Trans>
          Book and pay online in a few steps. Your confirmation arrives by e-mail and your bookings stay on
          your phone, even without a connection.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>24/7 customer support</Trans>}>
        <Trans>
          Our team answers day and night, before and during your stay. Write to us from the contact page.
        </Trans>
      </InfoSection>
    </Screen>
  )
}
