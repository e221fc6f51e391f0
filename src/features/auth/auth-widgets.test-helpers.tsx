/* eslint-disable lingui/no-unlocalized-strings -- a test helper: API fixtures and URLs, no interface text */
// Shared by the reCAPTCHA and social sign-in tests: the real route tree and providers, the API mocked at
// `fetch`, and third-party scripts that never load (jsdom fetches none) but can be made to "run".
import type { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act, render, waitFor } from '@testing-library/preact'
import { vi } from 'vitest'

import '@/app/mutations'
import { resetSessionCheck } from '@/app/layout/session-check'
import { Providers } from '@/app/providers'
import { createAppRouter } from '@/app/router'
import type { AuthConfig } from '@/domain/social'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { resetLoadedScripts } from '@/lib/load-script'
import { createQueryClient } from '@/lib/query-client'
import { registerMutationDefaults } from '@/offline/mutations'

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

/** Answers by `METHOD path` (or a path prefix ending in `*`); GET /api/auth-config answers `config`. */
export function mockApi(config: AuthConfig, routes: Record<string, Handler> = {}): Call[] {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input.toString()
      const method = init.method ?? 'GET'
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined })
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

export const config = (
  patch: Partial<AuthConfig['social']> = {},
  recaptchaSiteKey: string | null = null,
) => ({
  ...AUTH_CONFIG_OFF,
  recaptchaSiteKey,
  social: { ...AUTH_CONFIG_OFF.social, ...patch },
})

export async function renderAt(path: string, queryClient: QueryClient = createQueryClient()) {
  registerMutationDefaults(queryClient)
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  )
  await router.load()
  return { router, queryClient }
}

/** Every third-party script tag on the page. */
export const externalScripts = () =>
  [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? '')

/** Waits for `<script src>` to be asked for, installs what it would define, and fires its load event. */
export async function runScript(src: string, define: () => void) {
  const script = await waitFor(() => {
    const found = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`)
    if (!found) throw new Error(`no script ${src}`)
    return found
  })
  define()
  act(() => {
    script.dispatchEvent(new Event('load'))
  })
}

export function resetWidgets() {
  resetSessionCheck()
  resetLoadedScripts()
  for (const script of document.querySelectorAll('script[src]')) script.remove()
}
