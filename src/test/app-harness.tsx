/* eslint-disable lingui/no-unlocalized-strings -- a test helper: API fixtures and URLs, no interface text */
// The whole app in jsdom for route-level tests: the real route tree and providers, the API mocked at `fetch`
// (./api-mock.ts).
import type { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { loadOutboxCommands } from '@/app/outbox-commands'
import { Providers } from '@/app/providers'
import { createAppRouter } from '@/app/router'
import type { AuthConfig } from '@/contract/social'
import { createQueryClient } from '@/lib/query-client'
import { startOutbox } from '@/offline/outbox'

import { type Call, type Handler, json, stubApi } from './api-mock'

/**
 * The API of `routes` (./api-mock.ts), GET /api/auth-config answering `config`. Returns the calls, in order.
 */
export function mockApi(config: AuthConfig, routes: Record<string, Handler> = {}): Call[] {
  return stubApi({ ...routes, 'GET /api/auth-config': () => json(200, config) })
}

/** The app at `path`, loaded (its route's data and code). */
export async function renderAt(path: string, queryClient: QueryClient = createQueryClient()) {
  startOutbox(queryClient, await loadOutboxCommands())
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  )
  await router.load()
  return { router, queryClient }
}

/** Fills the French sign-up form with a valid newcomer (Ada Lovelace) and sends it. */
export async function submitFrenchSignUp(): Promise<void> {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText(/Nom complet/), 'Ada Lovelace')
  await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com')
  fireEvent.change(screen.getByLabelText(/Date de naissance/), { target: { value: '1990-05-01' } })
  await user.type(screen.getByLabelText(/^Mot de passe/), 'secret1')
  await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'secret1')
  await user.click(screen.getByRole('checkbox'))
  await user.click(screen.getByRole('button', { name: 'S’inscrire' }))
}
