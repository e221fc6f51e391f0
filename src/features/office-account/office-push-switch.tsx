// The staff's push switch (src/ui/push-switch.tsx) in the back office's words (docs/product.md §12, Push): a
// notification for each new booking request and each cancellation request, with Accept and Decline on it.
import { useLingui } from '@lingui/react/macro'

import { PushSwitch } from '@/ui/push-switch'

export function OfficePushSwitch() {
  const { t } = useLingui()
  return (
    <PushSwitch
      texts={{
        label: t`Push notifications on this device`,
        description: t`A notification for each new booking request and each cancellation request, even with the back office closed, to accept or decline from the notification itself.`,
        unsupported: t`Push notifications cannot work here: private windows and some browsers cannot receive them.`,
        denied: t`Notifications are blocked for Haven in this browser: allow them in the browser’s site settings, then come back here.`,
        failed: t`Push notifications could not be changed. Try again later.`,
      }}
    />
  )
}
