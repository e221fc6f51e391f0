// The outbox (docs/architecture.md, Offline design): the user's changes, written to the device first, then
// sent to the server one after the other, in the order they were made, each with its operation id.
//
// - A command kind (`CommandKind`) says what one change carries and how it is sent: a feature declares its
//   own beside its screens (`*-commands.ts`), and src/app/outbox-commands.ts lists them all.
// - A button calls `outbox.add(kind, payload)`: the command is in localStorage (src/lib/device-store.ts,
//   `outboxEntry`) before the next line runs, with a new operation id.
// - One loop (`Outbox.drain`) sends the oldest command, waits for its answer, removes it, and goes on with the
//   next. A command on its way when the page went is sent again by the next page: its operation id makes the
//   server apply it once.
// - What the screens show: TanStack Query's reads, with the commands still waiting folded over them
//   (`usePending`), the same way on every screen. A command the server answered writes its effect into the
//   reads (`settle`); once the outbox is empty, the reads are asked again.
import type { MessageDescriptor } from '@lingui/core'
import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import { QUEUED_CHANGE_MAX_AGE_MS } from '@/domain/constants'
import { ApiError, NetworkError } from '@/lib/api-client'
import {
  DEVICE_ENTRIES,
  fits,
  outboxEntry,
  readDevice,
  removeDevice,
  type Shape,
  type StoredCommand,
  subscribeDevice,
  writeDevice,
} from '@/lib/device-store'
import type { QueryClientHooks } from '@/lib/query-client'

import { moveSavedCopy } from './saved-queue'

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
function deviceUserId(): string | undefined {
  return readDevice(DEVICE_ENTRIES.user)?._id
}

const NO_COMMANDS: readonly StoredCommand[] = []

/** The commands waiting on this device for `userId`, oldest first. */
export function readOutbox(userId: string | undefined = deviceUserId()): readonly StoredCommand[] {
  return userId ? readDevice(outboxEntry(userId)) : NO_COMMANDS
}

/** Longest wait between two sends of a command that found no server. */
const MAX_BACKOFF_MS = 30_000

export interface OutboxHooks extends QueryClientHooks {
  /** Tells the user that the server refused a command (its effect is undone). */
  tellRefusal?: (error: ApiError, kind: AnyCommandKind) => void
  /** Waits before a command that found no server is sent again (tests give a clock of their own). */
  wait?: (ms: number) => Promise<void>
}

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

interface Waiter {
  resolve: (answer: unknown) => void
  reject: (error: unknown) => void
}

/** The Web Lock a tab's loop holds while it sends. */
const OUTBOX_LOCK = 'haven-outbox'

/** What the loop is doing: the command on its way (none when idle), and whether it waits for the network. */
export interface OutboxStatus {
  readonly sending: string | null
  readonly stalled: boolean
}

const IDLE: OutboxStatus = { sending: null, stalled: false }

/** The outboxes not closed: a test closes them all, so that none sends into the next test. */
const openOutboxes = new Set<Outbox>()

/** Closes every outbox (tests, after each: src/test/setup.ts). */
export function closeOutboxes(): void {
  for (const outbox of [...openOutboxes]) outbox.close()
}

export class Outbox {
  private readonly kinds: Map<string, AnyCommandKind>
  private running: Promise<void> | null = null
  private readonly waiters = new Map<string, Waiter>()
  private state: OutboxStatus = IDLE
  private closed = false
  private readonly listeners = new Set<() => void>()

  constructor(
    readonly queryClient: QueryClient,
    kinds: readonly AnyCommandKind[],
    private readonly hooks: OutboxHooks = {},
  ) {
    this.kinds = new Map(kinds.map((kind) => [kind.type, kind]))
    openOutboxes.add(this)
  }

  /**
   * Writes a command to the device and starts sending. Resolves with the server's answer, rejects with its
   * refusal (a page closed before either never hears of it: the next one sends the command all the same).
   * A visitor, or a device whose storage refuses the command, sends it at once, outside the outbox.
   */
  add<P extends object, A>(kind: CommandKind<P, A>, payload: NoInfer<P>): Promise<A> {
    // Known from now on, though the app's list (`startOutbox`) holds it already.
    if (!this.kinds.has(kind.type)) this.kinds.set(kind.type, kind as AnyCommandKind)
    const command: StoredCommand = {
      type: kind.type,
      operationId: crypto.randomUUID(),
      madeAt: Date.now(),
      payload: payload as Record<string, unknown>,
    }
    const userId = deviceUserId()
    const stored = userId ? writeDevice(outboxEntry(userId), [...readOutbox(userId), command]) : false
    if (!stored) return this.sendAlone(kind, command)
    const answer = new Promise<A>((resolve, reject) => {
      this.waiters.set(command.operationId, { resolve: resolve as (answer: unknown) => void, reject })
    })
    void this.drain()
    return answer
  }

