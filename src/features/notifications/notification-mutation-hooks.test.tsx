// Marking notifications as the /notifications screen does: shown at once in the list and the bell's counter,
// kept while offline (through a reload) with the operation id chosen when the user acted, sent once the
// connection returns, undone when the server refuses.
import { type InfiniteData, onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { NotificationPage } from '@/domain/notifications'
import { activateLocale } from '@/i18n/activate'
import { createQueryClient } from '@/lib/query-client'
import { registerMutationDefaults } from '@/offline/mutations'
import { reloadOnlineAndReplay } from '@/test/offline-queue'

import { notificationKeys } from './api'
import './notification-mutation-definitions'
import { useChangeNotifications } from './notification-mutation-hooks'

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
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
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
    const { result } = renderHook(() => useChangeNotifications('read'), { wrapper })

    act(() => result.current.mutate({ userId: '7', ids: ['3'], operationId: 'operation-0001' }))
    await waitFor(() => expect(result.current.isPaused).toBe(true))
    expect(listed(queryClient)).toEqual(['3:read', '2:unread', '1:read'])
    expect(queryClient.getQueryData(notificationKeys.counter('7'))).toEqual({ count: 1 })
    expect(fetchMock).not.toHaveBeenCalled()

    await reloadOnlineAndReplay(queryClient)
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/mark-'))
    expect(sent).toHaveLength(1)
    const [url, init] = sent[0]!
    expect(url).toBe('/api/mark-notifications-as-read/7')
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['3'], operationId: 'operation-0001' })
  })

  it('deletes at once, counting out the unread ones, and undoes it when the server refuses', async () => {
    let refuse: () => void = () => undefined
    const refused = new Promise<void>((resolve) => (refuse = resolve))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await refused
        return new Response(JSON.stringify({ error: 'forbidden', message: 'No.' }), { status: 403 })
      }),
    )
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(() => useChangeNotifications('delete'), { wrapper })
    act(() => result.current.mutate({ userId: '7', ids: ['2', '1'], operationId: 'operation-0002' }))
    await waitFor(() => expect(listed(queryClient)).toEqual(['3:unread']))
    expect(queryClient.getQueryData(notificationKeys.counter('7'))).toEqual({ count: 1 })
    refuse()
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(listed(queryClient)).toEqual(['3:unread', '2:unread', '1:read'])
    expect(queryClient.getQueryData(notificationKeys.counter('7'))).toEqual({ count: 2 })
  })
})
