import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { activateLocale } from '@/i18n/activate'

import { showToast } from './toast'
import { ToastHost } from './toast-host'

describe('toasts', () => {
  it.each([
    ['en', 'Close'],
    ['fr', 'Fermer'],
  ] as const)('name their close button for screen readers (%s)', async (locale, close) => {
    await activateLocale(locale)
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <ToastHost />
        </MantineProvider>
      </I18nProvider>,
    )
    showToast({ message: 'Saved' })
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Saved')
    expect(screen.getByRole('button', { name: close })).toBeInTheDocument()
  })
})
