// A list that could not be loaded (search results, bookings, notifications): why, in the reader's words
// (offline with nothing saved, or the generic error of docs/product.md §9), and a way to try again.
import { Trans } from '@lingui/react/macro'
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import { NetworkError } from '@/lib/api-client'

export interface LoadErrorProps {
  title: ReactNode
  /** What offline means for this list (what is still there, or that nothing was saved). */
  offline: ReactNode
  error: unknown
  /** Offline with nothing saved for it (src/offline/read-state.tsx): said even before any error. */
  offlineNow?: boolean
  onRetry: () => void
}

export function LoadError({ title, offline, error, offlineNow = false, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {offlineNow || error instanceof NetworkError ? (
            offline
          ) : (
            <Trans>An unhandled error occurred.</Trans>
          )}
        </Text>
        <Button variant="light" color="red" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  )
}

/** Placeholders the height of the list's items while its first page loads. */
export function ListSkeleton({ count, height }: { count: number; height: number }) {
  return (
    <Stack gap="md" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} radius="lg" />
      ))}
    </Stack>
  )
}
