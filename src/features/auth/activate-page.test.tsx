// The activation link on the client, through the real route tree with the API mocked at `fetch`: opened in the
// browser that signed up it activates and signs in at once; elsewhere it asks for the sign-up's password and
// says why, in English and in French.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { readSessionUser } from '@/entities/session/session'
import { resetSessionCheck } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { type Call, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { ADA } from '@/test/users'

const LINK = '/activate?u=7&e=ada%40example.com&t=link-token'
const CHECK_TOKEN = 'GET /api/check-token/frontend/7/ada%40example.com/link-token'
const SIGN_UP_PASSWORD = 'first-secret'
const ACTIVE = { ...ADA, activated: true, hasPassword: true }
const REASON =
  'To protect your account, enter the password you chose when you signed up: this link was opened on another device or browser.'

/** A link to an account that waits for its first activation with the password typed at sign-up. */
const signUpLink = () =>
  json(200, { valid: true, passwordReset: false, hasPassword: false, signUpPassword: true })

/** POST /api/activate as the server answers it: `signedUpHere` stands for the browser's sign-up proof. */
const activateAnswer = (signedUpHere: boolean) => (_url: string, init: RequestInit) => {
  const { password } = JSON.parse(String(init.body)) as { password?: string }
  if (password === undefined && !signedUpHere) {
    return json(400, {
      error: 'validation',
      message: 'Please fill in the field: password',
      fields: { password: 'required' },
    })
  }
  if (password !== undefined && password !== SIGN_UP_PASSWORD) {
    return json(400, {
      error: 'validation',
      message: 'Wrong password',
      fields: { password: 'wrong_password' },
    })
  }
  return json(200, ACTIVE)
}

const activations = (calls: Call[]) => calls.filter((call) => call.url === '/api/activate')

beforeEach(async () => {
  resetSessionCheck()
  await activateLocale('en')
})

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

describe('the activation link', () => {
  it('activates and signs in at once in the browser that signed up, asking for nothing', async () => {
    const calls = mockApi(AUTH_CONFIG_OFF, {
      [CHECK_TOKEN]: signUpLink,
      'POST /api/activate': activateAnswer(true),
    })
    await renderAt(LINK)

    expect(await screen.findByText('Your account is activated. You are signed in.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument()
    expect(screen.queryByText(REASON)).not.toBeInTheDocument()
    // One call, without a password: the browser's proof does it.
    expect(activations(calls).map((call) => call.body)).toEqual([{ userId: '7', token: 'link-token' }])
    expect(readSessionUser()).toMatchObject({ _id: '7', activated: true })
  })

  it('asks another browser for the password chosen at sign-up, says why, and refuses a wrong one', async () => {
    const calls = mockApi(AUTH_CONFIG_OFF, {
      [CHECK_TOKEN]: signUpLink,
      'POST /api/activate': activateAnswer(false),
    })
    await renderAt(LINK)

    expect(await screen.findByText(REASON)).toBeInTheDocument()
    // The password chosen at sign-up, typed once: not a new one with its confirmation.
    expect(screen.queryByLabelText(/Confirm password/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/^Password/), 'not-the-one')
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Wrong password'),
    )
    // The form stays, with what was typed, and nobody is signed in.
    expect(screen.getByText(REASON)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Password/)).toHaveValue('not-the-one')
    expect(readSessionUser()).toBeNull()

    await user.clear(screen.getByLabelText(/^Password/))
    await user.type(screen.getByLabelText(/^Password/), SIGN_UP_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    expect(await screen.findByText('Your account is activated. You are signed in.')).toBeInTheDocument()
    expect(activations(calls).map((call) => call.body)).toEqual([
      { userId: '7', token: 'link-token' },
      { userId: '7', token: 'link-token', password: 'not-the-one' },
      { userId: '7', token: 'link-token', password: SIGN_UP_PASSWORD },
    ])
    expect(readSessionUser()).toMatchObject({ _id: '7', activated: true })
  })

  it('says why the password is asked in French', async () => {
    await activateLocale('fr')
    mockApi(AUTH_CONFIG_OFF, { [CHECK_TOKEN]: signUpLink, 'POST /api/activate': activateAnswer(false) })
    await renderAt(LINK)

    expect(
      await screen.findByText(
        /^Pour protéger votre compte, saisissez le mot de passe choisi lors de votre inscription\s: ce lien a été ouvert sur un autre appareil ou dans un autre navigateur\.$/,
      ),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Mot de passe/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Activer' })).toBeInTheDocument()
    expect(screen.queryByText(REASON)).not.toBeInTheDocument()
  })
})