  /** Sends nothing more from this page (tests: the page goes, and the next one sends what is left). */
  close(): void {
    this.closed = true
    openOutboxes.delete(this)
  }

  /** What the loop is doing (`useOutboxStatus`). */
  readonly status = (): OutboxStatus => this.state

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private setStatus(next: OutboxStatus): void {
    if (next.sending === this.state.sending && next.stalled === this.state.stalled) return
    this.state = next
    for (const listener of this.listeners) listener()
  }

  /**
   * Sends what waits, in order, until the outbox is empty; one loop at a time, in this tab and across the
   * device's tabs (a Web Lock, where the browser has them): another tab's loop sends the commands of both.
   */
  drain(): Promise<void> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
    const run = () => this.run()
    this.running ??= (locks ? locks.request(OUTBOX_LOCK, run) : run()).finally(() => {
      this.running = null
      // Added while the loop was reading the reads again: sent now.
      if (!this.closed && readOutbox().length > 0) void this.drain()
    })
    return this.running
  }

  private async sendAlone<P extends object, A>(kind: CommandKind<P, A>, command: StoredCommand): Promise<A> {
    const payload = command.payload as P
    try {
      const answer = await kind.send(payload, command.operationId)
      await this.settle(kind, payload, answer)
      return answer
    } catch (error) {
      if (error instanceof ApiError) await this.refuse(kind, payload, error)
      throw error
    }
  }

  private readonly refusalListeners = new Set<(error: ApiError) => void>()

  /** Calls `listener` with every refusal the server answers a command with (the session's watch of 401s). */
  readonly subscribeRefusals = (listener: (error: ApiError) => void): (() => void) => {
    this.refusalListeners.add(listener)
    return () => this.refusalListeners.delete(listener)
  }

  private async refuse(kind: AnyCommandKind, payload: object, error: ApiError): Promise<void> {
    this.hooks.tellRefusal?.(error, kind)
    for (const listener of this.refusalListeners) listener(error)
    try {
      await kind.refused?.(this.queryClient, payload)
    } catch {
      // The undo could not read the server's copy (offline again): the next read of it shows it.
    }
  }

  /** Writes the server's answer into the reads; a failure there loses no command (it is answered). */
  private async settle(kind: AnyCommandKind, payload: object, answer: unknown): Promise<void> {
    try {
      await kind.settle?.(this.queryClient, payload, answer)
    } catch {
      // The reads are asked again once the outbox is empty.
    }
  }

  /** Takes a command out of the outbox, whatever was added behind it meanwhile. */
  private remove(userId: string, operationId: string): void {
    const commands = readOutbox(userId)
    // Gone already (sign-out forgot the outbox while the command was on its way): nothing is written back.
    if (!commands.some((command) => command.operationId === operationId)) return
    const rest = commands.filter((command) => command.operationId !== operationId)
    if (rest.length > 0) writeDevice(outboxEntry(userId), rest)
    else removeDevice(outboxEntry(userId))
  }

  private settleWaiter(operationId: string, outcome: { answer: unknown } | { error: unknown }): void {
    const waiter = this.waiters.get(operationId)
    this.waiters.delete(operationId)
    if (!waiter) return
    if ('answer' in outcome) waiter.resolve(outcome.answer)
    else waiter.reject(outcome.error)
  }

  private async run(): Promise<void> {
    let sent = false
    let failures = 0
    while (!this.closed) {
      const userId = deviceUserId()
      const head = readOutbox(userId)[0]
      if (!userId || !head) {
        this.setStatus(IDLE)
        break
      }
      const kind = this.kinds.get(head.type)
      const tooOld = Date.now() - head.madeAt > QUEUED_CHANGE_MAX_AGE_MS
      if (!kind || !fits(head.payload, kind.payload) || tooOld) {
        // Of no kind this build sends, or of no shape it can send, or older than the server's memory of its
        // operation id: never sent.
        this.remove(userId, head.operationId)
        this.settleWaiter(head.operationId, { error: new Error(`Command ${head.type} was dropped.`) })
        continue
      }
      if (!onlineManager.isOnline()) {
        // Offline: the outbox is read again once online (sign-out may have forgotten it meanwhile).
        this.setStatus({ sending: head.operationId, stalled: true })
        await whenOnline()
        continue
      }
      this.setStatus({ sending: head.operationId, stalled: false })
      try {
        const answer: unknown = await kind.send(head.payload, head.operationId)
        failures = 0
        sent = true
        this.remove(userId, head.operationId)
        await this.settle(kind, head.payload, answer)
        this.settleWaiter(head.operationId, { answer })
      } catch (error) {
        if (error instanceof NetworkError) {
          // No answer: the same command again, later, and nothing behind it before it.
          this.hooks.onNetworkError?.()
          failures += 1
          this.setStatus({ sending: head.operationId, stalled: true })
          await (this.hooks.wait ?? waitFor)(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)))
          continue
        }
        sent = true
        this.remove(userId, head.operationId)
        if (error instanceof ApiError) await this.refuse(kind, head.payload, error)
        this.settleWaiter(head.operationId, { error })
      }
    }
    // The reads answered while commands waited leave them out: asked again, now that the server has them all.
    if (sent) await this.queryClient.invalidateQueries()
  }
}

