// Social sign-in buttons (docs/product.md §7, social sign-in) for the sign-in and sign-up screens: one per
// provider whose client id the server publishes (GET /api/auth-config), none at all when every provider is
// off. Pressing one loads that provider's SDK, gets its token, and signs in through POST /api/social-sign-in
// exactly as the e-mail sign-in does: the user is stored (with "stay connected"), a suspended user stays
// loaded and is told so, otherwise the interface switches to the user's language and goes where the visitor
// was going.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Divider, Stack, Text } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'

import { API_ERROR_CODES } from '@/domain/error-codes'
import type { SocialProvider } from '@/domain/social'
import { startSession } from '@/entities/session/session-lifecycle'
import { useLanguage } from '@/i18n/language'
import { ApiError } from '@/lib/api-client'
import { useAuthConfig } from '@/lib/auth-config'
import { accountMessages, errorMessage } from '@/ui/account-messages'

import { socialSignIn } from './api'
import { preloadProvider, providerCredential, SocialCancelled } from './social-providers'

const PROVIDERS: readonly SocialProvider[] = ['google', 'apple', 'facebook']

export const socialMessages = {
  notEnabled: msg`This sign-in method is not enabled.`,
  notVerified: msg`The sign-in could not be verified. Please try again.`,
  providerUnavailable: msg`The sign-in provider could not be reached. Please try again.`,
  noEmail: msg`Your account with this provider did not share an email address.`,
  notARenter: msg`This account cannot sign in here.`,
  sdkFailed: msg`The sign-in window could not be opened. Check your connection or content blocker and try again.`,
} satisfies Record<string, MessageDescriptor>

/** The server's refusals of a social sign-in, by code (src/domain/error-codes.ts), and their words. */
const CODE_MESSAGES: Partial<Record<string, MessageDescriptor>> = {
  [API_ERROR_CODES.socialNotEnabled]: socialMessages.notEnabled,
  [API_ERROR_CODES.socialNotVerified]: socialMessages.notVerified,
  [API_ERROR_CODES.socialProviderUnavailable]: socialMessages.providerUnavailable,
  [API_ERROR_CODES.socialNoEmail]: socialMessages.noEmail,
  [API_ERROR_CODES.notARenter]: socialMessages.notARenter,
}

/** What to tell the user when social sign-in fails. */
export function socialErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError) {
    return CODE_MESSAGES[error.code] ?? errorMessage(error)
  }
  if (error instanceof Error && error.name !== 'NetworkError' && error.name !== 'ApiError') {
    return socialMessages.sdkFailed
  }
  return errorMessage(error)
}

export interface SocialSignInButtonsProps {
  /** The sign-in screen's "Stay connected" box; sign-up has none (a browser-session sign-in). */
  stayConnected?: boolean
  /** Where to go once signed in (the guard's `redirect`), else the home page. */
  redirect?: string
}

export function SocialSignInButtons({ stayConnected = false, redirect }: SocialSignInButtonsProps) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const navigate = useNavigate()
  const { social } = useAuthConfig()
  const [busy, setBusy] = useState<SocialProvider | null>(null)
  const [problem, setProblem] = useState<MessageDescriptor | null>(null)
  const [googleButtonShown, setGoogleButtonShown] = useState(false)
  const googleFallback = useRef<HTMLDivElement>(null)

  const enabled = PROVIDERS.filter((provider) => social[provider])
  if (enabled.length === 0) return null

  const signInWith = async (provider: SocialProvider) => {
    const clientId = social[provider]
    if (!clientId || busy) return
    setBusy(provider)
    setProblem(null)
    try {
      const credential = await providerCredential(provider, clientId, {
        element: googleFallback.current,
        // Google's own button waits for a press: the other buttons need not wait with it.
        onShown: () => {
          setGoogleButtonShown(true)
          setBusy(null)
        },
      })
      const user = await socialSignIn({ provider, ...credential, language, stayConnected })
      await startSession(user, stayConnected)
      if (user.blacklisted) {
        // docs/product.md §7: the user stays loaded, marked as suspended.
        setProblem(accountMessages.suspended)
        return
      }
      await navigate({ href: redirect ?? '/', replace: true })
    } catch (error) {
      if (!(error instanceof SocialCancelled)) setProblem(socialErrorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  const labels: Record<SocialProvider, string> = {
    google: i18n._(msg`Continue with Google`),
    apple: i18n._(msg`Continue with Apple`),
    facebook: i18n._(msg`Continue with Facebook`),
  }

  return (
    <Stack gap="sm" data-testid="social-sign-in">
      <Divider label={<Trans>or</Trans>} labelPosition="center" />
      {enabled.map((provider) => (
        <Button
          key={provider}
          variant="default"
          loading={busy === provider}
          disabled={busy !== null && busy !== provider}
          onPointerEnter={() => preloadProvider(provider)}
          onFocus={() => preloadProvider(provider)}
          onClick={() => void signInWith(provider)}
        >
          {labels[provider]}
        </Button>
      ))}
      {/* Google's own button, drawn here when its One Tap prompt cannot be shown. */}
      {social.google ? (
        <Stack gap={4} align="center">
          {googleButtonShown ? (
            <Text size="sm" c="dimmed">
              <Trans>Press Google's button below to continue.</Trans>
            </Text>
          ) : null}
          <div ref={googleFallback} />
        </Stack>
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {i18n._(problem)}
        </Alert>
      ) : null}
    </Stack>
  )
}
