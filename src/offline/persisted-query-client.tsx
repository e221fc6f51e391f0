// The query cache restored from the device, then saved as it changes (docs/architecture.md, Offline design).
// What TanStack's PersistQueryClientProvider does, with one difference: the end of the restore is a
// transition. It re-renders every query of the page, and on a page the server rendered it comes while React
// is still taking the page over: as an ordinary update, it made React take over all the rest in one task
// (0.4 to 0.7 s of a 4×-slowed CPU on a search), where a transition lets it go on in slices between the browser's
// own work.
import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client'
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react'

export interface PersistedQueryClientProps {
  client: QueryClient
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>
  /**
   * Once the stored copy is restored, or found missing, expired or of another build (not when reading it
   * failed), before queries show what it brought.
   */
  onRestored?: () => void
  children: ReactNode
}

/**
 * Queries wait for the restore (`useIsRestoring`) before they fetch or show anything, so that a page opened
 * offline shows what the device kept. One restore per mounted provider: a new user remounts it (a `key`).
 */
export function PersistedQueryClient({
  client,
  persistOptions,
  onRestored,
  children,
}: PersistedQueryClientProps) {
  const [restoring, setRestoring] = useState(true)
  const latest = useRef({ persistOptions, onRestored })
  useEffect(() => {
    latest.current = { persistOptions, onRestored }
  })
  const started = useRef(false)

  useEffect(() => {
    const options = { ...latest.current.persistOptions, queryClient: client }
    if (!started.current) {
      // Once, though StrictMode runs this effect twice.
      started.current = true
      persistQueryClientRestore(options)
        .then(() => latest.current.onRestored?.())
        .catch(() => {
          // Nothing usable stored (the restore removes what it cannot read): the page starts empty.
        })
        .finally(() => startTransition(() => setRestoring(false)))
    }
    if (restoring) return undefined
    // Saving starts with the cache's next change; what came in during the restore (often the screen this
    // page load opened) is saved now, or it would wait for a change that may never come.
    void persistQueryClientSave(options)
    return persistQueryClientSubscribe(options)
  }, [client, restoring])

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  )
}
