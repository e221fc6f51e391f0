// docs/product.md §3 at sign-in, through the real sign-in screen with the API mocked at `fetch`: the language
// the visitor chose before signing in wins and is saved to the account; a visitor who never chose one gets
// the account's language.
import { i18n } from '@lingui/core'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { readSessionUser, type SessionUser } from '@/entities/session/session'
import { resetSessionCheck } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { type Call, type Handler, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { ADA } from '@/test/users'

const ACCOUNT = ADA

let calls: Call[] = []

function answerSignIn(account: SessionUser, more: Record<string, Handler> = {}) {
  calls = mockApi(AUTH_CONFIG_OFF, {
    'POST /api/sign-in/frontend': () => json(200, account),
    'GET /api/user/7': () => json(200, account),
    ...more,
  })
}

/** Signs in on the screen already shown, whatever its language. */
async function signIn(labels: { password: RegExp; submit: string }) {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText(/E-mail/), 'ada@example.com')
  await user.type(screen.getByLabelText(labels.password), 'secret1')
  await user.click(screen.getByRole('button', { name: labels.submit }))
}

const FRENCH = { password: /^Mot de passe/, submit: 'Se connecter' }
const ENGLISH = { password: /^Password/, submit: 'Sign in' }

const languageSaves = () => calls.filter((call) => call.url === '/api/update-language')

beforeEach(async () => {
  resetSessionCheck()
  await activateLocale('en')
})

afterEach(() => vi.unstubAllGlobals())

describe('the language at sign-in', () => {
  it('keeps French forced with ?l=fr for an English account, and saves it to the account', async () => {
    answerSignIn(ACCOUNT, { 'POST /api/update-language': () => json(200, { ...ACCOUNT, language: 'fr' }) })
    const { router } = await renderAt('/sign-in?l=fr&redirect=%2Fsettings')
    await signIn(FRENCH)

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('fr')
    expect(readSessionUser()?.language).toBe('fr')
    await waitFor(() =>
      expect(languageSaves().map((call) => call.body)).toEqual([
        { id: '7', language: 'fr', operationId: expect.any(String) },
      ]),
    )
  })

  it("applies the account's language to a visitor who never chose one, and saves nothing", async () => {
    answerSignIn({ ...ACCOUNT, language: 'fr' })
    const { router } = await renderAt('/sign-in?redirect=%2Fsettings')
    await signIn(ENGLISH)

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument()
    expect(readSessionUser()?.language).toBe('fr')
    expect(languageSaves()).toEqual([])
  })

  it("goes back to the account's language when the server refuses to save the visitor's", async () => {
    answerSignIn(ACCOUNT, {
      'POST /api/update-language': () => json(403, { error: 'forbidden', message: 'No.' }),
    })
    await renderAt('/sign-in?l=fr')
    await signIn(FRENCH)

    await waitFor(() => expect(languageSaves()).toHaveLength(1))
    await waitFor(() => expect(i18n.locale).toBe('en'))
    expect(readSessionUser()?.language).toBe('en')
  })
})
