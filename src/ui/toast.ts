// Toasts (docs/product.md §10: they close after 5 seconds) without @mantine/notifications in the first load:
// the package and its container are fetched the first time something is shown.
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { NotificationData } from '@mantine/notifications'
import { useSyncExternalStore } from 'react'

// Mantine's close button is an icon alone: without a label, a screen reader announces a bare "button".
const CLOSE = msg`Close`

let hostWanted = false
const listeners = new Set<() => void>()

export function showToast(data: NotificationData): void {
  if (!hostWanted) {
    hostWanted = true
    listeners.forEach((listener) => listener())
  }
  const closeButtonProps = { 'aria-label': i18n._(CLOSE), ...data.closeButtonProps }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ ...data, closeButtonProps }),
  )
}

/** Whether the toast container must be mounted (something was shown at least once). */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    () => hostWanted,
    () => false,
  )
}
