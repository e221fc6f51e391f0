// Every feature's replayable mutations, imported eagerly so that their functions are registered before the
// persisted queue is restored (src/offline/mutations.ts). Add a feature's `mutations.ts` here when it has one.
import '@/features/settings/mutations'
