// Push on this device (docs/product.md §12): the browser asks for permission only when the switch is turned
// on, never before. Where push can never work (a browser without it, a private window, notifications
// refused), one sentence says so instead of a 'try again later'. The renter's settings and the back office's
// account page each give it their own words (their catalogs'), so it holds none.
import { Switch, Text } from '@mantine/core'

import { usePushState } from '@/lib/use-push-state'
import { showToast } from '@/ui/toast'

export interface PushSwitchTexts {
  label: string
  /** What push brings here, under the label. */
  description: string
  /** Push can never work in this browser or window. */
  unsupported: string
  /** The browser refuses notifications to the site. */
  denied: string
  /** A trouble that may pass: the toast's 'try again later'. */
  failed: string
}

export function PushSwitch({ texts }: { texts: PushSwitchTexts }) {
  const { state, busy, toggle } = usePushState(() => showToast({ color: 'red', message: texts.failed }))
  const unavailable = state === 'unsupported' || state === 'denied'
  return (
    <>
      <Switch
        label={texts.label}
        description={texts.description}
        checked={state === 'on'}
        disabled={state === null || unavailable || busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      {state === 'unsupported' ? (
        <Text size="sm" c="dimmed" role="status">
          {texts.unsupported}
        </Text>
      ) : null}
      {state === 'denied' ? (
        <Text size="sm" c="amber.9" role="status">
          {texts.denied}
        </Text>
      ) : null}
    </>
  )
}
