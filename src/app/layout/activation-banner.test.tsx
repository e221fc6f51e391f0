import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { readSessionUser, type SessionUser, storeSessionUser } from '@/entities/session/session'
import { activateLocale } from '@/i18n/activate'
import { ADA } from '@/test/users'
import { theme } from '@/ui/theme'

import ActivationBanner from './activation-banner'

const USER: SessionUser = { ...ADA, activated: false }

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }))

function renderBanner() {
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <ActivationBanner />
      </MantineProvider>
    </I18nProvider>,
  )
}

describe('activation banner', () => {
  beforeEach(async () => {
    await activateLocale('en')
    storeSessionUser(USER)
  })
  afterEach(async () => {
    vi.unstubAllGlobals()
    localStorage.clear()
    await activateLocale('en')
  })

  it('resends the link with POST /api/resend-link and says so (docs/product.md §9)', async () => {
    const fetch = answer(200, { sent: true })
    vi.stubGlobal('fetch', fetch)
    renderBanner()
    expect(screen.getByText('Activate your account from the e-mail we sent you.')).toBeInTheDocument()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend' }))
    })
    expect(await screen.findByText('Validation email sent.')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledWith('/api/resend-link', expect.objectContaining({ method: 'POST' }))
  })

  it('says when the e-mail could not be sent', async () => {
    vi.stubGlobal('fetch', answer(500, { error: 'internal', message: 'An unhandled error occurred.' }))
    renderBanner()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend' }))
    })
    expect(await screen.findByText('An error occurred while sending validation email.')).toBeInTheDocument()
  })

  it('speaks French', async () => {
    vi.stubGlobal('fetch', answer(200, { sent: true }))
    await activateLocale('fr')
    renderBanner()
    expect(
      screen.getByText('Activez votre compte depuis l’e-mail que nous vous avons envoyé.'),
    ).toBeInTheDocument()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Renvoyer' }))
    })
    expect(await screen.findByText('E-mail de validation envoyé.')).toBeInTheDocument()
  })

  it('marks the stored user activated when the server had nothing to send', async () => {
    vi.stubGlobal('fetch', answer(200, { sent: false }))
    renderBanner()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend' }))
    })
    await waitFor(() => expect(readSessionUser()?.activated).toBe(true))
  })
})
