// Changes a signed-in user makes to their own record (docs/product.md §13): settings, language, e-mail
// notifications, password. The caller has checked the id is theirs (session.ts assertSelf).
import { eq } from 'drizzle-orm'

import type { Db } from '../../db/open.ts'
import { users } from '../../db/schema.ts'
import { isUsersPassword, notActivated, wrongPassword } from './accounts.ts'
import { hashPassword } from './password.ts'
import type { UserRow } from './public-user.ts'

export type ProfileChanges = Partial<
  Pick<UserRow, 'fullName' | 'phone' | 'birthDate' | 'bio' | 'language' | 'enableEmailNotifications'>
>

async function updateUser(
  db: Db,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
  return row!
}

export const updateProfile = (db: Db, userId: number, changes: ProfileChanges): Promise<UserRow> =>
  updateUser(db, userId, changes)

/**
 * Sets `newPassword` when `isCurrent` says `current` is the user's password, or when they have none yet (a
 * social account, a guest's) and their address is proved; 400 'Wrong password' otherwise. An account not
 * activated chooses its first password on the activate page: set here, whoever booked or signed up with
 * someone else's address would hold the password its owner's link then asks for (docs/product.md §7).
 * Signing the other devices out is the caller's (it knows this one's session).
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  current: string | undefined,
  newPassword: string,
  isCurrent: (password: string) => Promise<boolean> = (password) => isUsersPassword(user, password),
): Promise<UserRow> {
  if (user.passwordHash === null && user.activatedAt === null) throw notActivated()
  if (user.passwordHash !== null && !(current && (await isCurrent(current)))) throw wrongPassword()
  return updateUser(db, user.id, { passwordHash: await hashPassword(newPassword) })
}
