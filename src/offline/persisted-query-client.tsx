// The query cache restored from the device, then saved as it changes (docs/architecture.md, Offline design).
// What TanStack's PersistQueryClientProvider does, with two differences. The end of the restore is a
// transition: it re-renders every query of the page, and on a page the server rendered it comes while React
// is still taking the page over; as an ordinary update, it made React take over all the rest in one task
// (0.4 to 0.7 s of a 4×-slowed CPU on a search), where a transition lets it go on in slices between the
// browser's own work. And saving starts when the restore ends, not when React has drawn that end (below).
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
  // One restore, though StrictMode runs the effect below twice.
  const restored = useRef<Promise<void> | null>(null)

  useEffect(() => {
    const options = { ...latest.current.persistOptions, queryClient: client }
    restored.current ??= persistQueryClientRestore(options).then(
      () => latest.current.onRestored?.(),
      () => {
        // Nothing usable stored (the restore removes what it cannot read): the page starts empty.
      },
    )
    let mounted = true
    let unsubscribe: (() => void) | undefined
    void restored.current.then(() => {
      if (!mounted) return
      // Saving starts here, not once React has shown the end of the restore: a transition may wait, and a
      // route's loader fills the cache without waiting for either, so a screen can show its data before the
      // restore's end is drawn; a page left then (a reload, a link) would not have it on the device. What came
      // in during the restore (often the screen this page load opened) is saved now, or it would wait for a
      // change that may never come.
      void persistQueryClientSave(options)
      unsubscribe = persistQueryClientSubscribe(options)
      startTransition(() => setRestoring(false))
    })
    return () => {
      mounted = false
      unsubscribe?.()
    }
  }, [client])

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  )
}
