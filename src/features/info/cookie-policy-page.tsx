import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'

import { Screen } from '@/lib/screen'

import { InfoSection } from './info-section'
import { COOKIE_POLICY_HEAD } from './page-heads'

export function CookiePolicyPage() {
  const { i18n } = useLingui()
  return (
    <Screen size="md" title={i18n._(COOKIE_POLICY_HEAD.title)} lead={i18n._(COOKIE_POLICY_HEAD.lead)}>
      <InfoSection title={<Trans>The session cookie</Trans>}>
        <Trans>
          When you sign in, one cookie keeps you signed in. It is sent only to Haven, never to other sites,
          and it is removed when you sign out.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>Your preferences</Trans>}>
        <Trans>
          Your language, your currency and whether to stay connected are remembered in this browser so that
          you do not have to choose them again.
        </Trans>
      </InfoSection>
      <InfoSection title={<Trans>Offline data</Trans>}>
        <Trans>
          The app itself and the data you viewed are saved in this browser so that Haven opens and shows them
          without a connection.
        </Trans>
      </InfoSection>
    </Screen>
  )
}
