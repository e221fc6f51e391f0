// The offline queue's registry (docs/architecture.md, Offline design). A mutation restored from IndexedDB
// after a reload has lost its function: only its key and variables were saved. Every mutation that must
// survive going offline is therefore defined here, by key, and installed with `setMutationDefaults` BEFORE
// the cache is restored; `resumeQueuedMutations` then replays the queue once the client is back online.
import type { MessageDescriptor } from '@lingui/core'
import {
  hashKey,
  type Mutation,
  type MutationKey,
  type MutationScope,
  type QueryClient,
  type QueryKey,
  useIsMutating,
  type UseMutationOptions,
  useMutationState,
} from '@tanstack/react-query'

import { ApiError } from '@/lib/api-client'
import { type QueryClientHooks, QUEUED_WRITE_RETRIES, retryOnNetworkError } from '@/lib/query-client'

/**
 * What every queued write carries: an id made once, when the user acts, and sent with each delivery, so the
 * server applies a write delivered twice (a replay after a lost answer) only once.
 */
export interface OperationStamp {
  operationId: string
}

export type Queued<TVariables> = TVariables & OperationStamp

/** Stamps a write with a new operation id: call it once per user action, where the write is started. */
export function withOperationId<TVariables extends object>(variables: TVariables): Queued<TVariables> {
  return { ...variables, operationId: crypto.randomUUID() }
}

export interface MutationDefinition<TVariables, TData> {
  readonly mutationKey: MutationKey
  readonly mutationFn: (variables: Queued<TVariables>) => Promise<TData>
  /**
   * Undoes what the write showed at once, when the server refuses it after a reload (the screen that made
   * it, and its own `onError`, are gone by then).
   */
  readonly onRefused?: (variables: Queued<TVariables>, queryClient: QueryClient) => unknown
  /** What the refusal toast says; by default, the server's refusal code translated. */
  readonly refusalMessage?: MessageDescriptor
}

// Variance: the registry stores definitions of every shape; `defineMutation` keeps each caller's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMutationDefinition = MutationDefinition<any, any>

const registry = new Map<string, AnyMutationDefinition>()

/**
 * Queued writes are sent one after the other, in the order they were made, online or after a reload: a
 * later change must reach the server after an earlier one of the same field.
 */
export const QUEUE_SCOPE: MutationScope = { id: 'haven-offline-queue' }

/**
 * Declares a replayable mutation. Call it at module load in a small module of definitions (a feature's
 * `*-mutation-definitions.ts`) that `src/app/replayable-mutations.ts` imports eagerly (screens are lazy, and
 * the queue may be restored before any of them loads). Its variables carry an operation id
 * (`withOperationId`), which the mutationFn sends: the server must honour it.
 */
export function defineMutation<TVariables, TData = unknown>(
  mutationKey: MutationKey,
  mutationFn: (variables: Queued<TVariables>) => Promise<TData>,
  {
    onRefused,
    refusalMessage,
  }: Pick<MutationDefinition<TVariables, TData>, 'onRefused' | 'refusalMessage'> = {},
): MutationDefinition<TVariables, TData> {
  const hash = hashKey(mutationKey)
  if (registry.has(hash)) throw new Error(`Mutation ${hash} is defined twice.`)
  const definition = { mutationKey, mutationFn, onRefused, refusalMessage }
  registry.set(hash, definition)
  return definition
}

/**
 * Base options for `useMutation`: the key (so a paused run is persisted and found again), the function and
 * the queue's scope.
 */
export function mutationOptionsOf<TVariables, TData>(
  definition: MutationDefinition<TVariables, TData>,
): Pick<UseMutationOptions<TData, Error, Queued<TVariables>>, 'mutationKey' | 'mutationFn' | 'scope'> {
  return { mutationKey: definition.mutationKey, mutationFn: definition.mutationFn, scope: QUEUE_SCOPE }
}

export function registeredMutationKeys(): MutationKey[] {
  return [...registry.values()].map((definition) => definition.mutationKey)
}

function definitionOf(mutation: Pick<Mutation, 'options'>): AnyMutationDefinition | undefined {
  const key = mutation.options.mutationKey
  return key ? registry.get(hashKey(key)) : undefined
}

const watchedClients = new WeakSet<QueryClient>()

/** Whether a mutation is one of the queue's: only those can be sent again after a reload. */
export function isReplayable(mutation: Pick<Mutation, 'options'>): boolean {
  return definitionOf(mutation) !== undefined
}

