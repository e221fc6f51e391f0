// Every replayable mutation (src/offline/mutations.ts), imported eagerly so that their functions are
// registered before the persisted queue is restored. The user's language is defined with the session's start
// (src/offline/session-lifecycle.ts), which the app imports eagerly anyway. Add a feature's definitions here when it has some.
import '@/features/bookings/booking-mutation-definitions'
import '@/features/catalog/favourite-mutation-definitions'
import '@/features/notifications/notification-mutation-definitions'
import '@/features/settings/user-mutation-definitions'
