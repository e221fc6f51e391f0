// The only shape in which a user leaves the server. An explicit list: a column added to `users` later (a hash,
// a secret) stays inside until someone decides to show it.
import type { PublicUser } from '../../../src/contract/accounts.ts'
import type { users } from '../../db/schema.ts'

export type UserRow = typeof users.$inferSelect

export function toPublicUser(user: UserRow): PublicUser {
  return {
    _id: String(user.id),
    email: user.email,
    fullName: user.fullName,
    phone: user.phone,
    birthDate: user.birthDate,
    bio: user.bio,
    language: user.language,
    enableEmailNotifications: user.enableEmailNotifications,
    blacklisted: user.blacklisted,
    avatar: user.avatar,
    type: user.type,
    hasPassword: user.passwordHash !== null,
    activated: user.activatedAt !== null,
  }
}
