// The outbox (docs/architecture.md, Offline design): the user's changes, written to the device first, then
// sent to the server one after the other, in the order they were made, each with its operation id.
//
// - A command kind (`CommandKind`) says what one change carries and how it is sent: a feature declares its
//   own beside its screens (`*-commands.ts`, exported as `COMMAND_KINDS`); src/app/outbox-commands.ts finds them.
// - A button calls `outbox.add(kind, payload)`: the command is in localStorage (src/lib/device-store.ts,
//   `outboxEntry`) before the next line runs, with a new operation id.
// - One loop (`Outbox.drain`, in src/offline/outbox-sender.ts) sends the oldest command, waits for its answer,
//   removes it, and goes on with the next. A command on its way when the page went is sent again by the next
//   page: its operation id makes the server apply it once. The loop, and the list of kinds it sends what a
//   page before this one left with, load when there is something to send: not with a first visit's page.
// - What the screens show: TanStack Query's reads, with the commands still waiting folded over them
//   (`usePending`), the same way on every screen. A command the server answered writes its effect into the
//   reads (`settle`); once the outbox is empty, the reads are asked again.
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

import type { ApiError } from '@/lib/api-client'
import {
  fits,
  outboxEntry,
  queueMirror,
  readDevice,
  type StoredCommand,
  subscribeDevice,
  writeDevice,
} from '@/lib/device-store'

import {
  type AnyCommandKind,
  type CommandKind,
  type CommandKinds,
  deviceUserId,
  type OutboxHooks,
  type OutboxInside,
  type OutboxStatus,
  readOutbox,
} from './commands'

// What a feature declares its commands with comes from here too: one door to the outbox.
export type { AnyCommandKind, Command, CommandKind, OutboxHooks, OutboxStatus } from './commands'
export { readOutbox } from './commands'

const IDLE: OutboxStatus = { sending: null, stalled: false }

const NO_COMMANDS: readonly StoredCommand[] = []

interface Waiter {
  resolve: (answer: unknown) => void
  reject: (error: unknown) => void
}

/** The outboxes not closed: a test closes them all, so that none sends into the next test. */
const openOutboxes = new Set<Outbox>()

/** Closes every outbox (tests, after each: src/test/setup.ts). */
export function closeOutboxes(): void {
  for (const outbox of [...openOutboxes]) outbox.close()
}

/** The loop that sends (src/offline/outbox-sender.ts): loaded once something is to be sent, not before. */
const loadSender = () => import('./outbox-sender')

export class Outbox {
  private readonly kinds = new Map<string, AnyCommandKind>()
  private loadKinds: (() => Promise<readonly AnyCommandKind[]>) | null = null
  private running: Promise<void> | null = null
  private readonly waiters = new Map<string, Waiter>()
  private state: OutboxStatus = IDLE
  private closed = false
  private readonly listeners = new Set<() => void>()
  private readonly refusalListeners = new Set<(error: ApiError) => void>()
  private readonly inside: OutboxInside

  constructor(
    readonly queryClient: QueryClient,
    kinds: CommandKinds,
    hooks: OutboxHooks = {},
  ) {
    if (typeof kinds === 'function') this.loadKinds = kinds
    else this.learn(kinds)
    this.inside = {
      queryClient,
      hooks,
      closed: () => this.closed,
      kindOf: (type) => this.kindOf(type),
      setStatus: (next) => this.setStatus(next),
      settleWaiter: (operationId, outcome) => this.settleWaiter(operationId, outcome),
      refused: (error) => {
        for (const listener of this.refusalListeners) listener(error)
      },
    }
    openOutboxes.add(this)
  }

  private learn(kinds: readonly AnyCommandKind[]): void {
    for (const kind of kinds) if (!this.kinds.has(kind.type)) this.kinds.set(kind.type, kind)
  }

