// Saved places (docs/product.md §15): the properties a user keeps with the heart on cards and the property
// page. Their routes' schemas; the client reads them as types only, the server validates with them.
import { z } from '../domain/zod-mini.ts'
import { propertySummarySchema } from './catalog.ts'
import { idSchema, languageSchema, operationIdSchema, userParamsSchema } from './common.ts'
import type { RouteTable } from './route.ts'
import { addFavourites, listFavourites, setFavourite } from './routes.ts'

/** The most properties one call keeps at once: those a visitor saved on the device, offered at sign-in. */
export const FAVOURITES_MERGE_MAX = 200

export const favouriteSchema = z.object({
  property: propertySummarySchema,
  /** When the user kept it (ISO 8601). */
  savedAt: z.string(),
})
export type Favourite = z.infer<typeof favouriteSchema>

/** The user's saved properties, the latest saved first; hidden properties are left out. */
export const favouritesSchema = z.object({ items: z.array(favouriteSchema) })
export type Favourites = z.infer<typeof favouritesSchema>

export const favouriteAnswerSchema = z.object({ propertyId: idSchema, favourite: z.boolean() })
export type FavouriteAnswer = z.infer<typeof favouriteAnswerSchema>

/** How many of them the account did not hold yet (unknown and hidden properties are passed over). */
export const addFavouritesAnswerSchema = z.object({ added: z.int() })
export type AddFavouritesAnswer = z.infer<typeof addFavouritesAnswerSchema>

export const favouriteRoutes = {
  /** The summaries' place names are in `language`. */
  [listFavourites]: {
    params: z.object({ userId: idSchema, language: languageSchema }),
    answer: favouritesSchema,
  },
  [setFavourite]: {
    params: z.object({ userId: idSchema, propertyId: idSchema }),
    body: z.strictObject({ favourite: z.boolean(), operationId: z.optional(operationIdSchema) }),
    answer: favouriteAnswerSchema,
  },
  /** The visitor's saved places, kept in the account at sign-in. */
  [addFavourites]: {
    params: userParamsSchema,
    body: z.strictObject({
      propertyIds: z.array(idSchema).check(z.minLength(1), z.maxLength(FAVOURITES_MERGE_MAX)),
      operationId: z.optional(operationIdSchema),
    }),
    answer: addFavouritesAnswerSchema,
  },
} as const satisfies RouteTable
