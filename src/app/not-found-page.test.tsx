import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { theme } from '@/ui/theme'

import { createAppRouter } from './router'

async function renderAt(path: string) {
  const queryClient = new QueryClient()
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  )
  return router
}

describe('not-found page', () => {
  afterEach(async () => activateLocale('en'))

  it('reads "Nothing to see here!" in English, inside the layout', async () => {
    await activateLocale('en')
    await renderAt('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Nothing to see here!' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it('is translated in French, with the header around it', async () => {
    await activateLocale('fr')
    await renderAt('/nulle-part')
    expect(await screen.findByRole('heading', { name: 'Rien à voir ici\u202f!' })).toBeInTheDocument()
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Haven, accueil' })).toHaveAttribute('href', '/')
    expect(within(header).getByRole('link', { name: 'Rechercher' })).toHaveAttribute('href', '/search')
    expect(within(header).getByRole('link', { name: 'Réservations' })).toHaveAttribute('href', '/bookings')
    expect(within(header).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/sign-in')
    expect(within(header).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    )
    expect(document.documentElement.lang).toBe('fr')
    // The footer's links to the pages of docs/product.md §4.
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Politique relative aux cookies' })).toHaveAttribute(
      'href',
      '/cookie-policy',
    )
  })

  it('switches to French with ?l=fr on any page and remembers it', async () => {
    await activateLocale('en')
    await renderAt('/missing?l=fr')
    expect(await screen.findByRole('heading', { name: 'Rien à voir ici\u202f!' })).toBeInTheDocument()
    expect(window.localStorage.getItem('language')).toBe('fr')
  })
})
