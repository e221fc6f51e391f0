// A queue saved by the builds before the outbox is sent by this one after an update. The fixtures are that
// queue as those builds wrote it, byte for byte: ten changes made offline by user 7 (one of each kind), in the
// persisted cache's IndexedDB entry and in its synchronous copy in localStorage.
import { QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import { get, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { DEVICE_ENTRIES, outboxEntry, readDevice, writeDevice } from '@/lib/device-store'
import savedInIndexedDb from '@/offline/fixtures/saved-queue-indexeddb.json'
import savedInLocalStorage from '@/offline/fixtures/saved-queue-localstorage.json'
import { Outbox, readOutbox } from '@/offline/outbox'
import { persistOptions } from '@/offline/persister'
import { commandOfSavedMutation } from '@/offline/saved-queue'
import { json } from '@/test/api-mock'
import { mockApi } from '@/test/app-harness'

import { loadOutboxCommands } from './outbox-commands'

/** When the fixtures' changes were made (their `submittedAt`): the update comes a day later. */
const MADE_AT = savedInIndexedDb.clientState.mutations[0]!.state.submittedAt
const CACHE = 'haven-query-cache:7'
const COPY = 'haven-query-cache:7:queue'

/** What today's build sends for each saved change, in the order they were made. */
const SENT = [
  'POST /api/cancel-booking/b1',
  'POST /api/mark-notifications-as-read/7',
  'POST /api/update-language',
  'POST /api/update-email-notifications',
  'POST /api/mark-notifications-as-unread/7',
  'POST /api/delete-notifications/7',
  'POST /api/favourite/7/p1',
  'POST /api/add-favourites/7',
  'POST /api/update-user',
  'POST /api/withdraw-cancellation/b1',
]

const operationIds = savedInLocalStorage.map((mutation) => mutation.state.variables.operationId)

/** The new build's first page load: the cache restored (the saved queue moved), then the outbox sent. */
async function updatedPageLoad(): Promise<Outbox> {
  const queryClient = new QueryClient()
  await persistQueryClientRestore({ queryClient, ...persistOptions('7') })
  expect(queryClient.getMutationCache().getAll()).toEqual([])
  return new Outbox(queryClient, loadOutboxCommands)
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(MADE_AT + 24 * 60 * 60 * 1000)
  writeDevice(DEVICE_ENTRIES.user, {
    _id: '7',
    email: 'ada@example.com',
    fullName: 'Ada King',
    language: 'en',
    enableEmailNotifications: true,
    blacklisted: false,
  })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
})

function answerEverything() {
  return mockApi(AUTH_CONFIG_OFF, {
    'POST *': (url) =>
      json(
        200,
        url.includes('notifications')
          ? { count: 0 }
          : { _id: '7', email: 'ada@example.com', fullName: 'Ada King' },
      ),
  })
}

describe('a queue saved by the builds before the outbox', () => {
  it('is sent by this one after an update, in order, each change once, with the operation id it was made with', async () => {
    await set(CACHE, JSON.stringify(savedInIndexedDb))
    localStorage.setItem(COPY, JSON.stringify(savedInLocalStorage))
    const calls = answerEverything()

    const outbox = await updatedPageLoad()
    expect(readOutbox('7').map((command) => command.type)).toEqual(
      savedInLocalStorage.map((mutation) => mutation.mutationKey.join('.')),
    )
    await outbox.drain()

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(SENT)
    expect(calls.map((call) => (call.body as { operationId: string }).operationId)).toEqual(operationIds)
    // What each carried, as the old build would have sent it.
    expect(calls[2]!.body).toEqual({ id: '7', language: 'fr', operationId: operationIds[2] })
    expect(calls[1]!.body).toEqual({ ids: ['n1', 'n2'], operationId: operationIds[1] })
    expect(calls[7]!.body).toEqual({ propertyIds: ['p1'], operationId: operationIds[7] })
    expect(readOutbox('7')).toEqual([])
  })

  it('is moved once: the old copies are gone, and the next page load sends nothing again', async () => {
    await set(CACHE, JSON.stringify(savedInIndexedDb))
    localStorage.setItem(COPY, JSON.stringify(savedInLocalStorage))
    await updatedPageLoad()
    expect(localStorage.getItem(COPY)).toBeNull()
    const stored = JSON.parse((await get<string>(CACHE))!) as typeof savedInIndexedDb
    expect(stored.clientState.mutations).toEqual([])

    await updatedPageLoad()
    expect(readOutbox('7')).toHaveLength(savedInLocalStorage.length)
  })

  it('is taken from IndexedDB when the page left no synchronous copy', async () => {
    await set(CACHE, JSON.stringify(savedInIndexedDb))
    const calls = answerEverything()
    await (await updatedPageLoad()).drain()
    expect(calls.map((call) => (call.body as { operationId: string }).operationId)).toEqual(operationIds)
  })

  it('goes behind the commands already in the outbox, and adds none it holds already', async () => {
    const first = commandOfSavedMutation(savedInLocalStorage[0])!
    writeDevice(outboxEntry('7'), [
      {
        type: 'booking.cancel-request',
        operationId: 'made-since',
        madeAt: Date.now(),
        payload: { bookingId: 'b2' },
      },
      first,
    ])
    localStorage.setItem(COPY, JSON.stringify(savedInLocalStorage))
    await updatedPageLoad()
    const ids = readDevice(outboxEntry('7')).map((command) => command.operationId)
    expect(ids).toEqual(['made-since', ...operationIds])
  })

  it('reads nothing that was no change of the queue', () => {
    const [saved] = savedInLocalStorage
    expect(
      commandOfSavedMutation({ ...saved, state: { ...saved!.state, status: 'success' } }),
    ).toBeUndefined()
    expect(commandOfSavedMutation({ ...saved, mutationKey: ['booking'] })).toBeUndefined()
    expect(
      commandOfSavedMutation({ ...saved, state: { ...saved!.state, variables: { bookingId: 'b1' } } }),
    ).toBeUndefined()
    expect(commandOfSavedMutation('damaged')).toBeUndefined()
  })
})
