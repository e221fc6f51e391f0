import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { useEffect, useMemo, type ReactNode } from 'react'

import { connectSessionStore, useSessionUserId } from '@/lib/session'
import { ToastHost } from '@/lib/toast-host'
import { persistOptions } from '@/offline/persister'
import { resumeQueuedMutations } from '@/offline/mutations'

import { cssVariablesResolver, theme } from './theme'

export interface ProvidersProps {
  queryClient: QueryClient
  children: ReactNode
}

/** The persisted cache belongs to one user: a new user remounts the provider onto their own store. */
function PersistedQueries({ queryClient, children }: ProvidersProps) {
  const userId = useSessionUserId()
  const options = useMemo(() => persistOptions(userId), [userId])
  // What a session start saves to the account goes through this client's offline queue.
  useEffect(() => connectSessionStore(queryClient), [queryClient])
  return (
    <PersistQueryClientProvider
      key={userId ?? 'anonymous'}
      client={queryClient}
      persistOptions={options}
      // Not returned: the provider waits for what onSuccess returns before it ends the restore (and starts
      // saving, and lets queries show what was restored), and a queue waiting for the network never settles.
      onSuccess={() => {
        void resumeQueuedMutations(queryClient)
      }}
    >
      {children}
    </PersistQueryClientProvider>
  )
}

export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <ToastHost />
        <PersistedQueries queryClient={queryClient}>{children}</PersistedQueries>
      </MantineProvider>
    </I18nProvider>
  )
}
