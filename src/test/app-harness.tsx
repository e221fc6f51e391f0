/* eslint-disable lingui/no-unlocalized-strings -- a test helper: API fixtures and URLs, no interface text */
// The whole app in jsdom for route-level tests: the real route tree and providers, the API mocked at `fetch`.
import type { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'

import { OUTBOX_COMMANDS } from '@/app/outbox-commands'
import { Providers } from '@/app/providers'
import { createAppRouter } from '@/app/router'
import type { AuthConfig } from '@/contract/social'
import { createQueryClient } from '@/lib/query-client'
import { startOutbox } from '@/offline/outbox'

export type Handler = (url: string, init: RequestInit) => Response | Promise<Response>

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })

export interface Call {
  url: string
  method: string
  body: unknown
}

/**
 * Answers by `METHOD path` (or a path prefix ending in `*`); GET /api/auth-config answers `config`; any other
 * API path is a 404 in the API's error shape, anything else a failed fetch. Returns the calls, in order.
 */
export function mockApi(config: AuthConfig, routes: Record<string, Handler> = {}): Call[] {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input.toString()
      const method = init.method ?? 'GET'
      calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined })
      if (method === 'GET' && url === '/api/auth-config') return json(200, config)
      const exact = routes[`${method} ${url}`]
      if (exact) return exact(url, init)
      const prefix = Object.keys(routes).find(
        (key) => key.endsWith('*') && `${method} ${url}`.startsWith(key.slice(0, -1)),
      )
      if (prefix) return routes[prefix]!(url, init)
      if (url.startsWith('/api/')) return json(404, { error: 'not_found', message: 'Not found' })
      throw new TypeError('Failed to fetch')
    }),
  )
  return calls
}

/** The app at `path`, loaded (its route's data and code). */
export async function renderAt(path: string, queryClient: QueryClient = createQueryClient()) {
  startOutbox(queryClient, OUTBOX_COMMANDS)
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
