// The user's commands (src/offline/outbox.ts): the language here, with the session (sign-in saves it, and the
// header's switch), the profile and the e-mail notifications in the settings (src/features/settings
// /settings-commands.ts). Each answers with the user; each refused one gives the device the server's copy
// again, with the user's commands still waiting laid over it. Their types start with `user.`
// (./user-commands-waiting.ts).
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'

import { updateLanguage } from '@/contract/routes'
import { LANGUAGES } from '@/domain/enums'
import { call } from '@/lib/api-client'
import { switchLanguage } from '@/lib/chosen-language'
import { type CommandKind, type Fold, fold, foldCommands, readOutbox } from '@/offline/outbox'

import {
  isSessionUser,
  type LanguageUpdate,
  patchSessionUser,
  readSessionUser,
  restoreServerUser,
  type SessionUser,
  storeSessionUser,
  userKeys,
} from './session'
import { userCommandsWaiting } from './user-commands-waiting'

/**
 * The server applied a user command: its answer (the user) is the user query's once no other user command
 * waits (the server's copy leaves those out).
 */
export function settleUser(queryClient: QueryClient, answer: unknown): void {
  if (!isSessionUser(answer) || userCommandsWaiting(answer._id)) return
  queryClient.setQueryData(userKeys.detail(answer._id), answer)
}

/** Refused: the server's copy of the user, with the user commands still waiting laid over it. */
export async function refusedUser(
  queryClient: QueryClient,
  id: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  folds: readonly Fold<SessionUser, any>[] = USER_FOLDS,
): Promise<SessionUser | null> {
  const fresh = await restoreServerUser(queryClient, id)
  if (!fresh) return null
  const shown = foldCommands(fresh, readOutbox(id), folds)
  queryClient.setQueryData(userKeys.detail(id), shown)
  if (readSessionUser()?._id === id) storeSessionUser(shown)
  return fresh
}

export const updateLanguageCommand: CommandKind<LanguageUpdate, SessionUser> = {
  type: 'user.language',
  payload: { id: '', language: LANGUAGES },
  send: (body, operationId) => call(updateLanguage, { body: { ...body, operationId } }),
  settle: (queryClient, _payload, answer) => settleUser(queryClient, answer),
  refused: async (queryClient, { id }) => {
    const fresh = await refusedUser(queryClient, id)
    const language = readSessionUser()?.language ?? fresh?.language
    if (language) await switchLanguage(language)
  },
  // docs/product.md §9's words (accountMessages.languageError), without the account messages in the shell.
  refusalMessage: msg`An error occurred while changing language.`,
}

/** Its kinds, for the outbox to send the ones a page before this one left (src/app/outbox-commands.ts). */
export const COMMAND_KINDS = [updateLanguageCommand] as const

/** The user as they will be once the server has the user commands still waiting (the settings add theirs). */
export const USER_FOLDS = [
  fold(updateLanguageCommand, (user: SessionUser, { id, language }) =>
    user._id === id ? { ...user, language } : user,
  ),
]

/** Shows a change at once: in the user query and the stored user. */
export function showUserChange(queryClient: QueryClient, id: string, patch: Partial<SessionUser>): void {
  queryClient.setQueryData<SessionUser>(userKeys.detail(id), (user) => user && { ...user, ...patch })
  patchSessionUser(id, patch)
}
