// Sign-up (docs/product.md §7): a new account, not activated, and the e-mail whose link activates it.
import { eq } from 'drizzle-orm'
import type { z } from 'zod'

import type { signUpSchema } from '../../../src/contract/accounts.ts'
import type { AppContext } from '../../context.ts'
import { users } from '../../db/schema.ts'
import { alreadyRegistered, findUserByEmail, queueAccountEmail, sendAccountEmailOr500 } from './accounts.ts'
import { hashPassword } from './password.ts'
import type { UserRow } from './public-user.ts'

const SIGN_UP_FAILED = 'An error occurred during sign up.'

export type NewAccount = Pick<
  z.output<typeof signUpSchema>,
  'email' | 'password' | 'fullName' | 'birthDate' | 'language' | 'phone'
>

/**
 * The new account, written with its activation e-mail (one transaction), the e-mail then sent; 409 when the
 * address has one already, 500 when the e-mail fails (docs/product.md §7, E-mailed links).
 */
export async function registerAccount(
  ctx: AppContext,
  { email, password, fullName, birthDate, language, phone }: NewAccount,
): Promise<UserRow> {
  const { db } = ctx.database
  if (await findUserByEmail(db, email)) throw alreadyRegistered()
  const passwordHash = await hashPassword(password)
  const written = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ type: 'USER', email, fullName, birthDate, language, phone: phone ?? null, passwordHash })
      .onConflictDoNothing()
      .returning()
    // Two sign-ups with one address at once: the other one got it.
    if (!user) return undefined
    return { user, mails: await queueAccountEmail(tx, ctx, user, 'activation') }
  })
  if (!written) throw alreadyRegistered()
  const { user, mails } = written
  await sendAccountEmailOr500(ctx, mails, {
    failure: SIGN_UP_FAILED,
    // Without its e-mail the account could never be activated: undone with it, so the address can sign up again.
    undo: (tx) => tx.delete(users).where(eq(users.id, user.id)),
  })
  return user
}
