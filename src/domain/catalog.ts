// Request and response shapes of the catalog calls (properties, agencies, countries and locations), shared by
// the client, which parses what it receives, and the server, which validates what it is sent.
import { z } from 'zod'

import { MAX_SEARCH_PRICE, PROPERTIES_PAGE_SIZE } from './constants.ts'
import {
  AVAILABILITY,
  DEFAULT_PROPERTY_SORT,
  LANGUAGES,
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  RENTAL_TERMS,
} from './enums.ts'
import { ID_PATTERN, OPERATION_ID_PATTERN, todayUtc } from './input-rules.ts'
import { searchProblems } from './search-rules.ts'
import { addDays } from './stay.ts'
import { text } from './text.ts'

/** Ids are opaque strings on the wire (docs/product.md §5: every entity exposes `_id`). */
export const idSchema = z.string().regex(ID_PATTERN, 'invalid')
/** A client-generated id of one write (a checkout, a queued change): sent twice, it takes effect once. */
export const operationIdSchema = text().regex(OPERATION_ID_PATTERN, 'Invalid operation id.')
export const languageSchema = z.enum(LANGUAGES)
/** A calendar date, `YYYY-MM-DD`, as typed in a date field. */
export const isoDateSchema = z.iso.date()

export const agencySchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** URL of the logo, 60x30 (docs/product.md §10). */
  image: z.string(),
  /** Visible properties the agency offers. */
  propertyCount: z.number().int().nonnegative(),
})
export type Agency = z.infer<typeof agencySchema>

export const locationSchema = z.object({
  _id: idSchema,
  name: z.string(),
  countryId: idSchema,
  parentId: idSchema.nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** URL of a picture of the place, 300x200. */
  image: z.string().nullable(),
})
export type Location = z.infer<typeof locationSchema>

export const countryWithLocationsSchema = z.object({
  _id: idSchema,
  name: z.string(),
  locations: z.array(locationSchema),
})
export type CountryWithLocations = z.infer<typeof countryWithLocationsSchema>

/** What a result card needs. Prices are in the base currency (USD) per rental term. */
export const propertySummarySchema = z.object({
  _id: idSchema,
  name: z.string(),
  type: z.enum(PROPERTY_TYPES),
  rentalTerm: z.enum(RENTAL_TERMS),
  price: z.number(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  size: z.number().nullable(),
  available: z.boolean(),
  soldOut: z.boolean(),
  /** URL of the first image, 300x200. */
  image: z.string(),
  agency: z.object({ _id: idSchema, name: z.string(), image: z.string() }),
  location: z.object({ _id: idSchema, name: z.string() }),
  /** Where the property is, for the results' map; null when the agency gave no position. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type PropertySummary = z.infer<typeof propertySummarySchema>

export const propertyImageSchema = z.object({
  /** 300x200 (docs/product.md §10). */
  small: z.string(),
  /** 1200x800, for the gallery. */
  large: z.string(),
})
export type PropertyImage = z.infer<typeof propertyImageSchema>

export const propertySchema = propertySummarySchema.extend({
  description: z.string(),
  address: z.string().nullable(),
  minimumAge: z.number().int(),
  kitchens: z.number().int(),
  parkingSpaces: z.number().int(),
  aircon: z.boolean(),
  furnished: z.boolean(),
  petsAllowed: z.boolean(),
  /** −1 unavailable, 0 included, > 0 an extra fee (docs/product.md §6). */
  cancellation: z.number(),
  amendments: z.number(),
  images: z.array(propertyImageSchema),
})
export type Property = z.infer<typeof propertySchema>

/** Prices in search filters: the base currency (USD), per rental term like the stored prices, or per stay. */
const searchPriceSchema = z.number().min(0).max(MAX_SEARCH_PRICE)

export const propertySearchSchema = z
  .object({
    /** The `nextCursor` of the previous page; absent for the first page. */
    cursor: text().max(200).nullish(),
    size: z.number().int().min(1).max(100).default(PROPERTIES_PAGE_SIZE),
    language: languageSchema.default('en'),
    /** A location matches itself and every location below it. */
    locations: z.array(idSchema).max(50).optional(),
    agencies: z.array(idSchema).max(100).optional(),
    types: z.array(z.enum(PROPERTY_TYPES)).optional(),
    rentalTerms: z.array(z.enum(RENTAL_TERMS)).optional(),
    availability: z.array(z.enum(AVAILABILITY)).optional(),
    /**
     * With both dates (a stay that can be booked: docs/product.md §12, Bounds), properties booked (deposit,
     * paid, reserved) over any of those days are left out.
     */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    keyword: text().trim().max(100).optional(),
    /** Per rental term, bounds included. */
    minPrice: searchPriceSchema.optional(),
    maxPrice: searchPriceSchema.optional(),
    /** The price of the stay from `from` to `to` (docs/product.md §11), bounds included; needs both dates. */
    minTotal: searchPriceSchema.optional(),
    maxTotal: searchPriceSchema.optional(),
    /** At least this many bedrooms. */
    minBedrooms: z.number().int().min(0).max(1000).optional(),
    /** `true` keeps the furnished properties, `false` the others. */
    furnished: z.boolean().optional(),
    /** `true` keeps the properties that allow pets, `false` the others. */
    petsAllowed: z.boolean().optional(),
    /** The order of the results; each has its own cursor, so a cursor is only good with its sort. */
    sort: z.enum(PROPERTY_SORTS).default(DEFAULT_PROPERTY_SORT),
  })
  .superRefine((search, context) => {
    // Today runs from UTC−12 to UTC+14: the day before and after today in UTC may be someone's today.
    const today = todayUtc()
    const problems = searchProblems(search, addDays(today, -1), addDays(today, 1))
    for (const [field, code] of Object.entries(problems)) {
      context.addIssue({ code: 'custom', path: [field], message: code })
    }
  })
export type PropertySearch = z.input<typeof propertySearchSchema>

export const propertyPageSchema = z.object({
  items: z.array(propertySummarySchema),
  nextCursor: z.string().nullable(),
  /**
   * How many properties match the search, on the first page only (null on the next ones): counted up to
   * SEARCH_COUNT_CAP. When more match, `total` is the cap and `totalCapped` is true ("over 1,000").
   */
  total: z.number().int().nonnegative().nullable(),
  totalCapped: z.boolean(),
})
export type PropertyPage = z.infer<typeof propertyPageSchema>

/**
 * GET /api/property-availability/{id}: the stays the property's nights are held by, from today on (the holding
 * rule, docs/product.md §12), each [from, to) with `to` the check-out day. Public: no one's booking but its
 * dates.
 */
export const availabilitySchema = z.object({
  held: z.array(z.object({ from: z.string(), to: z.string() })),
})
export type Availability = z.infer<typeof availabilitySchema>
/** A stay holding the property's nights, as the availability call gives it. */
export type HeldStay = Availability['held'][number]
