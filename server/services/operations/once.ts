// Replay safety for the client's offline queue (docs/architecture.md, Offline design): a write sent with an
// operation id runs once per user; the same id again gets the answer the first run gave and changes
// nothing. A queued "set the language to French" replayed after a later "set it to English" must not undo
// the later change, which a plain set-field write would.
import { and, eq } from 'drizzle-orm'

import type { Db } from '../../db/open.ts'
import { operations } from '../../db/schema.ts'

/**
 * Runs `write` once for `operationId` (no id: every time) and answers what the first run answered. The
 * record is taken before the write, in one transaction with it: a second delivery racing the first waits for
 * it and then finds its answer.
 */
export async function runOnce<T>(
  db: Db,
  userId: number,
  operationId: string | undefined,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  if (operationId === undefined) return write(db)
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(operations)
      .values({ userId, operationId, response: '' })
      .onConflictDoNothing()
      .returning()
    if (!claimed) {
      const [earlier] = await tx
        .select({ response: operations.response })
        .from(operations)
        .where(and(eq(operations.userId, userId), eq(operations.operationId, operationId)))
      return JSON.parse(earlier!.response) as T
    }
    const answer = await write(tx)
    await tx
      .update(operations)
      .set({ response: JSON.stringify(answer) })
      .where(and(eq(operations.userId, userId), eq(operations.operationId, operationId)))
    return answer
  })
}
