// Every replayable mutation (src/offline/mutations.ts): each feature's writes module, as its declaration names
// it (feature.ts `writes`), imported eagerly by the build (scripts/feature-declarations.ts) so that their
// functions are registered before the persisted queue is restored. The user's language is defined with the
// session's start (src/entities/session/session-lifecycle.ts), which the app imports eagerly anyway.
import 'virtual:replayable-writes'
