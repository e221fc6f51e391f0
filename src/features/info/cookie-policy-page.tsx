import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Code, List, Stack, Text } from '@mantine/core'

import { type CookieLifetime, HAVEN_COOKIES, type HavenCookie } from '@/domain/cookies'
import { Screen } from '@/ui/screen'

import { InfoSection } from './info-section'
import { COOKIE_POLICY_HEAD } from './page-heads'

/** What each cookie is for: one per cookie the server sets (src/domain/cookies.ts), or this does not compile. */
const PURPOSES: Record<HavenCookie, MessageDescriptor> = {
  session: msg`Keeps you signed in. It opens nothing once the session has ended on the server.`,
  signUpProof: msg`Proves this browser signed up: the activation link opened here signs you in without your password.`,
  checkoutProof: msg`Proves this browser made a guest booking, so that sending it again signs you in rather than booking twice.`,
  knownDevice: msg`Tells Haven this browser signed in to your account before, so that strangers’ failed attempts do not slow your sign-in down.`,
  language: msg`Remembers the interface language, so that pages open in it.`,
  mailbox: msg`Only on a demonstration server whose e-mails go to files: opens that server’s mailbox. It names no account.`,
}

function lifetimeText(i18n: I18n, lifetime: CookieLifetime): string {
  const unit = (value: number, unit: 'day' | 'minute') =>
    new Intl.NumberFormat(i18n.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value)
  switch (lifetime.kind) {
    case 'browser':
      return i18n._(msg`until you close the browser`)
    case 'browserOrStayConnected': {
      const days = unit(lifetime.stayConnectedDays, 'day')
      return i18n._(msg`until you close the browser, or ${days} if you chose to stay connected`)
    }
    case 'days':
      return unit(lifetime.days, 'day')
    case 'minutes':
      return unit(lifetime.minutes, 'minute')
  }
}

function CookieList({ clearedAtSignOut }: { clearedAtSignOut: boolean }) {
  const { i18n } = useLingui()
  const keys = (Object.keys(HAVEN_COOKIES) as HavenCookie[]).filter(
    (key) => HAVEN_COOKIES[key].clearedAtSignOut === clearedAtSignOut,
  )
  return (
    <List spacing="xs" mt="xs">
      {keys.map((key) => {
        const lifetime = lifetimeText(i18n, HAVEN_COOKIES[key].lifetime)
        return (
          <List.Item key={key}>
            <Stack gap={0}>
              <Code>{HAVEN_COOKIES[key].name}</Code>
              <Text component="span">{i18n._(PURPOSES[key])}</Text>
              <Text component="span" size="sm" c="dimmed">
                <Trans>Kept: {lifetime}.</Trans>
              </Text>
            </Stack>
          </List.Item>
        )
      })}
    </List>
  )
}

export function CookiePolicyPage() {
  const { i18n } = useLingui()
  return (
    <Screen size="md" title={i18n._(COOKIE_POLICY_HEAD.title)} lead={i18n._(COOKIE_POLICY_HEAD.lead)}>
      <Stack gap={0}>
        <InfoSection title={<Trans>Cookies tied to your account</Trans>}>
          <Trans>
            These cookies are sent only to Haven, never to other sites, and scripts cannot read them. Signing
            out clears all of them, so that the next person on this browser inherits none.
          </Trans>
        </InfoSection>
        <CookieList clearedAtSignOut />
      </Stack>
      <Stack gap={0}>
        <InfoSection title={<Trans>Cookies that name nobody</Trans>}>
          <Trans>These identify no one, so they stay when you sign out.</Trans>
        </InfoSection>
        <CookieList clearedAtSignOut={false} />
      </Stack>
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
