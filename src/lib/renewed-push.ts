// Once a page load per signed-in user, in the renter's app and the back office alike: this device's push
// subscription is the server's again (the server drops it with the session that gave it: ./push.ts). Push's
// code comes then, never with a visitor's first load.
import { useEffect } from 'react'

export function useRenewedPush(userId: string | null): void {
  useEffect(() => {
    // Only a device that allowed notifications can have a subscription to give: no code to fetch otherwise.
    if (!userId || !('Notification' in window) || Notification.permission !== 'granted') return
    void import('./push')
      .then(({ renewPushOnServer }) => renewPushOnServer())
      .catch(() => {
        // Offline or refused: the next page load tries again.
      })
  }, [userId])
}