// ---- What the screens read

const outboxes = new WeakMap<QueryClient, Outbox>()

/**
 * Starts the app's outbox on its query client, with every kind of command the app makes
 * (src/app/outbox-commands.ts): the ones a page before this one left are sent once the cache is restored.
 */
export function startOutbox(
  queryClient: QueryClient,
  kinds: readonly AnyCommandKind[],
  hooks: OutboxHooks = {},
): Outbox {
  const outbox = new Outbox(queryClient, kinds, {
    tellRefusal: (error, kind) => {
      import('./refusal-toast')
        .then(({ tellRefusal }) => tellRefusal(error, kind.refusalMessage))
        .catch(() => {
          // Only the toast is lost (its chunk could not load): the change was undone all the same.
        })
    },
    ...hooks,
  })
  outboxes.set(queryClient, outbox)
  // A queue an older build saved, in its synchronous copy: in the outbox before anything reads it.
  const userId = deviceUserId()
  if (userId) moveSavedCopy(userId)
  return outbox
}

/** The outbox of a query client (`startOutbox`; one that knows only the kinds added to it, if not started). */
export function outboxOf(queryClient: QueryClient): Outbox {
  let outbox = outboxes.get(queryClient)
  if (!outbox) outbox = startOutbox(queryClient, [])
  return outbox
}

/** The app's outbox. */
export function useOutbox(): Outbox {
  return outboxOf(useQueryClient())
}

/** The commands waiting for `userId` (the device's user by default), oldest first, as they change. */
export function usePendingCommands(userId?: string): readonly StoredCommand[] {
  const id = userId ?? deviceUserId()
  return useSyncExternalStore(
    (onChange) => (id ? subscribeDevice(outboxEntry(id), onChange) : () => undefined),
    () => readOutbox(id),
    () => NO_COMMANDS,
  )
}

/** A kind's commands as a screen uses them: send one, and whether one waits or is on its way. */
export function useCommand<P extends object, A>(kinds: CommandKind<P, A> | readonly CommandKind<P, A>[]) {
  const outbox = useOutbox()
  const status = useOutboxStatus()
  const list: readonly CommandKind<P, A>[] = Array.isArray(kinds) ? kinds : [kinds as CommandKind<P, A>]
  const mine = usePendingCommands().filter((command) => list.some((kind) => kind.type === command.type))
  return {
    /** Writes the command to the outbox; resolves with the server's answer, rejects with its refusal. */
    send: (kind: CommandKind<P, A>, payload: P) => outbox.add(kind, payload),
    /** One waits for the network. */
    waiting: mine.some((command) => isWaiting(command, status)),
    /** One is on its way. */
    sending: mine.some((command) => !isWaiting(command, status)),
  }
}

/** How one kind's command changes what the server said. */
export interface Fold<T, P extends object = never> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly kind: CommandKind<P, any>
  readonly apply: (value: T, payload: P) => T
}

/** Declares how `kind`'s commands change a `T` (typed by the kind's payload). */
export function fold<T, P extends object>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  kind: CommandKind<P, any>,
  apply: (value: T, payload: P) => T,
): Fold<T, P> {
  return { kind, apply }
}

/** `value` with `commands` applied over it, oldest first, by the folds that know their kind. */
export function foldCommands<T>(
  value: T,
  commands: readonly StoredCommand[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  folds: readonly Fold<T, any>[],
): T {
  return commands.reduce((shown, command) => {
    const found = folds.find((candidate) => candidate.kind.type === command.type)
    return found && fits(command.payload, found.kind.payload) ? found.apply(shown, command.payload) : shown
  }, value)
}

/**
 * What a screen shows: what the server said (a read), with the commands still waiting folded over it, so that
 * a read answered before the server has them shows no older state. Every screen goes through here.
 */
export function usePending<T>(
  value: T,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  folds: readonly Fold<NonNullable<T>, any>[],
): T {
  const commands = usePendingCommands()
  return value == null ? value : foldCommands(value as NonNullable<T>, commands, folds)
}

/** What the outbox's loop is doing, as it changes. */
export function useOutboxStatus(): OutboxStatus {
  const outbox = useOutbox()
  return useSyncExternalStore(outbox.subscribe, outbox.status, idle)
}

const idle = () => IDLE

/** Whether a command waits for the network: behind another, or its own send finding no server. */
export function isWaiting(command: StoredCommand, status: OutboxStatus): boolean {
  return status.stalled || status.sending !== command.operationId
}

/** How many changes wait for the network ("N changes waiting"): not the one on its way. */
export function useWaitingCommands(): number {
  const commands = usePendingCommands()
  const status = useOutboxStatus()
  return commands.filter((command) => isWaiting(command, status)).length
}
