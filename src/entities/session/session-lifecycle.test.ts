// The check on load (docs/product.md §7) against the device's own queue: the server's copy of the user must
// not undo a change that is still waiting to be sent.
import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { readSessionUser, storeSessionUser } from '@/entities/session/session'
import { ApiError } from '@/lib/api-client'
import { createQueryClient } from '@/lib/query-client'
import { mutationOptionsOf, registerMutationDefaults, withOperationId } from '@/offline/mutations'
import { persistKey } from '@/offline/persister'
import { ADA } from '@/test/users'

import { updateLanguageMutation, validateStoredSession, watchSessionRefusals } from './session-lifecycle'

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

  it('keeps a change still waiting in the queue, and takes only the verdict', async () => {
    storeSessionUser({ ...ADA, language: 'fr' }, true)
    const queryClient = createQueryClient()
    registerMutationDefaults(queryClient)
    // Chosen offline: French, waiting to be sent.
    onlineManager.setOnline(false)
    void new MutationObserver(queryClient, mutationOptionsOf(updateLanguageMutation))
      .mutate(withOperationId({ id: ADA._id, language: 'fr' }))
      .catch(() => undefined)
    await vi.waitFor(() => expect(queryClient.isMutating({ mutationKey: ['user'] })).toBe(1))
    serverAnswers({ blacklisted: true })
    expect(await validateStoredSession(queryClient)).toBe('suspended')
    expect(readSessionUser()?.language).toBe('fr')
    expect(readSessionUser()?.blacklisted).toBe(true)
  })

  it("keeps the device's copy when a change of the user's waits in a queue not restored yet", async () => {
    // The page has just loaded: the queue is on the device (its synchronous copy) but not back in the client.
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
    expect(await validateStoredSession(queryClient)).toBe('valid')
    expect(readSessionUser()?.language).toBe('fr')
  })

  it("keeps the device's copy when a queued change of the user's is sent while the check is on its way", async () => {
    storeSessionUser({ ...ADA, language: 'fr' }, true)
    const queryClient = createQueryClient()
    registerMutationDefaults(queryClient)
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
    // The queue sends the language chosen offline, and it is answered, before the check's answer comes.
    await new MutationObserver(queryClient, mutationOptionsOf(updateLanguageMutation)).mutate(
      withOperationId({ id: ADA._id, language: 'fr' }),
    )
    expect(queryClient.isMutating()).toBe(0)
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
