// Marking notifications as the /notifications screen does: shown at once in the list and the bell's counter,
// kept in the outbox while offline (through a reload) with the operation id chosen when the user acted, sent
// once the connection returns, read again from the server when it refuses.
import {
  type InfiniteData,
  onlineManager,
  QueryClientProvider,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { NotificationPage } from '@/contract/notifications'
import { storeSessionUser } from '@/entities/session/session'
import { activateLocale } from '@/i18n/activate'
import { createQueryClient } from '@/lib/query-client'
import { Outbox, outboxOf, readOutbox } from '@/offline/outbox'
import { ADA } from '@/test/users'

import { notificationCounterQueryOptions, notificationKeys, notificationsInfiniteQueryOptions } from './api'
import { NOTIFICATION_COMMANDS } from './notification-commands'
import { useChangeNotifications, useNotificationsWithPendingWrites } from './notification-mutation-hooks'

const note = (id: string, isRead: boolean) => ({
  _id: id,
  message: `Message ${id}`,
  bookingId: null,
  link: '/notifications',
  isRead,
  createdAt: '2026-11-20T10:00:00.000Z',
})

const PAGES: InfiniteData<NotificationPage, number> = {
  pages: [
    {
      items: [note('3', false), note('2', false), note('1', true)],
      page: 1,
      pageSize: 30,
      total: 3,
      unread: 2,
    },
  ],
  pageParams: [1],
}

function setup() {
  storeSessionUser({ ...ADA, _id: '7' }, true)
  const queryClient = createQueryClient()
  queryClient.setQueryData(notificationKeys.list('7'), PAGES)
  queryClient.setQueryData(notificationKeys.counter('7'), { count: 2 })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { queryClient, wrapper }
}

const listed = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient
    .getQueryData<InfiniteData<NotificationPage, number>>(notificationKeys.list('7'))!
    .pages.flatMap((page) => page.items.map((item) => `${item._id}:${item.isRead ? 'read' : 'unread'}`))

afterEach(() => {
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
  localStorage.clear()
})

// A refused change is told in a toast (src/offline/refusal-toast.ts), in the interface language.
beforeEach(async () => {
  await activateLocale('en')
})

describe('notification changes', () => {
  it('offline: marks read at once, keeps the change and its operation id through a reload, sends it once online', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ count: 1 })),
    )
    vi.stubGlobal('fetch', fetchMock)
    onlineManager.setOnline(false)
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(() => useChangeNotifications('7'), { wrapper })

    act(() => result.current.change('read', ['3']))
    await waitFor(() => expect(result.current.queued).toBe(true))
    expect(listed(queryClient)).toEqual(['3:read', '2:unread', '1:read'])
    expect(queryClient.getQueryData(notificationKeys.counter('7'))).toEqual({ count: 1 })
    const [made] = readOutbox('7')
    expect(made).toMatchObject({ type: 'notifications.mark-read', payload: { userId: '7', ids: ['3'] } })
    expect(fetchMock).not.toHaveBeenCalled()

    // A reload, back online: the next page sends it.
    outboxOf(queryClient).close()
    onlineManager.setOnline(true)
    await new Outbox(createQueryClient(), Object.values(NOTIFICATION_COMMANDS)).drain()
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/mark-'))
    expect(sent).toHaveLength(1)
    const [url, init] = sent[0]!
    expect(url).toBe('/api/mark-notifications-as-read/7')
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['3'], operationId: made!.operationId })
  })

  it('deletes at once, counting out the unread ones, and reads the server again when it refuses', async () => {
    let refuse: () => void = () => undefined
    const refused = new Promise<void>((resolve) => (refuse = resolve))
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/notifications/')) return new Response(JSON.stringify(PAGES.pages[0]))
        if (url.startsWith('/api/notification-counter/')) return new Response(JSON.stringify({ count: 2 }))
        await refused
        return new Response(JSON.stringify({ error: 'forbidden', message: 'No.' }), { status: 403 })
      }),
    )
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(
      () => ({
        shown: useNotificationsWithPendingWrites(
          '7',
          useInfiniteQuery(notificationsInfiniteQueryOptions('7')).data,
        ),
        counter: useQuery(notificationCounterQueryOptions('7')).data,
        changes: useChangeNotifications('7'),
      }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.counter).toEqual({ count: 2 }))
    act(() => result.current.changes.change('delete', ['2', '1']))
    await waitFor(() => expect(listed(queryClient)).toEqual(['3:unread']))
    expect(queryClient.getQueryData(notificationKeys.counter('7'))).toEqual({ count: 1 })
    refuse()
    await waitFor(() => expect(readOutbox('7')).toEqual([]))
    await waitFor(() => expect(listed(queryClient)).toEqual(['3:unread', '2:unread', '1:read']))
    await waitFor(() => expect(result.current.counter).toEqual({ count: 2 }))
  })

  it('a read answered while changes are on their way shows them, not the older list it carries', async () => {
    // The server holds the writes until the test lets them through; a read meanwhile answers the old list.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/notifications/')) return new Response(JSON.stringify(PAGES.pages[0]))
        await held
        return new Response(JSON.stringify({ count: 0 }))
      }),
    )
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(
      () => ({
        // The /notifications screen's rows: the server's pages with the changes on their way laid over them.
        shown: useNotificationsWithPendingWrites(
          '7',
          useInfiniteQuery(notificationsInfiniteQueryOptions('7')).data,
        ),
        changes: useChangeNotifications('7'),
      }),
      { wrapper },
    )
    act(() => result.current.changes.change('read', ['3']))
    act(() => result.current.changes.change('delete', ['1']))
    expect(readOutbox('7')).toHaveLength(2)
    // A read while the commands wait (the app back in focus, the connection back, the outbox just sent).
    await act(() => queryClient.refetchQueries({ queryKey: notificationKeys.list('7') }))
    expect(listed(queryClient)).toEqual(['3:unread', '2:unread', '1:read'])
    const rows = () =>
      result.current.shown?.pages.flatMap((page) =>
        page.items.map((item) => `${item._id}:${item.isRead ? 'read' : 'unread'}`),
      )
    expect(rows()).toEqual(['3:read', '2:unread'])
    release()
    await waitFor(() => expect(readOutbox('7')).toEqual([]))
  })
})
