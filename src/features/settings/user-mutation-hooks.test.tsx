// The user's changes as the settings screen makes them: shown at once, kept in the outbox while offline
// (through a reload), sent once the connection returns, undone when the server refuses (the server's copy
// read again, with the changes still waiting laid over it).
import { i18n } from '@lingui/core'
import { onlineManager, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { readSessionUser, type SessionUser, storeSessionUser, userKeys } from '@/entities/session/session'
import { activateLocale } from '@/i18n/activate'
import { createQueryClient } from '@/lib/query-client'
import { Outbox, outboxOf, readOutbox, startOutbox } from '@/offline/outbox'
import { ADA } from '@/test/users'

import { userQueryOptions } from './api'
import { COMMAND_KINDS } from './settings-commands'
import {
  useUpdateEmailNotifications,
  useUpdateLanguage,
  useUpdateUser,
  useUserWithPendingWrites,
} from './user-mutation-hooks'

const USER: SessionUser = { ...ADA, phone: null, birthDate: '1990-05-01' }

function setup() {
  const queryClient = createQueryClient()
  queryClient.setQueryData(userKeys.detail('7'), USER)
  storeSessionUser(USER, true)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { queryClient, wrapper }
}

afterEach(() => {
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
  localStorage.clear()
})

/** A server that refuses every change, and answers a read of the user with `server`. */
const refusal = (server: SessionUser = USER) =>
  vi.fn(async (url: string) =>
    url === '/api/user/7'
      ? new Response(JSON.stringify(server))
      : new Response(JSON.stringify({ error: 'forbidden', message: 'No.' }), { status: 403 }),
  )

// A refused change is told in a toast (src/offline/refusal-toast.ts), in the interface language.
beforeEach(async () => {
  await activateLocale('en')
})

describe('user mutations', () => {
  it('offline: shows the change at once, keeps it through a reload, sends it when back online', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...USER, fullName: 'Ada King' })))
    vi.stubGlobal('fetch', fetchMock)
    onlineManager.setOnline(false)
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(() => useUpdateUser(), { wrapper })

    act(() => {
      void result.current.save({ _id: '7', fullName: 'Ada King', phone: '', birthDate: '1990-05-01' })
    })
    await waitFor(() => expect(result.current.waiting).toBe(true))
    expect(queryClient.getQueryData<SessionUser>(userKeys.detail('7'))?.fullName).toBe('Ada King')
    expect(readSessionUser()?.fullName).toBe('Ada King')
    expect(fetchMock).not.toHaveBeenCalled()
    const [made] = readOutbox('7')

    // A reload, back online: the next page sends it.
    outboxOf(queryClient).close()
    onlineManager.setOnline(true)
    await new Outbox(createQueryClient(), COMMAND_KINDS).drain()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/update-user')
    expect(JSON.parse(String(init.body))).toEqual({
      _id: '7',
      fullName: 'Ada King',
      phone: '',
      birthDate: '1990-05-01',
      operationId: made!.operationId,
    })
  })

  it('undoes the change when the server refuses it', async () => {
    vi.stubGlobal('fetch', refusal())
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(() => useUpdateEmailNotifications(), { wrapper })
    let refused: unknown
    act(() => {
      result.current.save({ _id: '7', enableEmailNotifications: false }).catch((error: unknown) => {
        refused = error
      })
    })
    expect(readSessionUser()?.enableEmailNotifications).toBe(false)
    await waitFor(() => expect(refused).toBeDefined())
    await waitFor(() =>
      expect(queryClient.getQueryData<SessionUser>(userKeys.detail('7'))?.enableEmailNotifications).toBe(
        true,
      ),
    )
    expect(readSessionUser()?.enableEmailNotifications).toBe(true)
  })

  it('a refused change undoes only its own field, not a later change of another', async () => {
    onlineManager.setOnline(false)
    const { wrapper } = setup()
    const { result } = renderHook(
      () => ({ email: useUpdateEmailNotifications(), language: useUpdateLanguage() }),
      {
        wrapper,
      },
    )
    // Offline: the e-mail switch, then the language, both waiting in the queue.
    act(() => {
      result.current.email.save({ _id: '7', enableEmailNotifications: false }).catch(() => undefined)
    })
    act(() => {
      void result.current.language.save({ id: '7', language: 'fr' })
    })
    await waitFor(() => expect(result.current.language.waiting).toBe(true))
    // Back online, the server refuses the e-mail switch and takes the language.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/update-email-notifications'
          ? new Response(JSON.stringify({ error: 'forbidden', message: 'No.' }), { status: 403 })
          : new Response(JSON.stringify({ ...USER, language: url === '/api/user/7' ? 'en' : 'fr' })),
      ),
    )
    act(() => onlineManager.setOnline(true))
    // The queue empties as each answer comes; what each answer does to the screen (the refused switch put
    // back, the language's catalogs loaded) follows it, so the end state is waited for as a whole.
    await waitFor(() => {
      expect(readOutbox('7')).toEqual([])
      expect(readSessionUser()?.enableEmailNotifications).toBe(true)
      expect(readSessionUser()?.language).toBe('fr')
      expect(i18n.locale).toBe('fr')
    })
  })

  it('a change that found no server is not undone: it was never refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const { queryClient, wrapper } = setup()
    // The next send waits (a growing delay): the test looks in between.
    let waited = false
    startOutbox(queryClient, COMMAND_KINDS, {
      wait: () => {
        waited = true
        return new Promise(() => undefined)
      },
    })
    const { result } = renderHook(() => useUpdateEmailNotifications(), { wrapper })
    act(() => {
      void result.current.save({ _id: '7', enableEmailNotifications: false })
    })
    await waitFor(() => expect(waited).toBe(true))
    expect(result.current.waiting).toBe(true)
    expect(readOutbox('7')).toHaveLength(1)
    expect(readSessionUser()?.enableEmailNotifications).toBe(false)
  })

  it('a change answered while a later one is still on its way does not bring the screen back to its value', async () => {
    // The server: what it has stored, the second write held until the test lets it through.
    let stored = { ...USER }
    let releaseSecond = () => {}
    const second = new Promise<void>((resolve) => (releaseSecond = resolve))
    const shown: boolean[] = []
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as {
          enableEmailNotifications: boolean
          operationId: string
        }
        if (body.enableEmailNotifications) await second
        stored = { ...stored, enableEmailNotifications: body.enableEmailNotifications }
      }
      expect(url).toMatch(/^\/api\/(user\/7|update-email-notifications)$/)
      return new Response(JSON.stringify(stored))
    })
    vi.stubGlobal('fetch', fetchMock)
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(
      () => {
        // The settings screen: it reads the user, and the switch shows what it holds.
        const user = useQuery(userQueryOptions('7')).data
        if (user) shown.push(user.enableEmailNotifications)
        return useUpdateEmailNotifications()
      },
      { wrapper },
    )
    act(() => {
      void result.current.save({ _id: '7', enableEmailNotifications: false })
    })
    act(() => {
      void result.current.save({ _id: '7', enableEmailNotifications: true })
    })
    const [, later] = readOutbox('7')
    // The first write is answered (false) while the second (true) waits on the server.
    await waitFor(() => expect(stored.enableEmailNotifications).toBe(false))
    // The first is out of the outbox, and no read it may have asked for is on its way: whatever the first
    // answer does to the screen's copy is done.
    await waitFor(() => {
      expect(readOutbox('7')).toEqual([later])
      expect(queryClient.isFetching()).toBe(0)
    })
    expect(queryClient.getQueryData<SessionUser>(userKeys.detail('7'))?.enableEmailNotifications).toBe(true)
    const shownBeforeSecond = shown.length

    releaseSecond()
    await waitFor(() => expect(readOutbox('7')).toEqual([]))
    // The last write's answer is the server's user: the screen holds it.
    await waitFor(() => expect(queryClient.getQueryData<SessionUser>(userKeys.detail('7'))).toEqual(stored))
    // From the moment the first write was answered, the switch never showed false again.
    expect(shown.slice(shownBeforeSecond - 1)).not.toContain(false)
  })

  it('a read answered while a change is on its way shows the change, not the older copy it carries', async () => {
    // The server holds the write until the test lets it through; a read meanwhile answers the older user.
    let stored = { ...USER, phone: '+33 1 00 00 00 00' }
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          await held
          const { enableEmailNotifications } = JSON.parse(String(init.body)) as {
            enableEmailNotifications: boolean
          }
          stored = { ...stored, enableEmailNotifications }
        }
        return new Response(JSON.stringify(stored))
      }),
    )
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(
      () => ({
        // The settings screen's user: the server's copy with the changes on their way laid over it.
        user: useUserWithPendingWrites(useQuery(userQueryOptions('7')).data),
        email: useUpdateEmailNotifications(),
      }),
      { wrapper },
    )
    act(() => {
      void result.current.email.save({ _id: '7', enableEmailNotifications: false })
    })
    expect(readOutbox('7')).toHaveLength(1)
    // A read while the write waits (the app back in focus, the connection back, the queue just sent).
    await act(() => queryClient.refetchQueries({ queryKey: userKeys.detail('7') }))
    expect(queryClient.getQueryData<SessionUser>(userKeys.detail('7'))?.phone).toBe('+33 1 00 00 00 00')
    // The screen renders the read's answer (its phone) with the change on its way still laid over it.
    await waitFor(() => expect(result.current.user?.phone).toBe('+33 1 00 00 00 00'))
    expect(result.current.user?.enableEmailNotifications).toBe(false)

    release()
    await waitFor(() => expect(readOutbox('7')).toEqual([]))
    expect(result.current.user?.enableEmailNotifications).toBe(false)
  })

  it('switches the interface at once, and back when the server refuses the language', async () => {
    await activateLocale('en')
    const fetchMock = refusal()
    vi.stubGlobal('fetch', fetchMock)
    const { wrapper } = setup()
    const { result } = renderHook(() => useUpdateLanguage(), { wrapper })
    let refused: unknown
    act(() => {
      result.current.save({ id: '7', language: 'fr' }).catch((error: unknown) => {
        refused = error
      })
    })
    await waitFor(() => expect(i18n.locale).toBe('fr'))
    await waitFor(() => expect(refused).toBeDefined())
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/update-language',
      expect.objectContaining({ method: 'POST' }),
    )
    await waitFor(() => expect(i18n.locale).toBe('en'))
    expect(readSessionUser()?.language).toBe('en')
  })
  it('reads the notifications again once the server has the new language (they are written in it)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...USER, language: 'fr' }))),
    )
    const { queryClient, wrapper } = setup()
    queryClient.setQueryData(['notifications', 'list', '7'], { pages: [], pageParams: [] })
    const { result } = renderHook(() => useUpdateLanguage(), { wrapper })
    await act(() => result.current.save({ id: '7', language: 'fr' }))
    await waitFor(() =>
      expect(queryClient.getQueryState(['notifications', 'list', '7'])?.isInvalidated).toBe(true),
    )
    await activateLocale('en')
  })
})
