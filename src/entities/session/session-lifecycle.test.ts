// The check on load (docs/product.md §7) against the device's outbox: the server's copy of the user must not
// undo a change that is still waiting to be sent.
import { onlineManager, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { readSessionUser, storeSessionUser } from '@/entities/session/session'
import { ApiError } from '@/lib/api-client'
import { createQueryClient } from '@/lib/query-client'
import { outboxOf, readOutbox, startOutbox } from '@/offline/outbox'
import { persistKey } from '@/offline/persister'
import { ADA } from '@/test/users'

import { validateStoredSession, watchSessionRefusals } from './session-lifecycle'
import { updateLanguageCommand } from './user-commands'

/** The server's answer to the check: the account as it has it (still English). */
function serverAnswers(fields: Partial<typeof ADA> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ ...ADA, language: 'en', ...fields }))),
  )
}

afterEach(() => {
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
})

describe('the session check on load', () => {
  it("takes the server's copy of the user when nothing of theirs is waiting", async () => {
    storeSessionUser({ ...ADA, language: 'fr' }, true)
    serverAnswers()
    const queryClient = createQueryClient()
    expect(await validateStoredSession(queryClient)).toBe('valid')
    expect(readSessionUser()?.language).toBe('en')
  })

  it('keeps a change still waiting in the outbox, and takes only the verdict', async () => {
    storeSessionUser({ ...ADA, language: 'fr' }, true)
    const queryClient = createQueryClient()
    // Chosen offline: French, waiting to be sent.
    onlineManager.setOnline(false)
    void outboxOf(queryClient)
      .add(updateLanguageCommand, { id: ADA._id, language: 'fr' })
      .catch(() => undefined)
    expect(readOutbox(ADA._id)).toHaveLength(1)
    serverAnswers({ blacklisted: true })
    expect(await validateStoredSession(queryClient)).toBe('suspended')
    expect(readSessionUser()?.language).toBe('fr')
    expect(readSessionUser()?.blacklisted).toBe(true)
  })

  it("keeps the device's copy when a change of the user's waits in a queue an older build saved", async () => {
    // The first page load after an update: the queue is on the device, in the older build's synchronous copy.
    storeSessionUser({ ...ADA, language: 'fr' }, true)
    localStorage.setItem(
      `${persistKey(ADA._id)}:queue`,
      JSON.stringify([
        {
          mutationKey: ['user', 'language'],
          state: {
            status: 'pending',
            isPaused: true,
            variables: { id: ADA._id, language: 'fr', operationId: 'op-12345678' },
          },
        },
      ]),
    )
    serverAnswers()
    const queryClient = createQueryClient()
    // As the app starts (src/main.tsx), before the persisted cache is restored.
    startOutbox(queryClient, [updateLanguageCommand])
    expect(await validateStoredSession(queryClient)).toBe('valid')
    expect(readSessionUser()?.language).toBe('fr')
  })

  it("keeps the device's copy when a queued change of the user's is sent while the check is on its way", async () => {
    storeSessionUser({ ...ADA, language: 'fr' }, true)
    const queryClient = createQueryClient()
    let answer: (response: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/validate-access-token'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(new Response(JSON.stringify({ ...ADA, language: 'fr' }))),
      ),
    )
    const check = validateStoredSession(queryClient)
    // The outbox sends the language chosen offline, and it is answered, before the check's answer comes.
    await outboxOf(queryClient).add(updateLanguageCommand, { id: ADA._id, language: 'fr' })
    expect(readOutbox(ADA._id)).toEqual([])
    // The check was read by the server before the change: its copy is still English.
    answer(new Response(JSON.stringify({ ...ADA, language: 'en' })))
    expect(await check).toBe('valid')
    expect(readSessionUser()?.language).toBe('fr')
  })
})

describe('a session ended elsewhere', () => {
  it('is found at the next call answered 401, not at the next page load: the user is signed out here', async () => {
    storeSessionUser(ADA, true)
    // An administrator suspended the account: every session ended, so the check is refused too.
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'unauthorized', message: 'Please sign in.' }), { status: 401 }),
    )
    vi.stubGlobal('fetch', fetch)
    const queryClient = createQueryClient()
    const signedOut = vi.fn()
    const stop = watchSessionRefusals(queryClient, signedOut)
    const observer = new QueryObserver(queryClient, {
      queryKey: ['bookings', ADA._id],
      queryFn: () => Promise.reject(new ApiError(401, 'unauthorized', 'Please sign in.')),
    })
    const unsubscribe = observer.subscribe(() => undefined)
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1))
    expect(readSessionUser()).toBeNull()
    expect(fetch).toHaveBeenCalledWith('/api/validate-access-token', expect.anything())
    unsubscribe()
    stop()
  })

  it('checks the session again when the server refuses a change of the outbox with 401', async () => {
    storeSessionUser(ADA, true)
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'unauthorized', message: 'Please sign in.' }), {
            status: 401,
          }),
      ),
    )
    const queryClient = createQueryClient()
    const signedOut = vi.fn()
    const stop = watchSessionRefusals(queryClient, signedOut)
    await outboxOf(queryClient)
      .add(updateLanguageCommand, { id: ADA._id, language: 'fr' })
      .catch(() => undefined)
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1))
    stop()
  })

  it('leaves a visitor alone, and a refusal that is not 401', async () => {
    const fetch = vi.fn(async () => new Response('{}'))
    vi.stubGlobal('fetch', fetch)
    const queryClient = createQueryClient()
    const signedOut = vi.fn()
    const stop = watchSessionRefusals(queryClient, signedOut)
    await queryClient
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(new ApiError(401, 'unauthorized', 'Please sign in.')),
      })
      .catch(() => undefined)
    storeSessionUser(ADA, true)
    await queryClient
      .fetchQuery({ queryKey: ['y'], queryFn: () => Promise.reject(new ApiError(403, 'forbidden', 'No.')) })
      .catch(() => undefined)
    expect(fetch).not.toHaveBeenCalled()
    expect(signedOut).not.toHaveBeenCalled()
    stop()
  })
})
