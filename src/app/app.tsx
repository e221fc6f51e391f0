import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { useServiceWorkerState } from '@/offline/service-worker'

import { Providers } from './providers'
import type { AppRouter } from './router'

// The service worker's notices: their code loads only when there is something to say.
const ReloadPrompt = lazy(() =>
  import('@/offline/reload-prompt').then((module) => ({ default: module.ReloadPrompt })),
)

export interface AppProps {
  queryClient: QueryClient
  router: AppRouter
}

export function App({ queryClient, router }: AppProps) {
  const { needRefresh, offlineReady } = useServiceWorkerState()
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
      {needRefresh || offlineReady ? (
        <Suspense fallback={null}>
          <ReloadPrompt />
        </Suspense>
      ) : null}
    </Providers>
  )
}
