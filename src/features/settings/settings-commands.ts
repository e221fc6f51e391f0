// The settings' commands (src/offline/outbox.ts): the profile and the e-mail notifications (the language's is
// the session's, src/entities/session/user-commands.ts). Written to the device when the user saves, sent in
// order with their operation ids, so a command sent again has no second effect.
import type { UpdateUserRequest } from '@/contract/accounts'
import type { RouteInput } from '@/contract/route'
import { updateEmailNotifications, updateUser } from '@/contract/routes'
import type { userRoutes } from '@/contract/users'
import type { SessionUser } from '@/entities/session/session'
import { refusedUser, settleUser, USER_FOLDS } from '@/entities/session/user-commands'
import { call } from '@/lib/api-client'
import { type CommandKind, fold } from '@/offline/outbox'

export type ProfileUpdate = Omit<UpdateUserRequest, 'operationId'>
export type EmailNotificationsUpdate = Omit<
  RouteInput<(typeof userRoutes)[typeof updateEmailNotifications]>['body'],
  'operationId'
>

const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string'

export const updateProfileCommand: CommandKind<ProfileUpdate, SessionUser> = {
  type: 'user.update',
  payload: {
    _id: '',
    fullName: optionalText,
    phone: optionalText,
    birthDate: optionalText,
    bio: optionalText,
  },
  send: (body, operationId) => call(updateUser, { body: { ...body, operationId } }),
  settle: (queryClient, _payload, answer) => settleUser(queryClient, answer),
  refused: (queryClient, { _id }) => refusedUser(queryClient, _id, SETTINGS_USER_FOLDS),
}

export const updateEmailNotificationsCommand: CommandKind<EmailNotificationsUpdate, SessionUser> = {
  type: 'user.email-notifications',
  payload: { _id: '', enableEmailNotifications: false },
  send: (body, operationId) => call(updateEmailNotifications, { body: { ...body, operationId } }),
  settle: (queryClient, _payload, answer) => settleUser(queryClient, answer),
  refused: (queryClient, { _id }) => refusedUser(queryClient, _id, SETTINGS_USER_FOLDS),
}

/** Its kinds, for the outbox to send the ones a page before this one left (src/app/outbox-commands.ts). */
export const COMMAND_KINDS = [updateProfileCommand, updateEmailNotificationsCommand] as const

/** The user as they will be once the server has every user command still waiting. */
export const SETTINGS_USER_FOLDS = [
  ...USER_FOLDS,
  fold(updateProfileCommand, (user: SessionUser, { _id, ...fields }) =>
    user._id === _id ? ({ ...user, ...fields } as SessionUser) : user,
  ),
  fold(updateEmailNotificationsCommand, (user: SessionUser, { _id, enableEmailNotifications }) =>
    user._id === _id ? { ...user, enableEmailNotifications } : user,
  ),
]
