import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'

import { FREE_CANCELLATION_HOURS, MINIMUM_AGE } from '@/domain/constants'
import { Screen } from '@/ui/screen'

import { InfoSection } from './info-section'
import { TOS_HEAD } from './page-heads'

export function TosPage() {
  const { i18n } = useLingui()
  const minimumAge = MINIMUM_AGE
  const hours = FREE_CANCELLATION_HOURS
  return (
    <Screen size="md" title={i18n._(TOS_HEAD.title)} lead={i18n._(TOS_HEAD.lead)}>
      <InfoSection title={<Trans>Your account</Trans>}>
        <Trans>
          You must be at least {minimumAge} years old to create an account and book. Keep your password to
          yourself: bookings made with your account are yours.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>Bookings and prices</Trans>}>
        <Trans>
          A booking is confirmed once it is paid, or once the agency accepts a pay-later booking. The price of
          a stay follows the property's rental term and your dates; options such as cancellation may add a fee
          shown before you pay.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>Cancellation policy</Trans>}>
        <Trans>
          A full refund may apply if you cancel {hours} hours before the rental date. A cancellation is a
          request: the agency contacts you to finalize it.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>The agencies' properties</Trans>}>
        <Trans>
          Agencies describe and manage their own properties. Haven checks that listings are complete but the
          agency remains responsible for the property and the stay.
        </Trans>
      </InfoSection>
    </Screen>
  )
}
