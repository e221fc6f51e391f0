// The offline queue's registry (docs/architecture.md, Offline design). A mutation restored from IndexedDB
// after a reload has lost its function: only its key and variables were saved. Every mutation that must
// survive going offline is therefore defined here, by key, and installed with `setMutationDefaults` BEFORE
// the cache is restored; `resumePausedMutations` then replays the queue once the client is back online.
import {
  hashKey,
  type MutationKey,
  type QueryClient,
  useIsMutating,
  type UseMutationOptions,
} from '@tanstack/react-query'

export interface MutationDefinition<TVariables, TData> {
  readonly mutationKey: MutationKey
  readonly mutationFn: (variables: TVariables) => Promise<TData>
}

// Variance: the registry stores definitions of every shape; `defineMutation` keeps each caller's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMutationDefinition = MutationDefinition<any, any>

const registry = new Map<string, AnyMutationDefinition>()

/**
 * Declares a replayable mutation. Call it at module load in a small module of definitions (a feature's
 * `*-mutation-definitions.ts`) that `src/app/replayable-mutations.ts` imports eagerly (screens are lazy, and the queue may be restored before any of
 * them loads). The mutationFn must be idempotent on the server: send a client-generated operation id.
 */
export function defineMutation<TVariables, TData = unknown>(
  mutationKey: MutationKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
): MutationDefinition<TVariables, TData> {
  const hash = hashKey(mutationKey)
  if (registry.has(hash)) throw new Error(`Mutation ${hash} is defined twice.`)
  const definition = { mutationKey, mutationFn }
  registry.set(hash, definition)
  return definition
}

/** Base options for `useMutation`: the key (so a paused run is persisted and found again) and the function. */
export function mutationOptionsOf<TVariables, TData>(
  definition: MutationDefinition<TVariables, TData>,
): Pick<UseMutationOptions<TData, Error, TVariables>, 'mutationKey' | 'mutationFn'> {
  return { mutationKey: definition.mutationKey, mutationFn: definition.mutationFn }
}

export function registeredMutationKeys(): MutationKey[] {
  return [...registry.values()].map((definition) => definition.mutationKey)
}

/** Installs every defined mutation on the client. Must run before the persisted cache is restored. */
export function registerMutationDefaults(queryClient: QueryClient): void {
  for (const definition of registry.values()) {
    queryClient.setMutationDefaults(definition.mutationKey, { mutationFn: definition.mutationFn })
  }
}

/** After restore: replay the queue now if online (TanStack also resumes by itself on reconnect). */
export function resumeQueuedMutations(queryClient: QueryClient): Promise<unknown> {
  return queryClient.resumePausedMutations().then(() => queryClient.invalidateQueries())
}

/** How many writes are waiting for the network ("N changes waiting"). */
export function useQueuedChanges(): number {
  return useIsMutating({ predicate: (mutation) => mutation.state.isPaused })
}
