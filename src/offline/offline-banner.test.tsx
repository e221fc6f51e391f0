// The banner says what is true: the device offline, or the device online and Haven's server not answering
// (the health probe failed: a server stopped or a network that reaches nothing).
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'

import { OfflineBanner } from './offline-banner'

async function renderIn(language: 'en' | 'fr') {
  await activateLocale(language)
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <OfflineBanner />
      </MantineProvider>
    </I18nProvider>,
  )
}

function deviceOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
  await activateLocale('en')
})

describe('OfflineBanner', () => {
  it('says Haven cannot be reached when the device is online, and offline once it is', async () => {
    await renderIn('en')
    expect(screen.queryByRole('status')).toBeNull()
    act(() => onlineManager.setOnline(false))
    expect(screen.getByRole('status')).toHaveTextContent('Haven cannot be reached. Showing saved data.')
    act(() => deviceOnline(false))
    expect(screen.getByRole('status')).toHaveTextContent('You are offline. Showing saved data.')
  })

  it('says it in French too', async () => {
    await renderIn('fr')
    act(() => onlineManager.setOnline(false))
    expect(screen.getByRole('status')).toHaveTextContent(
      'Haven est injoignable. Affichage des données enregistrées.',
    )
  })
})
