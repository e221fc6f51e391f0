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

export async function reloadOnlineAndReplay(queryClient: QueryClient): Promise<QueryClient> {
  const saved = JSON.parse(JSON.stringify(dehydrate(queryClient))) as DehydratedState
  queryClient.clear()
  const reloaded = createQueryClient()
  registerMutationDefaults(reloaded)
  hydrate(reloaded, saved)
  onlineManager.setOnline(true)
  await resumeQueuedMutations(reloaded)
  return reloaded
}
