import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { type QueryClient, useIsRestoring } from '@tanstack/react-query'
import { PersistQueryClientProvider, persistQueryClientSave } from '@tanstack/react-query-persist-client'
import { useEffect, useMemo, type ReactNode } from 'react'

import { useSessionUserId } from '@/lib/session'
import { ToastHost } from '@/lib/toast-host'
import { resumeQueuedMutations } from '@/offline/mutations'
import { persistOptions } from '@/offline/persister'
import { connectSessionStore } from '@/offline/session-lifecycle'

import { cssVariablesResolver, theme } from './theme'

export interface ProvidersProps {
  queryClient: QueryClient
  children: ReactNode
}

/**
 * The provider starts saving with the next change to the cache once the saved copy is restored: what came in
 * meanwhile (the screen this page load opened, often) would wait for a change that may never come. This
 * effect runs in the same commit as the provider's own, just before it: no change can fall between the two.
 */
function SaveAfterRestore({
  queryClient,
  options,
}: {
  queryClient: QueryClient
  options: ReturnType<typeof persistOptions>
}) {
  const restoring = useIsRestoring()
  useEffect(() => {
    if (!restoring) void persistQueryClientSave({ queryClient, ...options })
  }, [restoring, queryClient, options])
  return null
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
      <SaveAfterRestore queryClient={queryClient} options={options} />
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
