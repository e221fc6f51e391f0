// The offline queue as the builds before the outbox saved it, moved into the outbox (src/offline/outbox.ts)
// once, when the persisted cache is restored (src/offline/persister.ts): changes a user made before an update
// are sent by the new build.
//
// Those builds kept each waiting change as a paused TanStack Query mutation, dehydrated: in the cache's
// IndexedDB entry (`clientState.mutations`) and in a synchronous copy in localStorage (`queueMirror`,
// src/lib/device-store.ts), the newer of the two. A mutation's key was `[root, name]` and its variables
// carried the operation id; a command's type is that key, `root.name` (each kind keeps its old key's name),
// and its payload the variables without the operation id, which the command keeps as its own.
import type { PersistedClient } from '@tanstack/react-query-persist-client'

import {
  outboxEntry,
  queueMirror,
  readDevice,
  removeDevice,
  type StoredCommand,
  writeDevice,
} from '@/lib/device-store'

type SavedMutation = PersistedClient['clientState']['mutations'][number]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A saved mutation as a command; undefined for what was no change of the queue's. */
export function commandOfSavedMutation(mutation: unknown, now = Date.now()): StoredCommand | undefined {
  if (!isRecord(mutation) || !isRecord(mutation.state)) return undefined
  const { mutationKey } = mutation
  const { variables, submittedAt, status } = mutation.state
  if (status !== 'pending' || !Array.isArray(mutationKey) || mutationKey.length !== 2) return undefined
  if (!mutationKey.every((part) => typeof part === 'string')) return undefined
  if (!isRecord(variables) || typeof variables.operationId !== 'string' || !variables.operationId)
    return undefined
  const { operationId, ...payload } = variables
  return {
    type: mutationKey.join('.'),
    operationId,
    // A change of unknown age is kept: only one known to be too old is dropped (src/offline/outbox.ts).
    madeAt: typeof submittedAt === 'number' && submittedAt > 0 ? submittedAt : now,
    payload,
  }
}

/** Puts `saved` behind the outbox's commands (one it holds already is not added again); false if storage refused. */
function moveIntoOutbox(userId: string, saved: readonly unknown[], now: number): boolean {
  const outbox = outboxEntry(userId)
  const known = new Set(readDevice(outbox).map((command) => command.operationId))
  const commands = saved
    .map((mutation) => commandOfSavedMutation(mutation, now))
    .filter((command): command is StoredCommand => command !== undefined && !known.has(command.operationId))
  return commands.length === 0 || writeDevice(outbox, [...readDevice(outbox), ...commands])
}

/**
 * At the app's start, before anything reads the outbox (the session check on load): the synchronous copy's
 * changes are moved, and an empty copy stays, so that the restore (`moveSavedQueue`) takes the queue from it
 * and not from the older one in IndexedDB.
 */
export function moveSavedCopy(userId: string, now = Date.now()): void {
  const copy = readDevice(queueMirror(userId)) as unknown[] | undefined
  if (copy && copy.length > 0 && moveIntoOutbox(userId, copy, now)) writeDevice(queueMirror(userId), [])
}

/**
 * When the persisted cache is restored: moves `userId`'s saved queue into their outbox, behind what it holds,
 * and forgets the synchronous copy. Returns the stored client without its queue, which the persister writes
 * back.
 */
export function moveSavedQueue(
  userId: string,
  stored: PersistedClient | undefined,
  now = Date.now(),
): PersistedClient | undefined {
  // The synchronous copy is at least as new as IndexedDB's (written first, on every change).
  const copy = readDevice(queueMirror(userId)) as unknown[] | undefined
  const moved = moveIntoOutbox(userId, copy ?? stored?.clientState.mutations ?? [], now)
  // Storage full: the old copy stays, for a next page load to move.
  if (copy && moved) removeDevice(queueMirror(userId))
  return stored && stored.clientState.mutations.length > 0
    ? { ...stored, clientState: { ...stored.clientState, mutations: [] as SavedMutation[] } }
    : stored
}
