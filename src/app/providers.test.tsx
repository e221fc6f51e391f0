// The persisted cache as the app's providers restore it: with a change still waiting for the network, the
// restore ends all the same, the saved data shows, and what the user does next is saved too.
import { onlineManager, useIsRestoring, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { set } from 'idb-keyval'
import { afterEach, describe, expect, it } from 'vitest'

import { storeSessionUser } from '@/entities/session/session'
import { updateProfileCommand } from '@/features/settings/settings-commands'
import { activateLocale } from '@/i18n/activate'
import { createQueryClient } from '@/lib/query-client'
import { outboxOf, readOutbox, startOutbox, useWaitingCommands } from '@/offline/outbox'
import { ADA } from '@/test/users'

import { loadOutboxCommands } from './outbox-commands'
import { Providers } from './providers'

function Screen() {
  const restoring = useIsRestoring()
  const saved = useQuery({ queryKey: ['user', ADA._id], queryFn: () => new Promise<never>(() => {}) })
  const waiting = useWaitingCommands()
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
              // A change an older build saved (src/offline/saved-queue.ts).
              mutationKey: ['user', 'update'],
              state: {
                status: 'pending',
                isPaused: true,
                submittedAt: Date.now(),
                variables: { _id: ADA._id, fullName: 'Ada K', operationId: 'op-1' },
              },
            },
          ],
        },
      }),
    )
    onlineManager.setOnline(false)
    const queryClient = createQueryClient()
    startOutbox(queryClient, await loadOutboxCommands())

    render(
      <Providers queryClient={queryClient}>
        <Screen />
      </Providers>,
    )
    await screen.findByText('restored · saved data shown · 1 waiting')

    // A change made now is on the device with the first.
    act(() => {
      void outboxOf(queryClient).add(updateProfileCommand, { _id: ADA._id, fullName: 'Ada King' })
    })
    expect(readOutbox(ADA._id).map((command) => command.payload.fullName)).toEqual(['Ada K', 'Ada King'])
    await screen.findByText('restored · saved data shown · 2 waiting')
  })
})
