// The user's changes as screens use them: the command goes to the outbox (src/offline/outbox.ts), the user
// query and the stored user show it at once, and the settings show the user's commands still waiting over the
// server's copy. A refusal is told by the outbox's toast and undone by the command's kind
// (settings-commands.ts, src/entities/session/user-commands.ts).
import { type QueryClient, useQueryClient } from '@tanstack/react-query'

import type { LanguageUpdate, SessionUser } from '@/entities/session/session'
import { showUserChange, updateLanguageCommand } from '@/entities/session/user-commands'
import { switchLanguage } from '@/lib/chosen-language'
import { outboxOf, useCommand, usePending } from '@/offline/outbox'

import {
  type EmailNotificationsUpdate,
  type ProfileUpdate,
  SETTINGS_USER_FOLDS,
  updateEmailNotificationsCommand,
  updateProfileCommand,
} from './settings-commands'

/**
 * The user as the screen shows it: `user` (the server's copy) with the user's commands still waiting laid
 * over it, so that a read answered before the server has them shows no older value.
 */
export function useUserWithPendingWrites<T extends SessionUser | undefined>(user: T): T {
  return usePending<SessionUser | undefined>(user, SETTINGS_USER_FOLDS) as T
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  const command = useCommand(updateProfileCommand)
  return {
    ...command,
    save: (profile: ProfileUpdate) => {
      const { _id, ...fields } = profile
      const answer = command.send(updateProfileCommand, profile)
      showUserChange(queryClient, _id, fields as Partial<SessionUser>)
      return answer
    },
  }
}

export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient()
  const command = useCommand(updateEmailNotificationsCommand)
  return {
    ...command,
    save: (update: EmailNotificationsUpdate) => {
      const answer = command.send(updateEmailNotificationsCommand, update)
      showUserChange(queryClient, update._id, { enableEmailNotifications: update.enableEmailNotifications })
      return answer
    },
  }
}

/** The interface switches at once; a refusal by the server switches it back (user-commands.ts). */
export async function changeUserLanguage(queryClient: QueryClient, update: LanguageUpdate): Promise<void> {
  const answer = outboxOf(queryClient).add(updateLanguageCommand, update)
  showUserChange(queryClient, update.id, { language: update.language })
  await switchLanguage(update.language)
  await answer
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient()
  const command = useCommand(updateLanguageCommand)
  return {
    ...command,
    save: (update: LanguageUpdate) => changeUserLanguage(queryClient, update),
  }
}
