// "Ready to work offline" after the first install: a toast at the foot of the screen, clear of the header's
// controls, in the interface language.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { ToastHost } from '@/ui/toast-host'
import toastHost from '@/ui/toast-host.module.css'

import { ReloadPrompt } from './reload-prompt'

vi.mock('./service-worker', () => ({
  useServiceWorkerState: () => ({ needRefresh: false, offlineReady: true }),
  dismissServiceWorkerNotice: () => {},
  applyUpdate: () => {},
}))

afterEach(() => notifications.clean())

describe('the first install', () => {
  it.each([
    ['en', 'Ready to work offline'],
    ['fr', 'Prêt à fonctionner hors connexion'],
  ] as const)('is told at the foot of the screen, not over the header (%s)', async (locale, text) => {
    await activateLocale(locale)
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <ReloadPrompt />
          <ToastHost />
        </MantineProvider>
      </I18nProvider>,
    )
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent(text)
    const container = toast.closest('[data-position]')
    expect(container).toHaveAttribute('data-position', 'bottom-center')
    // The container that keeps the foot's toasts clear of a bottom bar and the home indicator.
    expect(container).toHaveClass(toastHost.root!)
  })
})