/**
 * Installs every defined mutation on the client. Must run before the persisted cache is restored. A screen's
 * `useMutation` options replace the defaults' `onError`: `onRefused` only serves restored writes. Unlike the
 * client's other writes, the queue's wait for the network: offline, they pause (and persist) and are sent
 * when it returns.
 */
export function registerMutationDefaults(queryClient: QueryClient, hooks: QueryClientHooks = {}): void {
  for (const definition of registry.values()) {
    queryClient.setMutationDefaults(definition.mutationKey, {
      mutationFn: definition.mutationFn,
      scope: QUEUE_SCOPE,
      networkMode: 'online',
      retry: retryOnNetworkError(QUEUED_WRITE_RETRIES, hooks),
      onError: (error, variables) =>
        error instanceof ApiError ? definition.onRefused?.(variables, queryClient) : undefined,
    })
  }
  if (watchedClients.has(queryClient)) return
  watchedClients.add(queryClient)
  // Whoever made the write, and whenever it is sent: a refusal is told once, with the server's reason.
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return
    const { error } = event.mutation.state
    const definition = definitionOf(event.mutation)
    if (!(error instanceof ApiError) || !definition) return
    const { refusalMessage } = definition
    import('./refusal-toast')
      .then(({ tellRefusal }) => tellRefusal(error, refusalMessage))
      .catch(() => {
        // Only the toast is lost (its chunk could not load): the change was undone all the same.
      })
  })
}

/**
 * After restore, and whenever the server can be reached again: sends the queue, in order. A write that was
 * on its way when the page closed was saved too (its answer may never have come): it is sent again, and its
 * operation id makes that harmless. `continue()` leaves a write already running alone. What the screens show
 * is read again once the queue is empty, writes made meanwhile included: a read answered while one is still
 * on its way would show the older value (and a user acting in that moment would act on it).
 */
export async function resumeQueuedMutations(queryClient: QueryClient): Promise<void> {
  const cache = queryClient.getMutationCache()
  const pending = () => cache.getAll().filter((mutation) => mutation.state.status === 'pending')
  const queued = pending()
  // Nothing was sent: nothing to read again (every page load restores the cache and comes here).
  if (queued.length === 0) return
  await Promise.all(queued.map((mutation) => mutation.continue().catch(() => undefined)))
  // Told by the cache, not polled: a write whose answer is in may stay pending while its callbacks run.
  await new Promise<void>((resolve) => {
    const unsubscribe = cache.subscribe(() => {
      if (pending().length > 0) return
      unsubscribe()
      resolve()
    })
    if (pending().length === 0) {
      unsubscribe()
      resolve()
    }
  })
  await queryClient.invalidateQueries()
}

/**
 * Whether this is the only write of its family (`mutationKey` as a prefix) still pending, queued or on its
 * way: the one settling counts itself. Only then may a refetch or a server's answer replace what the screens
 * show: the server does not know the later writes yet, and the screen would flip back to an older value until
 * they arrive (and a user acting in that moment would act on the old one).
 */
export function isLastPending(queryClient: QueryClient, mutationKey: MutationKey): boolean {
  return queryClient.isMutating({ mutationKey }) <= 1
}

/**
 * A write's `onSettled`: reads `queryKey` again once it is the last of its family still pending
 * (`isLastPending`). An earlier one leaves the screens as the optimistic updates made them.
 */
export function refreshWhenLastSettled(
  queryClient: QueryClient,
  mutationKey: MutationKey,
  queryKey: QueryKey,
): Promise<void> | undefined {
  return isLastPending(queryClient, mutationKey) ? queryClient.invalidateQueries({ queryKey }) : undefined
}

/** A write still pending: its key (which write) and what it carries. */
export interface PendingWrite<TVariables> {
  mutationKey: MutationKey
  variables: TVariables
}

/**
 * A family's writes still pending, queued or on their way, oldest first. A screen lays them over the server's
 * copy: a read answered before the server has them (a refetch on focus or on reconnect) must not show an
 * older value, nor let the user act on it.
 */
export function usePendingWrites<TVariables>(mutationKey: MutationKey): PendingWrite<TVariables>[] {
  return useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => ({
      mutationKey: mutation.options.mutationKey ?? [],
      variables: mutation.state.variables as TVariables,
    }),
  })
}

/** How many writes are waiting for the network ("N changes waiting"). */
export function useQueuedChanges(): number {
  return useIsMutating({ predicate: (mutation) => mutation.state.isPaused })
}
