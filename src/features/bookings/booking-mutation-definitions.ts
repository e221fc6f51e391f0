// The booking's replayable writes (src/offline/mutations.ts): the cancellation request and its withdrawal.
// Defined at module load (src/app/replayable-mutations.ts imports this file), so a change made offline waits
// in the queue, survives a reload and is sent when the connection returns; the booking page says it is
// waiting. Both go through the queue's one scope, so a withdrawal made behind a request reaches the server
// after it. The server keeps each operation id's answer: a request replayed after a lost answer changes
// nothing, even once withdrawn.
import type { CancelRequestAnswer, CancelWithdrawalAnswer } from '@/contract/bookings'
import { cancelBooking, withdrawCancellation } from '@/contract/routes'
import { call } from '@/lib/api-client'
import { KEY_ROOTS } from '@/lib/query-keys'
import { defineMutation } from '@/offline/mutations'

export interface CancellationVariables {
  bookingId: string
}

/** Every cancellation write's key starts with this: the page lays the pending ones over the server's copy. */
export const CANCELLATION_WRITES = [KEY_ROOTS.booking] as const

export const requestCancellationMutation = defineMutation<CancellationVariables, CancelRequestAnswer>(
  [...CANCELLATION_WRITES, 'cancel-request'],
  ({ bookingId, operationId }) => call(cancelBooking, { params: { id: bookingId }, body: { operationId } }),
)

export const withdrawCancellationMutation = defineMutation<CancellationVariables, CancelWithdrawalAnswer>(
  [...CANCELLATION_WRITES, 'cancel-withdraw'],
  ({ bookingId, operationId }) =>
    call(withdrawCancellation, { params: { id: bookingId }, body: { operationId } }),
)
