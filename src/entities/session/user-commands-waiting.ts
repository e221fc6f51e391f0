// Which of the outbox's commands are the user's own: their types start with `user.` (the language's in
// ./user-commands.ts, the profile's and the e-mail notifications' in src/features/settings/settings-commands.ts).
// Apart from the commands, so that the session check on load (./session-lifecycle.ts, in every page's first
// load) reads it without them.
import { readOutbox } from '@/offline/outbox'

/** Every user command's type starts with this (the key its queued mutation had, in the builds before). */
export const USER_TYPE_PREFIX = 'user.'

/** Whether a user command still waits on this device (the check on load takes only its verdict then). */
export function userCommandsWaiting(userId: string): boolean {
  return readOutbox(userId).some((command) => command.type.startsWith(USER_TYPE_PREFIX))
}
