import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

import { InfoSection } from './info-section'

export function ContactPage() {
  return (
    <Screen
      size="md"
      title={<Trans>Contact us</Trans>}
      lead={<Trans>A question about a property, a booking or your account? We answer day and night.</Trans>}
    >
      <InfoSection title={<Trans>About a booking</Trans>}>
        <Trans>
          Open the booking from My bookings: the agency's details are there, and a cancellation request
          reaches them directly.
        </Trans>
      </InfoSection>
      <Upcoming
        items={[
          <Trans key="form">
            A form to send us a message, with your e-mail address so that we can reply.
          </Trans>,
        ]}
      />
    </Screen>
  )
}
