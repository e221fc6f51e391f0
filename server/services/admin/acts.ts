// The record of administrative acts (docs/product.md §16): written in the transaction of the act it records,
// read on the page of the user, agency or place it is about. Nothing changes or deletes a row of it.
import { and, desc, eq } from 'drizzle-orm'

import type { AdminAction, AdminSubject } from '../../../src/domain/admin.ts'
import type { Db } from '../../db/open.ts'
import { adminActs, users } from '../../db/schema.ts'
import type { Tx } from '../operations/once.ts'

/** `{ field: [before, after] }` for each field an act changed, and anything else it touched. */
export type ActChanges = Record<string, unknown>

/** Acts shown on a page: the latest, newest first. */
export const ACTS_SHOWN = 100

export async function recordAct(
  tx: Db | Tx,
  actorId: number,
  subjectKind: AdminSubject,
  subjectId: number,
  action: AdminAction,
  changes: ActChanges = {},
): Promise<void> {
  await tx.insert(adminActs).values({ actorId, subjectKind, subjectId, action, changes })
}

/** The fields of `after` whose value differs from `before`'s, as `{ field: [before, after] }`. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): ActChanges {
  const changes: ActChanges = {}
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(before[field] ?? null) !== JSON.stringify(value ?? null))
      changes[field] = [before[field] ?? null, value ?? null]
  }
  return changes
}

/** The acts about one record, newest first, with who did each. */
export async function actsAbout(db: Db, subjectKind: AdminSubject, subjectId: number) {
  const rows = await db
    .select({ act: adminActs, actor: { id: users.id, fullName: users.fullName, email: users.email } })
    .from(adminActs)
    .leftJoin(users, eq(users.id, adminActs.actorId))
    .where(and(eq(adminActs.subjectKind, subjectKind), eq(adminActs.subjectId, subjectId)))
    .orderBy(desc(adminActs.id))
    .limit(ACTS_SHOWN)
  return rows.map(({ act, actor }) => ({
    _id: String(act.id),
    action: act.action as AdminAction,
    subjectKind: act.subjectKind as AdminSubject,
    subjectId: String(act.subjectId),
    actor: actor ? { _id: String(actor.id), fullName: actor.fullName, email: actor.email } : null,
    changes: act.changes as ActChanges,
    createdAt: act.createdAt.toISOString(),
  }))
}