  private async kindOf(type: string): Promise<AnyCommandKind | undefined> {
    const load = this.loadKinds
    if (!this.kinds.has(type) && load) {
      this.loadKinds = null
      this.learn(await load())
    }
    return this.kinds.get(type)
  }

  /**
   * Writes a command to the device and starts sending. Resolves with the server's answer, rejects with its
   * refusal (a page closed before either never hears of it: the next one sends the command all the same).
   * A visitor, or a device whose storage refuses the command, sends it at once, outside the outbox.
   */
  add<P extends object, A>(kind: CommandKind<P, A>, payload: NoInfer<P>): Promise<A> {
    // Known from now on: the loop sends it without loading the app's list of kinds.
    this.learn([kind as AnyCommandKind])
    const command: StoredCommand = {
      type: kind.type,
      operationId: crypto.randomUUID(),
      madeAt: Date.now(),
      payload: payload as Record<string, unknown>,
    }
    const userId = deviceUserId()
    const stored = userId ? writeDevice(outboxEntry(userId), [...readOutbox(userId), command]) : false
    if (!stored) return loadSender().then(({ sendAlone }) => sendAlone(this.inside, kind, command))
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

  /** Calls `listener` with every refusal the server answers a command with (the session's watch of 401s). */
  readonly subscribeRefusals = (listener: (error: ApiError) => void): (() => void) => {
    this.refusalListeners.add(listener)
    return () => this.refusalListeners.delete(listener)
  }

  private setStatus(next: OutboxStatus): void {
    if (next.sending === this.state.sending && next.stalled === this.state.stalled) return
    this.state = next
    for (const listener of this.listeners) listener()
  }

  private settleWaiter(operationId: string, outcome: { answer: unknown } | { error: unknown }): void {
    const waiter = this.waiters.get(operationId)
    this.waiters.delete(operationId)
    if (!waiter) return
    if ('answer' in outcome) waiter.resolve(outcome.answer)
    else waiter.reject(outcome.error)
  }

  /**
   * Sends what waits, in order, until the outbox is empty (`sendWaiting`, src/offline/outbox-sender.ts): one
   * loop at a time. An empty outbox loads nothing: a first visit never loads the loop nor the kinds.
   */
  drain(): Promise<void> {
    if (this.running) return this.running
    if (this.closed || readOutbox().length === 0) return Promise.resolve()
    const running = loadSender()
      .then(({ sendWaiting }) => sendWaiting(this.inside))
      .then(() => {
        this.running = null
        // Added while the loop was reading the reads again: sent now.
        if (!this.closed && readOutbox().length > 0) void this.drain()
      })
      .catch(() => {
        // The loop's chunk could not load (offline, before the worker kept it): the commands stay on the
        // device, for the next drain (the next page, or the next command).
        this.running = null
      })
    this.running = running
    return running
  }
}

// ---- What the screens read

const outboxes = new WeakMap<QueryClient, Outbox>()

/**
 * Starts the app's outbox on its query client, with every kind of command the app makes (src/main.tsx loads
 * src/app/outbox-commands.ts when a command needs it): the ones a page before this one left are sent once the
 * cache is restored.
 */
export function startOutbox(queryClient: QueryClient, kinds: CommandKinds, hooks: OutboxHooks = {}): Outbox {
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
  // A queue an older build saved, in its synchronous copy: moved into the outbox (src/offline/saved-queue.ts,
  // loaded only then) before the session check reads it (`savedQueueMoved`).
  const userId = deviceUserId()
  if (userId && readDevice(queueMirror(userId))?.length) {
    savedCopyMoved = import('./saved-queue')
      .then(({ moveSavedCopy }) => moveSavedCopy(userId))
      .catch(() => {
        // Its chunk could not load: the restore of the persisted cache moves it (src/offline/persister.ts).
      })
  }
  return outbox
}

let savedCopyMoved: Promise<void> = Promise.resolve()

/** Resolves once a queue an older build saved is in the outbox (at once when there was none). */
export const savedQueueMoved = (): Promise<void> => savedCopyMoved

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
