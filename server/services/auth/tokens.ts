// Activation and password-reset tokens (docs/product.md §7): 256 random bits in the e-mailed link; the table
// keeps their SHA-256 (enough for a secret that long), the purpose and the expiry. Single use: consuming one
// is a conditional update, so two clicks at once cannot both succeed. A new link replaces older unused ones.
import { createHash, randomBytes } from 'node:crypto'

import { and, eq, gt, isNull, sql } from 'drizzle-orm'

import { LINK_TTL_MS } from '../../../src/domain/auth-messages.ts'
import type { Db } from '../../db/open.ts'
import { userTokens } from '../../db/schema.ts'

export type TokenPurpose = (typeof userTokens.$inferSelect)['purpose']
export type TokenRow = typeof userTokens.$inferSelect

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new token for `userId`; earlier unused tokens of the same purpose stop working. */
export async function issueToken(db: Db, userId: number, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.transaction(async (tx) => {
    await tx
      .delete(userTokens)
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)))
    await tx.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + LINK_TTL_MS),
    })
  })
  return token
}

/** The token's row when it belongs to `userId`, is unused and has not expired; undefined otherwise. */
export async function findValidToken(db: Db, userId: number, token: string): Promise<TokenRow | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.userId, userId),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
  return row
}

/** Marks the token used; false when another request used it first. `db` may be a transaction. */
export async function consumeToken(db: Db, id: number): Promise<boolean> {
  const used = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`)))
    .returning({ id: userTokens.id })
  return used.length === 1
}

/** Removes every token of a user (DELETE /api/delete-tokens/{userId}); returns how many. */
export async function deleteTokens(db: Db, userId: number): Promise<number> {
  const deleted = await db
    .delete(userTokens)
    .where(eq(userTokens.userId, userId))
    .returning({ id: userTokens.id })
  return deleted.length
}
