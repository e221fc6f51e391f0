// Social sign-in (docs/product.md §7): a button per configured provider, none when off; the provider's SDK
// loaded on click; its token sent to POST /api/social-sign-in; the user stored as the e-mail sign-in does;
// the server's refusals translated.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { readSessionUser, readStayConnected, type SessionUser } from '@/entities/session/session'
import { activateLocale } from '@/i18n/activate'
import { ApiError } from '@/lib/api-client'
import { authConfigQueryOptions } from '@/lib/auth-config'
import { createQueryClient } from '@/lib/query-client'
import { type Call, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { accountMessages } from '@/ui/account-messages'

import { config, externalScripts, resetWidgets, runScript } from './auth-widgets.test-helpers'
import { SDK_URLS } from './social-providers'
import { socialErrorMessage, socialMessages } from './social-sign-in'

const USER: SessionUser = {
  _id: '9',
  email: 'grace@example.com',
  fullName: 'Grace Hopper',
  language: 'en',
  enableEmailNotifications: true,
  blacklisted: false,
}

beforeEach(async () => {
  resetWidgets()
  delete window.google
  delete window.AppleID
  delete window.FB
  await activateLocale('en')
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const socialCalls = (calls: Call[]) => calls.filter((call) => call.url === '/api/social-sign-in')

describe('social sign-in buttons', () => {
  it('shows nothing and loads nothing when every provider is off', async () => {
    mockApi(config())
    // The configuration is read before the screen renders: its first render already has the answer, so
    // nothing shown then is nothing shown at all.
    const queryClient = createQueryClient()
    await queryClient.fetchQuery(authConfigQueryOptions())
    await renderAt('/sign-in', queryClient)
    await screen.findByRole('button', { name: 'Sign in' })
    expect(screen.queryByTestId('social-sign-in')).toBeNull()
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull()
    expect(externalScripts()).toEqual([])
  })

  it('shows only the configured providers, on sign-in and sign-up, without loading their SDKs', async () => {
    mockApi(config({ google: 'google-client', facebook: 'fb-app' }))
    await renderAt('/sign-up')
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).toBeNull()
    expect(externalScripts()).toEqual([])
  })

  it('Google: loads Identity Services on click, sends the ID token and stores the user (stay connected)', async () => {
    const calls = mockApi(config({ google: 'google-client' }), {
      'POST /api/social-sign-in': () => json(200, USER),
    })
    const { router } = await renderAt('/sign-in?redirect=%2Fbookings')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: 'Stay connected' }))
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))
    const initialize = vi.fn()
    await runScript(SDK_URLS.google, () => {
      window.google = {
        accounts: {
          id: {
            initialize,
            prompt: () => {
              const { callback } = initialize.mock.calls[0]![0] as {
                callback: (r: { credential: string }) => void
              }
              callback({ credential: 'google-id-token' })
            },
            renderButton: vi.fn(),
          },
        },
      }
    })
    await waitFor(() => expect(readSessionUser()?._id).toBe('9'))
    expect(initialize.mock.calls[0]![0]).toMatchObject({ client_id: 'google-client' })
    expect(socialCalls(calls)[0]?.body).toEqual({
      provider: 'google',
      token: 'google-id-token',
      language: 'en',
      stayConnected: true,
    })
    expect(readStayConnected()).toBe(true)
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/sign-in'))
  })

  it("Google: draws Google's own button when One Tap cannot be shown, and signs in once it is pressed", async () => {
    const calls = mockApi(config({ google: 'google-client' }), {
      'POST /api/social-sign-in': () => json(200, USER),
    })
    await renderAt('/sign-in')
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }))
    let callback: (r: { credential: string }) => void = () => {}
    const renderButton = vi.fn()
    await runScript(SDK_URLS.google, () => {
      window.google = {
        accounts: {
          id: {
            initialize: (options) => (callback = options.callback as typeof callback),
            prompt: (listener) => listener?.({ isNotDisplayed: () => true }),
            renderButton,
          },
        },
      }
    })
    expect(await screen.findByText("Press Google's button below to continue.")).toBeInTheDocument()
    expect(renderButton).toHaveBeenCalledWith(expect.any(HTMLDivElement), expect.any(Object))
    // The other state of the buttons: usable again while Google's waits.
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
    act(() => callback({ credential: 'pressed-token' }))
    await waitFor(() => expect(readSessionUser()?._id).toBe('9'))
    expect(socialCalls(calls)[0]?.body).toMatchObject({ provider: 'google', token: 'pressed-token' })
  })

  it('starts loading an SDK when the pointer is over its button, before the click', async () => {
    mockApi(config({ apple: 'apple-service' }))
    await renderAt('/sign-in')
    await userEvent.hover(await screen.findByRole('button', { name: 'Continue with Apple' }))
    expect(externalScripts()).toEqual([SDK_URLS.apple])
  })

  it('Apple: passes the name and address Apple gives on the first sign-in', async () => {
    const calls = mockApi(config({ apple: 'apple-service' }), {
      'POST /api/social-sign-in': () => json(200, USER),
    })
    await renderAt('/sign-up')
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Apple' }))
    const init = vi.fn()
    await runScript(SDK_URLS.apple, () => {
      window.AppleID = {
        auth: {
          init,
          signIn: async () => ({
            authorization: { id_token: 'apple-id-token' },
            user: { email: 'grace@example.com', name: { firstName: 'Grace', lastName: 'Hopper' } },
          }),
        },
      }
    })
    await waitFor(() => expect(readSessionUser()?._id).toBe('9'))
    expect(init.mock.calls[0]![0]).toMatchObject({ clientId: 'apple-service', usePopup: true })
    expect(socialCalls(calls)[0]?.body).toEqual({
      provider: 'apple',
      token: 'apple-id-token',
      email: 'grace@example.com',
      fullName: 'Grace Hopper',
      language: 'en',
      stayConnected: false,
    })
    expect(readStayConnected()).toBe(false)
  })

  it('Facebook: sends the access token; a suspended account stays loaded and is told so, in French', async () => {
    await activateLocale('fr')
    const calls = mockApi(config({ facebook: 'fb-app' }), {
      'POST /api/social-sign-in': () =>
        json(403, { error: 'suspended', message: 'Your account is suspended.' }),
    })
    await renderAt('/sign-in')
    await userEvent.click(await screen.findByRole('button', { name: 'Continuer avec Facebook' }))
    await runScript(SDK_URLS.facebook, () => {
      window.FB = {
        init: vi.fn(),
        login: (callback) => callback({ status: 'connected', authResponse: { accessToken: 'fb-access' } }),
      }
    })
    expect(await screen.findByText('Votre compte est suspendu.')).toBeInTheDocument()
    expect(socialCalls(calls)[0]?.body).toMatchObject({ provider: 'facebook', token: 'fb-access' })
    expect(readSessionUser()).toBeNull()
  })

  it('says nothing when the user closes the provider window, and sends nothing', async () => {
    const calls = mockApi(config({ facebook: 'fb-app' }))
    await renderAt('/sign-in')
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }))
    await runScript(SDK_URLS.facebook, () => {
      window.FB = { init: vi.fn(), login: (callback) => callback({ status: 'unknown', authResponse: null }) }
    })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled())
    expect(screen.queryByRole('alert')).toBeNull()
    expect(socialCalls(calls)).toHaveLength(0)
  })

  it("translates the server's refusal", async () => {
    await activateLocale('fr')
    mockApi(config({ google: 'google-client' }), {
      'POST /api/social-sign-in': () =>
        json(400, { error: 'social_not_enabled', message: 'This sign-in method is not enabled.' }),
    })
    await renderAt('/sign-in')
    await userEvent.click(await screen.findByRole('button', { name: 'Continuer avec Google' }))
    await runScript(SDK_URLS.google, () => {
      let callback: (r: { credential: string }) => void = () => {}
      window.google = {
        accounts: {
          id: {
            initialize: (options) => (callback = options.callback as typeof callback),
            prompt: () => callback({ credential: 't' }),
            renderButton: vi.fn(),
          },
        },
      }
    })
    expect(await screen.findByText('Ce mode de connexion n’est pas activé.')).toBeInTheDocument()
    expect(readSessionUser()).toBeNull()
  })
})

describe('socialErrorMessage', () => {
  it("knows every one of the server's codes, whatever the English text says", () => {
    const api = (code: string) => new ApiError(400, code, 'any English text')
    expect(socialErrorMessage(api('social_not_enabled'))).toBe(socialMessages.notEnabled)
    expect(socialErrorMessage(api('social_not_verified'))).toBe(socialMessages.notVerified)
    expect(socialErrorMessage(api('social_provider_unavailable'))).toBe(socialMessages.providerUnavailable)
    expect(socialErrorMessage(api('not_a_renter'))).toBe(socialMessages.notARenter)
    expect(socialErrorMessage(api('social_no_email'))).toBe(socialMessages.noEmail)
    // A code it does not know: the generic message, never the server's English.
    expect(socialErrorMessage(api('validation'))).toBe(accountMessages.unhandled)
    expect(socialErrorMessage(new Error('Could not load'))).toBe(socialMessages.sdkFailed)
  })
})
