// Saved places (docs/product.md §15): the properties a user keeps, listed with the summaries the result cards
// show, the latest saved first. Keeping one is a set, not a toggle, so a write sent twice agrees with itself;
// the routes run each under its operation id (server/services/operations/once.ts) so that a replay arriving
// after a later change does not undo it.
import { and, desc, eq, inArray, not } from 'drizzle-orm'

import type { Favourites } from '../../../src/contract/favourites.ts'
import type { Language } from '../../../src/domain/enums.ts'
import { API_ERROR_CODES } from '../../../src/domain/error-codes.ts'
import type { Db } from '../../db/open.ts'
import { favourites, locations, properties } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { agencies, summaryColumns, type SummaryRow, toSummary } from '../catalog/queries.ts'

export async function listFavourites(db: Db, userId: number, language: Language): Promise<Favourites> {
  const rows = await db
    .select({ ...summaryColumns(language), savedAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(properties, eq(properties.id, favourites.propertyId))
    .innerJoin(agencies, eq(agencies.id, properties.agencyId))
    .innerJoin(locations, eq(locations.id, properties.locationId))
    .where(and(eq(favourites.userId, userId), not(properties.hidden)))
    .orderBy(desc(favourites.createdAt), desc(favourites.propertyId))
  return {
    items: rows.map((row) => ({
      property: toSummary(row as SummaryRow),
      savedAt: row.savedAt.toISOString(),
    })),
  }
}

/** Of `ids`, those of properties anyone may see (not hidden). */
async function visibleProperties(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(inArray(properties.id, ids), not(properties.hidden)))
  return rows.map((row) => row.id)
}

/**
 * Keeps or lets go of one property. Only a property anyone may see can be kept (404 otherwise, as its page
 * answers); letting go of one that is gone, or was never kept, is already done.
 */
export async function setFavourite(
  db: Db,
  userId: number,
  propertyId: number,
  favourite: boolean,
): Promise<void> {
  if (!favourite) {
    await db
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.propertyId, propertyId)))
    return
  }
  if ((await visibleProperties(db, [propertyId])).length === 0) {
    throw new HttpError(404, API_ERROR_CODES.notFound, 'Property not found.')
  }
  await db.insert(favourites).values({ userId, propertyId }).onConflictDoNothing()
}

/**
 * Keeps the properties a visitor saved on the device (offered at sign-in). Those gone or hidden since are
 * passed over; those the account already holds keep their date. Answers how many were new.
 */
export async function addFavourites(db: Db, userId: number, propertyIds: number[]): Promise<number> {
  const visible = await visibleProperties(db, [...new Set(propertyIds)])
  if (visible.length === 0) return 0
  const added = await db
    .insert(favourites)
    .values(visible.map((propertyId) => ({ userId, propertyId })))
    .onConflictDoNothing()
    .returning({ propertyId: favourites.propertyId })
  return added.length
}
