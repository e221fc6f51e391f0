import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Paper, Title } from '@mantine/core'

import { Screen } from '@/ui/screen'

import { ContactForm } from './contact-form'
import { InfoSection } from './info-section'
import { CONTACT_HEAD } from './page-heads'

/** The contact page: where to turn for what, then the form (reCAPTCHA, when on, is the form's own). */
export function ContactPage() {
  const { i18n } = useLingui()
  return (
    <Screen size="md" title={i18n._(CONTACT_HEAD.title)} lead={i18n._(CONTACT_HEAD.lead)}>
      <InfoSection title={<Trans>About a booking</Trans>}>
        <Trans>
          Open the booking from My bookings: the agency's details are there, and a cancellation request
          reaches them directly.
        </Trans>
      </InfoSection>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="contact-form-title" mt="lg">
        <Title order={2} fz="h3" id="contact-form-title" mb="md">
          <Trans>Write to us</Trans>
        </Title>
        <ContactForm />
      </Paper>
    </Screen>
  )
}
