// The user's writes go through the offline queue: registered by key, shown at once, kept while offline
// (and in what the persister saves), sent once the connection returns, undone when the server refuses.
import {
  defaultShouldDehydrateMutation,
  dehydrate,
  onlineManager,
  QueryClientProvider,
} from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '@/lib/query-client'
import { readSessionUser, type SessionUser, storeSessionUser } from '@/lib/session'
import { registeredMutationKeys, registerMutationDefaults } from '@/offline/mutations'

import { userKeys } from './api'
import './mutations'
import { useUpdateEmailNotifications, useUpdateUser } from './user-mutations'

const USER: SessionUser = {
  _id: '7',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  phone: null,
  birthDate: '1990-05-01',
  language: 'en',
  enableEmailNotifications: true,
  blacklisted: false,
}

function setup() {
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
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
})

describe('user mutations', () => {
  it('are registered by key for the offline queue', () => {
    const keys = registeredMutationKeys().map((key) => JSON.stringify(key))
    expect(keys).toEqual(
      expect.arrayContaining([
        JSON.stringify(['user', 'update']),
        JSON.stringify(['user', 'language']),
        JSON.stringify(['user', 'email-notifications']),
      ]),
    )
  })

  it('offline: shows the change at once, keeps it queued (and persistable), sends it when back online', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...USER, fullName: 'Ada King' })))
    vi.stubGlobal('fetch', fetchMock)
    onlineManager.setOnline(false)
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(() => useUpdateUser(), { wrapper })

    act(() => result.current.mutate({ _id: '7', fullName: 'Ada King', phone: '', birthDate: '1990-05-01' }))
    await waitFor(() => expect(result.current.isPaused).toBe(true))
    expect(queryClient.getQueryData<SessionUser>(userKeys.detail('7'))?.fullName).toBe('Ada King')
    expect(readSessionUser()?.fullName).toBe('Ada King')
    expect(fetchMock).not.toHaveBeenCalled()
    const saved = dehydrate(queryClient, { shouldDehydrateMutation: defaultShouldDehydrateMutation })
    expect(saved.mutations.map((mutation) => mutation.mutationKey)).toEqual([['user', 'update']])

    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(fetchMock).toHaveBeenCalledWith('/api/update-user', expect.objectContaining({ method: 'POST' }))
  })

  it('undoes the change when the server refuses it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ error: 'forbidden', message: 'No.' }), { status: 403 }),
      ),
    )
    const { queryClient, wrapper } = setup()
    const { result } = renderHook(() => useUpdateEmailNotifications(), { wrapper })
    act(() => result.current.mutate({ _id: '7', enableEmailNotifications: false }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(queryClient.getQueryData<SessionUser>(userKeys.detail('7'))?.enableEmailNotifications).toBe(true)
    expect(readSessionUser()?.enableEmailNotifications).toBe(true)
  })
})
