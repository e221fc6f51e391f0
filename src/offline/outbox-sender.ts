// The outbox's sending loop (src/offline/outbox.ts, `Outbox.drain`; what it reads of its outbox is ./commands.ts's `OutboxInside`): loaded once a command is written, or
// when one waits as the app starts, so that a first visit's page goes without it and without the kinds it
// sends (src/app/outbox-commands.ts, loaded by the loop when it meets a command of a kind it was not given).
import { onlineManager } from '@tanstack/react-query'

import { QUEUED_CHANGE_MAX_AGE_MS } from '@/domain/constants'
import { ApiError, NetworkError } from '@/lib/api-client'
import {
  DEVICE_ENTRIES,
  fits,
  outboxEntry,
  readDevice,
  removeDevice,
  type StoredCommand,
  writeDevice,
} from '@/lib/device-store'

import { type AnyCommandKind, type CommandKind, type OutboxInside, readOutbox } from './commands'

/** Longest wait between two sends of a command that found no server. */
const MAX_BACKOFF_MS = 30_000

const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Resolves once the browser says it is online (at once if it does). */
function whenOnline(): Promise<void> {
  if (onlineManager.isOnline()) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) return
      unsubscribe()
      resolve()
    })
  })
}

/** The Web Lock a tab's loop holds while it sends. */
const OUTBOX_LOCK = 'haven-outbox'

/**
 * Sends what waits, in order, until the outbox is empty; one loop at a time across the device's tabs (a Web
 * Lock, where the browser has them): another tab's loop sends the commands of both.
 */
export function sendWaiting(outbox: OutboxInside): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  const run = () => runLoop(outbox)
  return locks ? locks.request(OUTBOX_LOCK, run) : run()
}

/** A visitor's command, or one the device's storage refused: sent at once, outside the outbox. */
export async function sendAlone<P extends object, A>(
  outbox: OutboxInside,
  kind: CommandKind<P, A>,
  command: StoredCommand,
): Promise<A> {
  const payload = command.payload as P
  try {
    const answer = await kind.send(payload, command.operationId)
    await settle(outbox, kind, payload, answer)
    return answer
  } catch (error) {
    if (error instanceof ApiError) await refuse(outbox, kind, payload, error)
    throw error
  }
}

async function refuse(outbox: OutboxInside, kind: AnyCommandKind, payload: object, error: ApiError) {
  outbox.hooks.tellRefusal?.(error, kind)
  outbox.refused(error)
  try {
    await kind.refused?.(outbox.queryClient, payload)
  } catch {
    // The undo could not read the server's copy (offline again): the next read of it shows it.
  }
}

/** Writes the server's answer into the reads; a failure there loses no command (it is answered). */
async function settle(outbox: OutboxInside, kind: AnyCommandKind, payload: object, answer: unknown) {
  try {
    await kind.settle?.(outbox.queryClient, payload, answer)
  } catch {
    // The reads are asked again once the outbox is empty.
  }
}

/** Takes a command out of the outbox, whatever was added behind it meanwhile. */
function remove(userId: string, operationId: string): void {
  const commands = readOutbox(userId)
  // Gone already (sign-out forgot the outbox while the command was on its way): nothing is written back.
  if (!commands.some((command) => command.operationId === operationId)) return
  const rest = commands.filter((command) => command.operationId !== operationId)
  if (rest.length > 0) writeDevice(outboxEntry(userId), rest)
  else removeDevice(outboxEntry(userId))
}

async function runLoop(outbox: OutboxInside): Promise<void> {
  let sent = false
  let failures = 0
  while (!outbox.closed()) {
    const userId = readDevice(DEVICE_ENTRIES.user)?._id
    const head = readOutbox(userId)[0]
    if (!userId || !head) {
      outbox.setStatus({ sending: null, stalled: false })
      break
    }
    const kind = await outbox.kindOf(head.type)
    const tooOld = Date.now() - head.madeAt > QUEUED_CHANGE_MAX_AGE_MS
    if (!kind || !fits(head.payload, kind.payload) || tooOld) {
      // Of no kind this build sends, or of no shape it can send, or older than the server's memory of its
      // operation id: never sent.
      remove(userId, head.operationId)
      outbox.settleWaiter(head.operationId, { error: new Error(`Command ${head.type} was dropped.`) })
      continue
    }
    if (!onlineManager.isOnline()) {
      // Offline: the outbox is read again once online (sign-out may have forgotten it meanwhile).
      outbox.setStatus({ sending: head.operationId, stalled: true })
      await whenOnline()
      continue
    }
    outbox.setStatus({ sending: head.operationId, stalled: false })
    try {
      const answer: unknown = await kind.send(head.payload, head.operationId)
      failures = 0
      sent = true
      remove(userId, head.operationId)
      await settle(outbox, kind, head.payload, answer)
      outbox.settleWaiter(head.operationId, { answer })
    } catch (error) {
      if (error instanceof NetworkError) {
        // No answer: the same command again, later, and nothing behind it before it.
        outbox.hooks.onNetworkError?.()
        failures += 1
        outbox.setStatus({ sending: head.operationId, stalled: true })
        await (outbox.hooks.wait ?? waitFor)(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)))
        continue
      }
      sent = true
      remove(userId, head.operationId)
      if (error instanceof ApiError) await refuse(outbox, kind, head.payload, error)
      outbox.settleWaiter(head.operationId, { error })
    }
  }
  // The reads answered while commands waited leave them out: asked again, now that the server has them all.
  if (sent) await outbox.queryClient.invalidateQueries()
}
