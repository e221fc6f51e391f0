// Saved places (docs/product.md §15): the properties a user keeps with the heart on cards and the property
// page. Request and answer shapes shared by the client, which reads them as types only, and the server, which
// validates with them.
import { z } from 'zod'

import { idSchema, languageSchema, operationIdSchema, propertySummarySchema } from './catalog.ts'

/** The most properties one call keeps at once: those a visitor saved on the device, offered at sign-in. */
export const FAVOURITES_MERGE_MAX = 200

/** GET /api/favourites/{userId}/{language}: the summaries' place names are in `language`. */
export const favouritesParamsSchema = z.object({ userId: idSchema, language: languageSchema })

export const favouriteSchema = z.object({
  property: propertySummarySchema,
  /** When the user kept it (ISO 8601). */
  savedAt: z.string(),
})
export type Favourite = z.infer<typeof favouriteSchema>

/** The user's saved properties, the latest saved first; hidden properties are left out. */
export const favouritesSchema = z.object({ items: z.array(favouriteSchema) })
export type Favourites = z.infer<typeof favouritesSchema>

/** POST /api/favourite/{userId}/{propertyId}. */
export const favouriteParamsSchema = z.object({ userId: idSchema, propertyId: idSchema })

export const favouriteRequestSchema = z.strictObject({
  favourite: z.boolean(),
  operationId: z.optional(operationIdSchema),
})

export const favouriteAnswerSchema = z.object({ propertyId: idSchema, favourite: z.boolean() })
export type FavouriteAnswer = z.infer<typeof favouriteAnswerSchema>

/** POST /api/add-favourites/{userId}: the visitor's saved places, kept in the account at sign-in. */
export const addFavouritesRequestSchema = z.strictObject({
  propertyIds: z.array(idSchema).min(1).max(FAVOURITES_MERGE_MAX),
  operationId: z.optional(operationIdSchema),
})

/** How many of them the account did not hold yet (unknown and hidden properties are passed over). */
export const addFavouritesAnswerSchema = z.object({ added: z.number().int() })
export type AddFavouritesAnswer = z.infer<typeof addFavouritesAnswerSchema>
