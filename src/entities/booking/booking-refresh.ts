// What a change to a booking makes stale, for every screen that makes one (the booking's own screens and the
// checkout's): by key roots (src/lib/query-keys.ts), so that no feature imports another's key factory.
import type { QueryClient } from '@tanstack/react-query'

import { KEY_ROOTS } from '@/lib/query-keys'

/**
 * After a booking is made, paid or asked to be cancelled: the lists, every copy of the booking, and the bell
 * (the server has written its notifications before answering) are read again.
 */
export function refreshAfterBookingChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [KEY_ROOTS.bookings] }),
    queryClient.invalidateQueries({ queryKey: [KEY_ROOTS.booking] }),
    queryClient.invalidateQueries({ queryKey: [KEY_ROOTS.notifications] }),
  ])
}
