// The persisted cache as the app's providers restore it: with a change still waiting for the network, the
// restore ends all the same, the saved data shows, and what the user does next is saved too.
import { onlineManager, useIsMutating, useIsRestoring, useQuery } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { get, set } from 'idb-keyval'
import { afterEach, describe, expect, it } from 'vitest'

import { storeSessionUser } from '@/entities/session/session'
import { activateLocale } from '@/i18n/activate'
import { createQueryClient } from '@/lib/query-client'
import { defineMutation, registerMutationDefaults, withOperationId } from '@/offline/mutations'
import { ADA } from '@/test/users'

import { Providers } from './providers'

const rename = defineMutation<{ fullName: string }>(['test', 'providers-rename'], async () => null)

function Screen() {
  const restoring = useIsRestoring()
  const saved = useQuery({ queryKey: ['user', ADA._id], queryFn: () => new Promise<never>(() => {}) })
  const waiting = useIsMutating()
  return (
    <p>
      {restoring ? 'restoring' : 'restored'} · {saved.data ? 'saved data shown' : 'no data'} · {waiting}{' '}
      waiting
    </p>
  )
}

afterEach(() => onlineManager.setOnline(true))

describe('restoring the persisted cache offline, with a change waiting', () => {
  it('ends the restore, shows the saved data, and saves the next change', async () => {
    await activateLocale('en')
    storeSessionUser(ADA, true)
    const key = `haven-query-cache:${ADA._id}`
    await set(
      key,
      JSON.stringify({
        buster: __BUILD_ID__,
        timestamp: Date.now(),
        clientState: {
          queries: [
            {
              queryKey: ['user', ADA._id],
              queryHash: JSON.stringify(['user', ADA._id]),
              state: { data: ADA, dataUpdatedAt: Date.now(), status: 'success', fetchStatus: 'idle' },
            },
          ],
          mutations: [
            {
              mutationKey: rename.mutationKey,
              state: {
                status: 'pending',
                isPaused: true,
                submittedAt: Date.now(),
                variables: { fullName: 'Ada K', operationId: 'op-1' },
              },
            },
          ],
        },
      }),
    )
    onlineManager.setOnline(false)
    const queryClient = createQueryClient()
    registerMutationDefaults(queryClient)

    render(
      <Providers queryClient={queryClient}>
        <Screen />
      </Providers>,
    )
    await screen.findByText('restored · saved data shown · 1 waiting')

    // A change made now is on the device with the first.
    act(() => {
      void queryClient
        .getMutationCache()
        .build(queryClient, { mutationKey: rename.mutationKey })
        .execute(withOperationId({ fullName: 'Ada King' }))
    })
    await waitFor(async () => {
      const stored = JSON.parse((await get<string>(key))!) as { clientState: { mutations: unknown[] } }
      expect(stored.clientState.mutations).toHaveLength(2)
    })
  })
})
