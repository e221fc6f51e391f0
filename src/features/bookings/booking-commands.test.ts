// The cancellation request and its withdrawal as the outbox sends them: both made offline, kept through a
// reload, then sent in the order the renter made them, the withdrawal only once the request is answered.
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { storeSessionUser } from '@/entities/session/session'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { createQueryClient } from '@/lib/query-client'
import { Outbox, readOutbox } from '@/offline/outbox'
import { json } from '@/test/api-mock'
import { mockApi } from '@/test/app-harness'
import { ADA } from '@/test/users'

import { COMMAND_KINDS, requestCancellationCommand, withdrawCancellationCommand } from './booking-commands'

afterEach(() => {
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('the cancellation commands in the outbox', () => {
  it('send a withdrawal made behind its request after the request is answered, each with its operation id', async () => {
    storeSessionUser(ADA, true)
    let answerRequest: (() => void) | undefined
    const calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/cancel-booking/42': () =>
        new Promise((resolve) => {
          answerRequest = () => resolve(json(200, { bookingId: '42', cancelRequest: true }))
        }),
      'POST /api/withdraw-cancellation/42': () => json(200, { bookingId: '42', cancelRequest: false }),
    })
    onlineManager.setOnline(false)
    const page = new Outbox(createQueryClient(), COMMAND_KINDS)
    void page.add(requestCancellationCommand, { bookingId: '42' })
    void page.add(withdrawCancellationCommand, { bookingId: '42' })
    expect(readOutbox(ADA._id)).toHaveLength(2)
    expect(calls).toEqual([])

    // A reload, back online: the next page sends them.
    page.close()
    onlineManager.setOnline(true)
    const reloaded = new Outbox(createQueryClient(), COMMAND_KINDS)
    const replaying = reloaded.drain()
    // The request is on its way; the withdrawal waits for its answer.
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/cancel-booking/42']))
    answerRequest!()
    await replaying
    expect(calls.map((call) => call.url)).toEqual(['/api/cancel-booking/42', '/api/withdraw-cancellation/42'])
    const [request, withdrawal] = calls.map((call) => call.body as { operationId: string })
    expect(request!.operationId).toMatch(/^[\w-]{8,64}$/)
    expect(withdrawal!.operationId).toMatch(/^[\w-]{8,64}$/)
    expect(withdrawal!.operationId).not.toBe(request!.operationId)
    expect(readOutbox(ADA._id)).toEqual([])
  })
})
