// How a screen's read stands when the network is away (docs/architecture.md, Offline design). Queries are
// `offlineFirst`: with nothing saved and no server, the first attempt fails and the retryer then waits,
// paused, for the network; a screen that only looked at `isPending` showed placeholders for as long.
import { Trans } from '@lingui/react/macro'
import { Alert, Text } from '@mantine/core'
import type { FetchStatus } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { useLanguage } from '@/i18n/language'
import { NetworkError } from '@/lib/api-client'
import { formatMoment } from '@/lib/day'
import { useOnline } from '@/lib/use-online'

export interface ReadState {
  data: unknown
  error: unknown
  failureReason: unknown
  fetchStatus: FetchStatus
}

/**
 * True when nothing of this read is on the device and the server cannot be reached: the screen says so at
 * once. Paused means the retryer waits for the network; a first failure with no answer while offline counts
 * at once, without waiting for the retry's delay to end in a pause.
 */
export function isUnavailableOffline(read: ReadState, online: boolean): boolean {
  if (read.data !== undefined) return false
  if (read.fetchStatus === 'paused' || read.error instanceof NetworkError) return true
  return !online && read.failureReason instanceof NetworkError
}

/** `isUnavailableOffline`, following the online state. */
export function useUnavailableOffline(read: ReadState): boolean {
  return isUnavailableOffline(read, useOnline())
}

/**
 * Offline, a screen showing saved data says how old it is (`dataUpdatedAt`, in ms), and whether it was saved
 * in another language than the interface's (src/offline/other-language.ts); online it shows nothing.
 */
export interface SavedCopy {
  at: number
  inAnotherLanguage?: boolean
}

export function LastUpdated({ at, inAnotherLanguage = false }: SavedCopy) {
  const online = useOnline()
  const language = useLanguage()
  if (online || !at) return null
  const when = formatMoment(at, language)
  return (
    <Text size="sm" c="dimmed" data-testid="last-updated">
      <Trans>Saved on this device. Last updated {when}.</Trans>
      {inAnotherLanguage ? (
        <>
          {' '}
          <Trans>It was saved in another language and will be shown in yours once you are back online.</Trans>
        </>
      ) : null}
    </Text>
  )
}

/**
 * On screens that only work with the server (signing in, booking, paying): offline, says so before the
 * user fills anything in, rather than leaving them to a submit that can only fail or wait.
 */
export function NeedsConnection({ title }: { title: ReactNode }) {
  const online = useOnline()
  if (online) return null
  return (
    <Alert color="amber" variant="light" role="status" title={title} data-testid="needs-connection">
      <Text size="sm">
        <Trans>You seem to be offline. This works again once you are back online.</Trans>
      </Text>
    </Alert>
  )
}
