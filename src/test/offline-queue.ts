// A page reload with writes waiting, as the client tests play it: the queue as the persister saves it
// (dehydrated, through JSON), restored into a new client with the mutations defined first, then the
// connection back and the queue replayed (src/offline/mutations.ts).
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query'

import { createQueryClient } from '@/lib/query-client'
import { registerMutationDefaults, resumeQueuedMutations } from '@/offline/mutations'
import { shouldPersistMutation } from '@/offline/persister'

/** A reload: the queue as the persister saves it, restored into `next` with the mutations defined first. */
export function reloadQueue(before: QueryClient, next: QueryClient = createQueryClient()): QueryClient {
  const saved = JSON.parse(
    JSON.stringify(dehydrate(before, { shouldDehydrateMutation: shouldPersistMutation })),
  ) as DehydratedState
  before.clear()
  registerMutationDefaults(next)
  hydrate(next, saved)
  return next
}

export async function reloadOnlineAndReplay(queryClient: QueryClient): Promise<QueryClient> {
  const reloaded = reloadQueue(queryClient)
  onlineManager.setOnline(true)
  await resumeQueuedMutations(reloaded)
  return reloaded
}
