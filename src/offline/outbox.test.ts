// The outbox's loop: what the user did is on the device before anything is sent, is sent in order, once per
// answer, with the operation id it was made with, again after a reload, and never past a refusal's undo.
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { DAY_MS, QUEUED_CHANGE_MAX_AGE_MS } from '@/domain/constants'
import { ApiError, NetworkError } from '@/lib/api-client'
import { DEVICE_ENTRIES, outboxEntry, removeDevice, writeDevice } from '@/lib/device-store'

import { type CommandKind, fold, foldCommands, Outbox, readOutbox } from './outbox'

const ADA = { _id: '7', email: 'ada@example.com', fullName: 'Ada King' }

interface Rename {
  name: string
}

/** A command kind whose sends are recorded, and answered by `answer` (the name back, by default). */
function renameKind(answer: (payload: Rename) => Promise<unknown> = async ({ name }) => name) {
  const sent: { name: string; operationId: string }[] = []
  const settled: string[] = []
  const refused: string[] = []
  const kind: CommandKind<Rename, unknown> = {
    type: 'test.rename',
    payload: { name: '' },
    send: (payload, operationId) => {
      sent.push({ name: payload.name, operationId })
      return answer(payload)
    },
    settle: (_client, { name }) => settled.push(name),
    refused: (_client, { name }) => refused.push(name),
  }
  return { kind, sent, settled, refused }
}

/** A page: its query client and outbox, on the device's storage (a reload is a new one). */
function page(kinds: CommandKind<Rename, unknown>[], wait?: (ms: number) => Promise<void>) {
  const queryClient = new QueryClient()
  return new Outbox(queryClient, kinds, { wait })
}

beforeEach(() => {
  writeDevice(DEVICE_ENTRIES.user, {
    ...ADA,
    language: 'en',
    enableEmailNotifications: true,
    blacklisted: false,
  })
})

afterEach(() => {
  onlineManager.setOnline(true)
  localStorage.clear()
})

describe('the outbox', () => {
  it('holds a command on the device before it is sent, and sends the ones made offline in order', async () => {
    const { kind, sent, settled } = renameKind()
    onlineManager.setOnline(false)
    const outbox = page([kind])
    void outbox.add(kind, { name: 'Ada' })
    void outbox.add(kind, { name: 'Ada King' })
    expect(readOutbox('7').map((command) => command.payload)).toEqual([{ name: 'Ada' }, { name: 'Ada King' }])
    await Promise.resolve()
    expect(sent).toEqual([])

    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(readOutbox('7')).toEqual([]))
    expect(sent.map(({ name }) => name)).toEqual(['Ada', 'Ada King'])
    expect(settled).toEqual(['Ada', 'Ada King'])
    // Each with the operation id it was made with, its own.
    const stored = sent.map(({ operationId }) => operationId)
    expect(new Set(stored).size).toBe(2)
  })

  it('sends a later command only once the earlier one is answered', async () => {
    let answerFirst: (() => void) | undefined
    const { kind, sent } = renameKind(({ name }) =>
      name === 'first'
        ? new Promise((resolve) => (answerFirst = () => resolve(name)))
        : Promise.resolve(name),
    )
    const outbox = page([kind])
    void outbox.add(kind, { name: 'first' })
    void outbox.add(kind, { name: 'second' })
    await vi.waitFor(() => expect(sent.map(({ name }) => name)).toEqual(['first']))
    answerFirst!()
    await vi.waitFor(() => expect(sent.map(({ name }) => name)).toEqual(['first', 'second']))
  })

  it('sends what a page left unanswered from the next page, with the same operation id', async () => {
    const { kind, sent } = renameKind(() => new Promise(() => undefined))
    void page([kind]).add(kind, { name: 'Ada' })
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    // The page goes before the answer comes: the next one sends it again.
    const next = renameKind()
    await page([next.kind]).drain()
    expect(next.sent).toEqual([{ name: 'Ada', operationId: sent[0]!.operationId }])
    expect(readOutbox('7')).toEqual([])
  })

  it('sends a command that found no server again, and nothing behind it before it', async () => {
    let reachable = false
    const { kind, sent } = renameKind(async ({ name }) => {
      if (!reachable) throw new NetworkError()
      return name
    })
    const waits: number[] = []
    const outbox = page([kind], async (ms) => {
      waits.push(ms)
      if (waits.length === 3) reachable = true
    })
    void outbox.add(kind, { name: 'first' })
    void outbox.add(kind, { name: 'second' })
    await vi.waitFor(() => expect(readOutbox('7')).toEqual([]))
    expect(sent.map(({ name }) => name)).toEqual(['first', 'first', 'first', 'first', 'second'])
    expect(new Set(sent.slice(0, 4).map(({ operationId }) => operationId)).size).toBe(1)
    // Waiting longer each time.
    expect(waits).toEqual([1000, 2000, 4000])
  })

  it('undoes a refused command, says so, and goes on with the next', async () => {
    const { kind, sent, refused, settled } = renameKind(async ({ name }) => {
      if (name === 'refused') throw new ApiError(422, 'validation_error', 'No.')
      return name
    })
    const told: string[] = []
    const outbox = new Outbox(new QueryClient(), [kind], { tellRefusal: (error) => told.push(error.code) })
    const refusal = outbox.add(kind, { name: 'refused' })
    void outbox.add(kind, { name: 'kept' })
    await expect(refusal).rejects.toBeInstanceOf(ApiError)
    await vi.waitFor(() => expect(readOutbox('7')).toEqual([]))
    expect(sent.map(({ name }) => name)).toEqual(['refused', 'kept'])
    expect(refused).toEqual(['refused'])
    expect(settled).toEqual(['kept'])
    expect(told).toEqual(['validation_error'])
  })

  it('never sends a command of no known kind, of another shape, or older than the server remembers', async () => {
    const { kind, sent } = renameKind()
    const now = Date.now()
    writeDevice(outboxEntry('7'), [
      { type: 'test.unknown', operationId: 'a', madeAt: now, payload: { name: 'x' } },
      { type: 'test.rename', operationId: 'b', madeAt: now, payload: { name: 7 } },
      {
        type: 'test.rename',
        operationId: 'c',
        madeAt: now - QUEUED_CHANGE_MAX_AGE_MS - DAY_MS,
        payload: { name: 'old' },
      },
      { type: 'test.rename', operationId: 'd', madeAt: now - DAY_MS, payload: { name: 'kept' } },
    ])
    await page([kind]).drain()
    expect(sent).toEqual([{ name: 'kept', operationId: 'd' }])
  })

  it('writes nothing back once sign-out forgot the outbox while a command was on its way', async () => {
    let answer: () => void = () => undefined
    const { kind, sent } = renameKind(({ name }) => new Promise((resolve) => (answer = () => resolve(name))))
    const sending = page([kind]).add(kind, { name: 'Ada' })
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    removeDevice(outboxEntry('7'))
    answer()
    await sending
    expect(localStorage.getItem(outboxEntry('7').key)).toBeNull()
  })

  it('sends nothing that sign-out forgot while it waited for the network', async () => {
    const { kind, sent } = renameKind()
    onlineManager.setOnline(false)
    const outbox = page([kind])
    void outbox.add(kind, { name: 'Ada' }).catch(() => undefined)
    removeDevice(outboxEntry('7'))
    onlineManager.setOnline(true)
    await outbox.drain()
    expect(sent).toEqual([])
  })

  it('reads the server’s data again once everything is sent', async () => {
    const { kind } = renameKind()
    const outbox = page([kind])
    const invalidate = vi.spyOn(outbox.queryClient, 'invalidateQueries')
    await outbox.add(kind, { name: 'Ada' })
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1))
  })
})

