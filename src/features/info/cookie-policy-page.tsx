import { Trans } from '@lingui/react/macro'

import { Screen } from '@/lib/screen'

import { InfoSection } from './info-section'

export function CookiePolicyPage() {
  return (
    <Screen
      size="md"
      title={<Trans>Cookie policy</Trans>}
      lead={<Trans>Haven uses as little browser storage as it can, and no advertising trackers.</Trans>}
    >
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
