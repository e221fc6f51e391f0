// The three sign-in SDKs (docs/product.md §7, social sign-in), each loaded from its provider only when its
// button is pressed, each giving what POST /api/social-sign-in verifies: an ID token (Google, Apple) or a
// user access token (Facebook), plus what Apple tells only once (the name, the address) to fill the account's
// gaps.
import type { SocialProvider } from '@/domain/social'
import { loadScript } from '@/lib/load-script'

export interface SocialCredential {
  token: string
  email?: string
  fullName?: string
}

/** The user closed the provider's window or said no: nothing to report. */
export class SocialCancelled extends Error {
  override readonly name = 'SocialCancelled'
}

export const SDK_URLS: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com/gsi/client',
  apple: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
  facebook: 'https://connect.facebook.net/en_US/sdk.js',
}

/** The Graph API version the server asks too (FACEBOOK_GRAPH_URL's default). */
const FACEBOOK_VERSION = 'v23.0'

interface GoogleId {
  initialize(options: {
    client_id: string
    callback: (response: { credential?: string }) => void
    use_fedcm_for_prompt?: boolean
    cancel_on_tap_outside?: boolean
  }): void
  prompt(listener?: (notification: PromptNotification) => void): void
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void
}
interface PromptNotification {
  isNotDisplayed?(): boolean
  isSkippedMoment?(): boolean
  isDismissedMoment?(): boolean
}
interface AppleSignInResponse {
  authorization?: { id_token?: string }
  user?: { email?: string; name?: { firstName?: string; lastName?: string } }
}
interface FacebookLoginResponse {
  status?: string
  authResponse?: { accessToken?: string } | null
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } }
    AppleID?: {
      auth: {
        init(options: Record<string, unknown>): void
        signIn(): Promise<AppleSignInResponse>
      }
    }
    FB?: {
      init(options: Record<string, unknown>): void
      login(callback: (response: FacebookLoginResponse) => void, options?: Record<string, unknown>): void
    }
    fbAsyncInit?: () => void
  }
}

function required<T>(value: T | undefined, provider: SocialProvider): T {
  if (!value) throw new Error(`The ${provider} sign-in script did not start`)
  return value
}

/**
 * Google Identity Services: One Tap's prompt; when the browser does not show it (third-party sign-in turned
 * off, dismissed before), Google's own button is drawn in `fallback` for the user to press.
 */
async function google(clientId: string, fallback: GoogleFallback): Promise<SocialCredential> {
  await loadScript(SDK_URLS.google)
  const id = required(window.google?.accounts?.id, 'google')
  return new Promise<SocialCredential>((resolve, reject) => {
    id.initialize({
      client_id: clientId,
      use_fedcm_for_prompt: true,
      cancel_on_tap_outside: false,
      callback: ({ credential }) =>
        credential ? resolve({ token: credential }) : reject(new SocialCancelled()),
    })
    id.prompt((notification) => {
      if (notification.isNotDisplayed?.() || notification.isSkippedMoment?.()) {
        if (fallback.element) {
          id.renderButton(fallback.element, { type: 'standard', theme: 'outline', size: 'large' })
          fallback.onShown?.()
        } else reject(new SocialCancelled())
      }
    })
  })
}

/** Sign in with Apple JS in a popup; the name and address come only on the first sign-in. */
async function apple(clientId: string): Promise<SocialCredential> {
  await loadScript(SDK_URLS.apple)
  const auth = required(window.AppleID?.auth, 'apple')
  auth.init({
    clientId,
    scope: 'name email',
    redirectURI: `${window.location.origin}/sign-in`,
    usePopup: true,
  })
  let answer: AppleSignInResponse
  try {
    answer = await auth.signIn()
  } catch {
    throw new SocialCancelled()
  }
  const token = answer.authorization?.id_token
  if (!token) throw new SocialCancelled()
  const name = [answer.user?.name?.firstName, answer.user?.name?.lastName].filter(Boolean).join(' ').trim()
  return {
    token,
    ...(answer.user?.email ? { email: answer.user.email } : {}),
    ...(name ? { fullName: name } : {}),
  }
}

/** Facebook Login's popup; the access token is checked by the server through the Graph API. */
async function facebook(appId: string): Promise<SocialCredential> {
  await loadScript(SDK_URLS.facebook)
  const FB = required(window.FB, 'facebook')
  FB.init({ appId, version: FACEBOOK_VERSION, cookie: false, xfbml: false, status: false })
  return new Promise<SocialCredential>((resolve, reject) => {
    FB.login(
      (response) => {
        const token = response.authResponse?.accessToken
        if (response.status === 'connected' && token) resolve({ token })
        else reject(new SocialCancelled())
      },
      { scope: 'email,public_profile' },
    )
  })
}

/** Where Google's own button goes when One Tap cannot be shown, and who to tell when it is drawn. */
export interface GoogleFallback {
  element: HTMLElement | null
  onShown?: () => void
}

/**
 * Starts loading `provider`'s SDK ahead of the click (pointer over or focus on its button): a popup opened
 * long after the click is blocked by browsers, so the SDK should be there by the time it is pressed.
 */
export function preloadProvider(provider: SocialProvider): void {
  loadScript(SDK_URLS[provider]).catch(() => undefined) // Tried again, and reported, on click.
}

/** Opens `provider`'s sign-in with the configured client id and resolves with its credential. */
export function providerCredential(
  provider: SocialProvider,
  clientId: string,
  googleFallback: GoogleFallback = { element: null },
): Promise<SocialCredential> {
  switch (provider) {
    case 'google':
      return google(clientId, googleFallback)
    case 'apple':
      return apple(clientId)
    case 'facebook':
      return facebook(clientId)
  }
}
