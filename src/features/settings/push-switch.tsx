// The renter's push switch (src/ui/push-switch.tsx) in the settings' words: a notification when a booking
// changes.
import { useLingui } from '@lingui/react/macro'

import { PushSwitch } from '@/ui/push-switch'

export function RenterPushSwitch() {
  const { t } = useLingui()
  return (
    <PushSwitch
      texts={{
        label: t`Push notifications on this device`,
        description: t`Get a notification on this device when a booking changes, even with Haven closed.`,
        unsupported: t`Push notifications cannot work here: private windows and some browsers cannot receive them.`,
        denied: t`Notifications are blocked for Haven in this browser: allow them in the browser’s site settings, then come back here.`,
        failed: t`Push notifications could not be changed. Try again later.`,
      }}
    />
  )
}
