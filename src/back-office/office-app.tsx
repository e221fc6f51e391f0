import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect } from 'react'

import { watchStaffRefusals } from '@/entities/staff/staff-session'
import { cssVariablesResolver, theme } from '@/lib/theme'
import { ToastHost } from '@/lib/toast-host'

import type { OfficeRouter } from './router'

export function OfficeApp({ queryClient, router }: { queryClient: QueryClient; router: OfficeRouter }) {
  // A call answered 401 means the session ended elsewhere: the guard sends the page to sign-in.
  useEffect(() => watchStaffRefusals(queryClient, () => void router.invalidate()), [queryClient, router])
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  )
}
