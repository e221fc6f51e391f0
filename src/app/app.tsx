import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'

import { Providers } from './providers'
import type { AppRouter } from './router'

export interface AppProps {
  queryClient: QueryClient
  router: AppRouter
}

export function App({ queryClient, router }: AppProps) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  )
}
