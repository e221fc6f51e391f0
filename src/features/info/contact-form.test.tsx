import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { storeSessionUser } from '@/entities/session/session'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF, authConfigQueryOptions } from '@/lib/auth-config'
import type * as RecaptchaModule from '@/lib/recaptcha'
import { ADA } from '@/test/users'

import { ContactForm } from './contact-form'

// reCAPTCHA's script never runs in jsdom: the form's token comes from this stand-in (its own tests cover it).
const recaptcha = vi.hoisted(() => ({
  enabled: false,
  getToken: async (_action: string): Promise<string | undefined> => undefined,
}))
vi.mock('@/lib/recaptcha', async (importOriginal) => ({
  ...(await importOriginal<typeof RecaptchaModule>()),
  useRecaptchaToken: () => recaptcha,
}))

function renderForm() {
  // reCAPTCHA's configuration is a query: known and off here (its own tests cover it on).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(authConfigQueryOptions().queryKey, AUTH_CONFIG_OFF)
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <ContactForm />
        </MantineProvider>
      </I18nProvider>
    </QueryClientProvider>,
  )
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('contact form', () => {
  beforeEach(() => activateLocale('en'))
  afterEach(async () => {
    recaptcha.enabled = false
    vi.unstubAllGlobals()
    localStorage.clear()
    await activateLocale('en')
  })

  it("sends to POST /api/send-email and says 'Message sent'", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ sent: true }), { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    recaptcha.enabled = true
    recaptcha.getToken = async (action: string) => (action === 'contact' ? 'captcha-token' : undefined)
    renderForm()
    type(/^Name/, 'Ada')
    type(/^E-mail/, 'ada@example.com')
    type(/^Subject/, 'Hello')
    type(/^Message/, 'A question')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    expect(await screen.findByText('Message sent')).toBeInTheDocument()
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/send-email')
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'A question',
      recaptchaToken: 'captcha-token',
    })
  })

  it('speaks French', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ sent: true }), { status: 200 })),
    )
    await activateLocale('fr')
    renderForm()
    type(/^E-mail/, 'ada@example.com')
    type(/^Objet/, 'Bonjour')
    type(/^Message/, 'Une question')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    })
    expect(await screen.findByText('Message envoyé')).toBeInTheDocument()
  })

  it('prefills the signed-in user’s e-mail', () => {
    storeSessionUser(ADA)
    renderForm()
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ada@example.com')
  })

  it('shows errors beside the fields and keeps what was typed', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: 'validation',
            message: 'Invalid email address',
            fields: { email: 'invalid_email' },
          }),
          { status: 400 },
        ),
    )
    vi.stubGlobal('fetch', fetch)
    renderForm()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    expect(fetch).not.toHaveBeenCalled()
    expect(screen.getByText('Please fix errors.')).toBeInTheDocument()

    type(/^E-mail/, 'ada@example.com')
    type(/^Subject/, 'Hello')
    type(/^Message/, 'A question')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('Hello')
    expect(screen.getByLabelText(/^Message/)).toHaveValue('A question')
  })
})
