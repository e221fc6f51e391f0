import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { useHydrated } from '@/lib/deferred'

import { Providers } from './providers'
import type { AppRouter } from './router'

// The service worker's registration and update prompt: after the first paint, never in the prerendered HTML.
const ReloadPrompt = lazy(() =>
  import('@/offline/reload-prompt').then((module) => ({ default: module.ReloadPrompt })),
)

export interface AppProps {
  queryClient: QueryClient
  router: AppRouter
}

export function App({ queryClient, router }: AppProps) {
  const hydrated = useHydrated()
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
      {hydrated ? (
        <Suspense fallback={null}>
          <ReloadPrompt />
        </Suspense>
      ) : null}
    </Providers>
  )
}
