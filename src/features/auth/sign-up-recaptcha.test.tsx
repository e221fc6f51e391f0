// reCAPTCHA on the sign-up screen (docs/product.md §7, §9): nothing when off, Google's script on demand and a
// fresh token sent with the sign-up (the server verifies it) when on, skipped on Safari, 'reCAPTCHA error'
// (translated) when verification fails.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { recaptchaScriptUrl } from '@/lib/recaptcha'
import { type Call, json } from '@/test/api-mock'
import { mockApi, renderAt, submitFrenchSignUp } from '@/test/app-harness'

import { config, externalScripts, resetWidgets, runScript } from './auth-widgets.test-helpers'

const SITE_KEY = 'site-key-1'
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'

const execute = vi.fn(async () => 'recaptcha-token')
const defineGrecaptcha = () => {
  window.grecaptcha = { ready: (callback) => callback(), execute }
}

async function fillAndSubmit(submitLabel = 'Sign up') {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText(/Full name/), 'Ada Lovelace')
  await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com')
  fireEvent.change(screen.getByLabelText(/Birth date/), { target: { value: '1990-05-01' } })
  await user.type(screen.getByLabelText(/^Password/), 'secret1')
  await user.type(screen.getByLabelText(/Confirm password/), 'secret1')
  await user.click(screen.getByRole('checkbox'))
  await user.click(screen.getByRole('button', { name: submitLabel }))
}

const signUpCalls = (calls: Call[]) => calls.filter((call) => call.url === '/api/sign-up')
const verifyCalls = (calls: Call[]) => calls.filter((call) => call.url.startsWith('/api/verify-recaptcha/'))

beforeEach(async () => {
  resetWidgets()
  execute.mockClear()
  delete window.grecaptcha
  await activateLocale('en')
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('reCAPTCHA on sign-up', () => {
  it('off: requests no script, verifies nothing and signs up', async () => {
    const calls = mockApi(config(), { 'POST /api/sign-up': () => json(200, { _id: '1' }) })
    await renderAt('/sign-up')
    await fillAndSubmit()
    await screen.findByText('Check your e-mail')
    expect(externalScripts()).toEqual([])
    expect(verifyCalls(calls)).toHaveLength(0)
    expect(signUpCalls(calls)).toHaveLength(1)
  })

  it('on: loads the script on the sign-up screen only, and sends a fresh token with the sign-up', async () => {
    const calls = mockApi(config({}, SITE_KEY), {
      'POST /api/sign-up': () => json(200, { _id: '1' }),
    })
    await renderAt('/sign-in')
    await screen.findByRole('button', { name: 'Sign in' })
    expect(externalScripts()).toEqual([])
    cleanup()

    await renderAt('/sign-up')
    await runScript(recaptchaScriptUrl(SITE_KEY), defineGrecaptcha)
    expect(externalScripts()).toEqual([`https://www.google.com/recaptcha/api.js?render=${SITE_KEY}`])
    await fillAndSubmit()
    await screen.findByText('Check your e-mail')
    expect(execute).toHaveBeenCalledWith(SITE_KEY, { action: 'signup' })
    // One token, checked once by the server with the sign-up: a separate verify call would use it up.
    expect(verifyCalls(calls)).toHaveLength(0)
    expect(signUpCalls(calls).map((call) => call.body)).toEqual([
      expect.objectContaining({ email: 'ada@example.com', recaptchaToken: 'recaptcha-token' }),
    ])
  })

  it('shows "reCAPTCHA error" in French, keeping what was typed, when the server refuses the token', async () => {
    await activateLocale('fr')
    const calls = mockApi(config({}, SITE_KEY), {
      'POST /api/sign-up': () => json(400, { error: 'recaptcha_failed', message: 'reCAPTCHA error' }),
    })
    await renderAt('/sign-up')
    await runScript(recaptchaScriptUrl(SITE_KEY), defineGrecaptcha)
    await submitFrenchSignUp()
    expect(await screen.findByText('Erreur reCAPTCHA')).toBeInTheDocument()
    expect(signUpCalls(calls)).toHaveLength(1)
    expect(screen.queryByText('Consultez vos e-mails')).toBeNull()
    expect(screen.getByLabelText(/Nom complet/)).toHaveValue('Ada Lovelace')
  })

  it('shows "reCAPTCHA error" when the script cannot be loaded', async () => {
    const calls = mockApi(config({}, SITE_KEY))
    await renderAt('/sign-up')
    const script = await waitFor(() => {
      const found = document.querySelector('script[src]')
      if (!found) throw new Error('no script')
      return found
    })
    script.dispatchEvent(new Event('error'))
    await fillAndSubmit()
    // The submit asks again; that attempt fails too.
    const again = await waitFor(() => {
      const found = document.querySelector('script[src]')
      if (!found) throw new Error('no script')
      return found
    })
    again.dispatchEvent(new Event('error'))
    expect(await screen.findByText('reCAPTCHA error')).toBeInTheDocument()
    expect(signUpCalls(calls)).toHaveLength(0)
  })

  it('is skipped on Safari: no script, no token, sign-up goes through', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(SAFARI)
    const calls = mockApi(config({}, SITE_KEY), { 'POST /api/sign-up': () => json(200, { _id: '1' }) })
    await renderAt('/sign-up')
    await fillAndSubmit()
    await screen.findByText('Check your e-mail')
    expect(externalScripts()).toEqual([])
    expect(verifyCalls(calls)).toHaveLength(0)
    expect(signUpCalls(calls)).toHaveLength(1)
  })
})