describe('the kinds of command, loaded on need', () => {
  it('loads none while nothing waits, and once for what a page before this one left', async () => {
    const { kind, sent } = renameKind()
    const loadKinds = vi.fn(async () => [kind])
    // A first visit: nothing waits, nothing is loaded.
    await new Outbox(new QueryClient(), loadKinds).drain()
    expect(loadKinds).not.toHaveBeenCalled()

    const now = Date.now()
    writeDevice(outboxEntry('7'), [
      { type: 'test.rename', operationId: 'a', madeAt: now, payload: { name: 'Ada' } },
      { type: 'test.rename', operationId: 'b', madeAt: now, payload: { name: 'Ada King' } },
    ])
    await new Outbox(new QueryClient(), loadKinds).drain()
    expect(sent.map(({ name }) => name)).toEqual(['Ada', 'Ada King'])
    expect(loadKinds).toHaveBeenCalledTimes(1)
  })

  it('sends a command of the kind a button gave without loading the others', async () => {
    const { kind, sent } = renameKind()
    const loadKinds = vi.fn(async () => [])
    await new Outbox(new QueryClient(), loadKinds).add(kind, { name: 'Ada' })
    expect(sent.map(({ name }) => name)).toEqual(['Ada'])
    expect(loadKinds).not.toHaveBeenCalled()
  })
})

describe('folding the commands still waiting', () => {
  it('shows each over what the server said, oldest first, by the folds that know its kind', () => {
    const { kind } = renameKind()
    const folds = [fold(kind, (value: string[], { name }) => [...value, name])]
    const commands = [
      { type: 'test.rename', operationId: 'a', madeAt: 1, payload: { name: 'one' } },
      { type: 'test.other', operationId: 'b', madeAt: 2, payload: { name: 'none' } },
      { type: 'test.rename', operationId: 'c', madeAt: 3, payload: { name: 'two' } },
    ]
    expect(foldCommands(['server'], commands, folds)).toEqual(['server', 'one', 'two'])
  })
})
