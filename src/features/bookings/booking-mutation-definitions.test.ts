// The cancellation request and its withdrawal as the offline queue sends them: both made offline, kept through
// a reload, then sent in the order the renter made them, the withdrawal only once the request is answered.
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { createQueryClient } from '@/lib/query-client'
import { mutationOptionsOf, registerMutationDefaults, withOperationId } from '@/offline/mutations'
import { json } from '@/test/api-mock'
import { mockApi } from '@/test/app-harness'
import { reloadOnlineAndReplay } from '@/test/offline-queue'

import {
  type CancellationVariables,
  requestCancellationMutation,
  withdrawCancellationMutation,
} from './booking-mutation-definitions'

/** Starts a queued write the way the booking page does; its promise is left to the queue. */
function act(
  client: QueryClient,
  definition: typeof requestCancellationMutation | typeof withdrawCancellationMutation,
  variables: CancellationVariables,
) {
  void client
    .getMutationCache()
    .build(client, mutationOptionsOf<CancellationVariables, unknown>(definition))
    .execute(withOperationId(variables))
    .catch(() => undefined)
}

afterEach(() => {
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
})

describe('the cancellation writes in the offline queue', () => {
  it('send a withdrawal made behind its request after the request is answered, each with its operation id', async () => {
    let answerRequest: (() => void) | undefined
    const calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/cancel-booking/42': () =>
        new Promise((resolve) => {
          answerRequest = () => resolve(json(200, { bookingId: '42', cancelRequest: true }))
        }),
      'POST /api/withdraw-cancellation/42': () => json(200, { bookingId: '42', cancelRequest: false }),
    })
    onlineManager.setOnline(false)
    const page = createQueryClient()
    registerMutationDefaults(page)
    act(page, requestCancellationMutation, { bookingId: '42' })
    act(page, withdrawCancellationMutation, { bookingId: '42' })
    await vi.waitFor(() => expect(page.isMutating()).toBe(2))
    expect(calls).toEqual([])

    const replaying = reloadOnlineAndReplay(page)
    // The request is on its way; the withdrawal waits for its answer.
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/cancel-booking/42']))
    answerRequest!()
    const reloaded = await replaying
    expect(calls.map((call) => call.url)).toEqual(['/api/cancel-booking/42', '/api/withdraw-cancellation/42'])
    const [request, withdrawal] = calls.map((call) => call.body as { operationId: string })
    expect(request!.operationId).toMatch(/^[\w-]{8,64}$/)
    expect(withdrawal!.operationId).toMatch(/^[\w-]{8,64}$/)
    expect(withdrawal!.operationId).not.toBe(request!.operationId)
    expect(reloaded.isMutating()).toBe(0)
  })
})
