// Replay safety for the client's offline queue (docs/architecture.md, Offline design): a write sent with an
// operation id runs once per user; the same id again gets the answer the first run gave and changes
// nothing. A queued "set the language to French" replayed after a later "set it to English" must not undo
// the later change, which a plain set-field write would.
import { and, eq } from 'drizzle-orm'

import type { Db } from '../../db/open.ts'
import { operations } from '../../db/schema.ts'

/**
 * The record of one operation: its id within the kind of write it was sent with. An id the client reuses for
 * another kind of write (by mistake or on purpose) is another operation, never the first one's answer.
 */
export const operationKey = (kind: string, operationId: string) => `${kind}:${operationId}`

/**
 * Runs `write` once for `operationId` of this `kind` (no id: every time) and answers what the first run
 * answered. The record is taken before the write, in one transaction with it: a second delivery racing the
 * first waits for it and then finds its answer.
 */
export async function runOnce<T>(
  db: Db,
  userId: number,
  kind: string,
  id: string | undefined,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  if (id === undefined) return write(db)
  const operationId = operationKey(kind, id)
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
