// Replay safety for the client's offline queue (docs/architecture.md, Offline design): a write sent with an
// operation id runs once per user; the same id again gets the answer the first run gave and changes
// nothing. A queued "set the language to French" replayed after a later "set it to English" must not undo
// the later change, which a plain set-field write would.
import { and, eq } from 'drizzle-orm'

import type { Db } from '../../db/open.ts'
import { operations } from '../../db/schema.ts'

/** A transaction, in which an operation is claimed with the write it stands for. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The record of one operation: its id within the kind of write it was sent with. */
const operationKey = (kind: string, operationId: string) => `${kind}:${operationId}`

/**
 * Takes the record of operation `id` of this `kind` for the user, in the transaction of its write: true the
 * first time, false when it was taken before (the write must then change nothing). A second delivery racing
 * the first waits here until the first commits. An id the client reuses for another kind of write is
 * another operation, never the first one's.
 */
export async function claimOperation(tx: Tx, userId: number, kind: string, id: string): Promise<boolean> {
  const [claimed] = await tx
    .insert(operations)
    .values({ userId, operationId: operationKey(kind, id), response: '' })
    .onConflictDoNothing()
    .returning({ operationId: operations.operationId })
  return claimed !== undefined
}

/**
 * Runs `write` once for `operationId` of this `kind` (no id: every time) and answers what the first run
 * answered (`claimOperation`).
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
  const record = and(eq(operations.userId, userId), eq(operations.operationId, operationId))
  return db.transaction(async (tx) => {
    if (!(await claimOperation(tx, userId, kind, id))) {
      const [earlier] = await tx.select({ response: operations.response }).from(operations).where(record)
      return JSON.parse(earlier!.response) as T
    }
    const answer = await write(tx)
    await tx
      .update(operations)
      .set({ response: JSON.stringify(answer) })
      .where(record)
    return answer
  })
}
