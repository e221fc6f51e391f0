// What a command of the outbox is (src/offline/outbox.ts): its kind, as a feature declares it beside its
// screens, and the commands as this device holds them. Apart from the outbox so that its sending loop
// (./outbox-sender.ts, loaded on need) and the outbox itself both read it, and neither imports the other.
import type { MessageDescriptor } from '@lingui/core'
import type { QueryClient } from '@tanstack/react-query'

import type { ApiError } from '@/lib/api-client'
import { DEVICE_ENTRIES, outboxEntry, readDevice, type Shape, type StoredCommand } from '@/lib/device-store'
import type { QueryClientHooks } from '@/lib/query-client'

/** One kind of change the user can make offline. */
export interface CommandKind<P extends object, A = unknown> {
  /** Its name on the device: never changed once a build has written it. */
  readonly type: string
  /** What its payload looks like: a stored command that does not fit is dropped, never sent. */
  readonly payload: Shape<P>
  /** Sends it, with its operation id: the server applies an operation id once. */
  send(payload: P, operationId: string): Promise<A>
  /** Writes what the server applied into the reads, when it answered. */
  settle?(queryClient: QueryClient, payload: P, answer: A): unknown
  /** Undoes what the device showed at once (beyond the reads), when the server refused it. */
  refused?(queryClient: QueryClient, payload: P): unknown
  /** What the refusal toast says; by default, the server's refusal code translated. */
  readonly refusalMessage?: MessageDescriptor
}

// Variance: the list holds kinds of every payload; each command is checked against its own kind's shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommandKind = CommandKind<any, any>

/** A command waiting in the outbox, with its payload typed by its kind. */
export interface Command<P extends object = Record<string, unknown>> extends StoredCommand {
  payload: P & Record<string, unknown>
}

/** The signed-in user the device holds: the outbox is theirs. A visitor makes no command. */
export function deviceUserId(): string | undefined {
  return readDevice(DEVICE_ENTRIES.user)?._id
}

const NO_COMMANDS: readonly StoredCommand[] = []

/** The commands waiting on this device for `userId`, oldest first. */
export function readOutbox(userId: string | undefined = deviceUserId()): readonly StoredCommand[] {
  return userId ? readDevice(outboxEntry(userId)) : NO_COMMANDS
}

export interface OutboxHooks extends QueryClientHooks {
  /** Tells the user that the server refused a command (its effect is undone). */
  tellRefusal?: (error: ApiError, kind: AnyCommandKind) => void
  /** Waits before a command that found no server is sent again (tests give a clock of their own). */
  wait?: (ms: number) => Promise<void>
}

/** Every kind of command the app makes, or how to load them (src/app/outbox-commands.ts, loaded on need). */
export type CommandKinds = readonly AnyCommandKind[] | (() => Promise<readonly AnyCommandKind[]>)

/** What the loop is doing: the command on its way (none when idle), and whether it waits for the network. */
export interface OutboxStatus {
  readonly sending: string | null
  readonly stalled: boolean
}

/** What the sending loop (./outbox-sender.ts) reads and changes of its outbox; nothing else does. */
export interface OutboxInside {
  readonly queryClient: QueryClient
  readonly hooks: OutboxHooks
  readonly closed: () => boolean
  /** The kind of a command's type; the kinds not known yet are loaded once, when a command needs them. */
  readonly kindOf: (type: string) => Promise<AnyCommandKind | undefined>
  readonly setStatus: (next: OutboxStatus) => void
  readonly settleWaiter: (operationId: string, outcome: { answer: unknown } | { error: unknown }) => void
  /** Tells the refusal's listeners (`Outbox.subscribeRefusals`). */
  readonly refused: (error: ApiError) => void
}
