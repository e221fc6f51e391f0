// The user's writes as screens use them: optimistic in the user query and the stored user, undone when the
// server refuses. The replayable definitions are in user-mutation-definitions.ts (the language's in the session
// store).
import { MutationObserver, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'

import {
  isSessionUser,
  type LanguageUpdate,
  patchSessionUser,
  readSessionUser,
  type SessionUser,
  userKeys,
} from '@/entities/session/session'
import { updateLanguageMutation } from '@/entities/session/session-lifecycle'
import { ApiError } from '@/lib/api-client'
import { switchLanguage } from '@/lib/chosen-language'
import { KEY_ROOTS } from '@/lib/query-keys'
import {
  isLastPending,
  mutationOptionsOf,
  type PendingWrite,
  refreshWhenLastSettled,
  usePendingWrites,
  withOperationId,
} from '@/offline/mutations'

import { updateEmailNotificationsMutation, updateUserMutation } from './user-mutation-definitions'

/** Every write of the user's (profile, language, e-mail notifications) starts its key with this. */
const USER_MUTATIONS = userKeys.all()

/**
 * The fields a change patched, as they were before it: only those are put back on refusal. Restoring the
 * whole user would also undo the later changes of other fields made meanwhile (a language chosen after an
 * e-mail switch waiting in the queue).
 */
interface Snapshot {
  previous?: Partial<SessionUser>
  stored?: Partial<SessionUser>
}

const fieldsOf = (user: SessionUser, patch: Partial<SessionUser>): Partial<SessionUser> =>
  Object.fromEntries(Object.keys(patch).map((key) => [key, user[key as keyof SessionUser]]))

/** Shows a change at once in the user query and the stored user; returns what to restore on refusal. */
async function applyOptimistically(
  queryClient: QueryClient,
  id: string,
  patch: Partial<SessionUser>,
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: userKeys.detail(id) })
  const previous = queryClient.getQueryData<SessionUser>(userKeys.detail(id))
  const stored = readSessionUser()
  if (previous) queryClient.setQueryData(userKeys.detail(id), { ...previous, ...patch })
  patchSessionUser(id, patch)
  return {
    previous: previous && fieldsOf(previous, patch),
    stored: stored?._id === id ? fieldsOf(stored, patch) : undefined,
  }
}

/**
 * The user as the server has it, once no later change of theirs is still on its way: the last change's answer
 * (every user write answers with the user), or a fresh read when it found no server.
 */
function refreshAfter(queryClient: QueryClient, id: string, answer?: unknown) {
  if (isSessionUser(answer) && answer._id === id) {
    if (isLastPending(queryClient, USER_MUTATIONS)) queryClient.setQueryData(userKeys.detail(id), answer)
    return
  }
  return refreshWhenLastSettled(queryClient, USER_MUTATIONS, userKeys.detail(id))
}

/** What a user write carries: the user's id (`_id`, or `id` for the language), its fields, its operation id. */
type UserWrite = Partial<SessionUser> & { id?: string; operationId?: string }

function applyWrite(user: SessionUser, { variables }: PendingWrite<UserWrite>): SessionUser {
  const { _id = variables.id, id: _languageId, operationId: _operationId, ...fields } = variables
  return _id === user._id ? { ...user, ...fields } : user
}

/**
 * The user as the screen shows it: `user` (the server's copy) with the user's changes still queued or on their
 * way laid over it, so that a read answered before the server has them shows no older value.
 */
export function useUserWithPendingWrites<T extends SessionUser | undefined>(user: T): T {
  const writes = usePendingWrites<UserWrite>(USER_MUTATIONS)
  return (user && writes.reduce(applyWrite, user)) as T
}

/**
 * Undoes a change the server refused. A change that found no server is not undone: it was never refused, and
 * the next read of the user shows the server's copy.
 */
function restore(queryClient: QueryClient, id: string, snapshot: Snapshot | undefined, error: Error) {
  if (!snapshot || !(error instanceof ApiError)) return
  const { previous, stored } = snapshot
  if (previous)
    queryClient.setQueryData<SessionUser>(userKeys.detail(id), (user) => user && { ...user, ...previous })
  if (stored) patchSessionUser(id, stored)
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptionsOf(updateUserMutation),
    onMutate: ({ _id, ...fields }) => applyOptimistically(queryClient, _id, fields),
    onError: (error, { _id }, snapshot) => restore(queryClient, _id, snapshot, error),
    onSettled: (answer, _error, { _id }) => refreshAfter(queryClient, _id, answer),
  })
}

export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptionsOf(updateEmailNotificationsMutation),
    onMutate: ({ _id, enableEmailNotifications }) =>
      applyOptimistically(queryClient, _id, { enableEmailNotifications }),
    onError: (error, { _id }, snapshot) => restore(queryClient, _id, snapshot, error),
    onSettled: (answer, _error, { _id }) => refreshAfter(queryClient, _id, answer),
  })
}

/** The interface switches at once; a refusal by the server switches it back. */
function languageMutationOptions(queryClient: QueryClient) {
  return {
    ...mutationOptionsOf(updateLanguageMutation),
    onMutate: async ({ id, language }: LanguageUpdate) => {
      const snapshot = await applyOptimistically(queryClient, id, { language })
      await switchLanguage(language)
      return snapshot
    },
    onError: async (error: Error, { id }: LanguageUpdate, snapshot: Snapshot | undefined) => {
      restore(queryClient, id, snapshot, error)
      if (error instanceof ApiError && snapshot?.stored?.language)
        await switchLanguage(snapshot.stored.language)
    },
    // The notifications are written in the user's language: their whole root is read again once the server
    // has it (from the roots module: features do not import each other).
    onSettled: (answer: unknown, _error: Error | null, { id }: LanguageUpdate) =>
      Promise.all([
        refreshAfter(queryClient, id, answer),
        queryClient.invalidateQueries({ queryKey: [KEY_ROOTS.notifications] }),
      ]),
  }
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient()
  return useMutation(languageMutationOptions(queryClient))
}

/** The same outside a screen (the header's language switch): resolves once the server has it. */
export async function changeUserLanguage(queryClient: QueryClient, variables: LanguageUpdate): Promise<void> {
  await new MutationObserver(queryClient, languageMutationOptions(queryClient)).mutate(
    withOperationId(variables),
  )
}
