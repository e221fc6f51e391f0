import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, type ReactNode } from 'react'

import { useDeviceUserId } from '@/entities/session/session'
import { connectSessionStore } from '@/entities/session/session-lifecycle'
import { outboxOf } from '@/offline/outbox'
import { PersistedQueryClient } from '@/offline/persisted-query-client'
import { persistOptions } from '@/offline/persister'
import { cssVariablesResolver, theme } from '@/ui/theme'
import { ToastHost } from '@/ui/toast-host'

export interface ProvidersProps {
  queryClient: QueryClient
  children: ReactNode
}

/**
 * The persisted cache belongs to one user: a new user remounts the provider onto their own store. The user the
 * device holds from the first render on, though the server's HTML was a visitor's: the key is not in the HTML,
 * and a key that changed once the page was taken over would draw the whole app again.
 */
function PersistedQueries({ queryClient, children }: ProvidersProps) {
  const userId = useDeviceUserId()
  const options = useMemo(() => persistOptions(userId), [userId])
  // What a session start saves to the account goes through this client's outbox.
  useEffect(() => connectSessionStore(queryClient), [queryClient])
  return (
    <PersistedQueryClient
      key={userId ?? 'anonymous'}
      client={queryClient}
      persistOptions={options}
      // Not awaited: the restore would end (and saving start, and queries show what was restored) only once
      // the outbox is sent, and an outbox waiting for the network never settles. The restore moved a queue an
      // older build saved into it (src/offline/saved-queue.ts).
      onRestored={() => {
        void outboxOf(queryClient).drain()
      }}
    >
      {children}
    </PersistedQueryClient>
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
