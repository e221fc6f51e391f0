// Push on this device for the staff (docs/product.md §12, Push): a notification for each new booking request
// and each cancellation request, with Accept and Decline on it. The browser asks for permission only when this
// switch is turned on; where push can never work, one sentence says so instead of a 'try again later'.
import { useLingui } from '@lingui/react/macro'
import { Switch, Text } from '@mantine/core'

import { usePushState } from '@/lib/use-push-state'
import { showToast } from '@/ui/toast'

export function OfficePushSwitch() {
  const { t } = useLingui()
  const { state, busy, toggle } = usePushState(() =>
    showToast({ color: 'red', message: t`Push notifications could not be changed. Try again later.` }),
  )
  const unavailable = state === 'unsupported' || state === 'denied'
  return (
    <>
      <Switch
        label={t`Push notifications on this device`}
        description={t`A notification for each new booking request and each cancellation request, even with the back office closed, to accept or decline from the notification itself.`}
        checked={state === 'on'}
        disabled={state === null || unavailable || busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      {state === 'unsupported' ? (
        <Text size="sm" c="dimmed" role="status">
          {t`Push notifications cannot work here: private windows and some browsers cannot receive them.`}
        </Text>
      ) : null}
      {state === 'denied' ? (
        <Text size="sm" c="amber.9" role="status">
          {t`Notifications are blocked for Haven in this browser: allow them in the browser’s site settings, then come back here.`}
        </Text>
      ) : null}
    </>
  )
}
