// The booking's replayable write (src/offline/mutations.ts): the cancellation request. Defined at module load
// (src/app/replayable-mutations.ts imports this file), so a request made offline waits in the queue, survives
// a reload and is sent when the connection returns; the booking page says it is waiting. Asking twice is
// answered the same by the server, so a replay after a lost answer changes nothing.
import type { CancelRequestAnswer } from '@/domain/booking'
import { apiFetch } from '@/lib/api-client'
import { defineMutation } from '@/offline/mutations'

export interface CancellationVariables {
  bookingId: string
}

export const requestCancellationMutation = defineMutation<CancellationVariables, CancelRequestAnswer>(
  ['booking', 'cancel-request'],
  ({ bookingId, operationId }) =>
    apiFetch(`/api/cancel-booking/${encodeURIComponent(bookingId)}`, {
      method: 'POST',
      body: { operationId },
    }),
)
