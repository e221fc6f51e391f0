// The catalog's routes (properties, agencies, countries and locations): their schemas, shared by the client
// (types only) and the server, which validates what it is sent. The search's own rules are the domain's
// (src/domain/search-rules.ts).
import { MAX_SEARCH_PRICE, PROPERTIES_PAGE_SIZE } from '../domain/constants.ts'
import {
  AVAILABILITY,
  DEFAULT_PROPERTY_SORT,
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  RENTAL_TERMS,
} from '../domain/enums.ts'
import { todayUtc } from '../domain/input-rules.ts'
import { searchProblems } from '../domain/search-rules.ts'
import { addDays } from '../domain/stay.ts'
import { z } from '../domain/zod-mini.ts'
import { idSchema, isoDateSchema, languageSchema, text } from './common.ts'
import type { RouteTable } from './route.ts'
import {
  allAgencies,
  countriesWithLocations,
  getProperty,
  propertyAvailability,
  searchProperties,
} from './routes.ts'

export const agencySchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** URL of the logo, 60x30 (docs/product.md §10). */
  image: z.string(),
  /** Visible properties the agency offers. */
  propertyCount: z.int().check(z.nonnegative()),
})
export type Agency = z.infer<typeof agencySchema>

export const locationSchema = z.object({
  _id: idSchema,
  name: z.string(),
  countryId: idSchema,
  parentId: z.nullable(idSchema),
  latitude: z.number(),
  longitude: z.number(),
  /** URL of a picture of the place, 300x200. */
  image: z.nullable(z.string()),
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
  bedrooms: z.int(),
  bathrooms: z.int(),
  size: z.nullable(z.number()),
  available: z.boolean(),
  soldOut: z.boolean(),
  /** URL of the first image, 300x200. */
  image: z.string(),
  agency: z.object({ _id: idSchema, name: z.string(), image: z.string() }),
  location: z.object({ _id: idSchema, name: z.string() }),
  /** Where the property is, for the results' map; null when the agency gave no position. */
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
})
export type PropertySummary = z.infer<typeof propertySummarySchema>

export const propertyImageSchema = z.object({
  /** 300x200 (docs/product.md §10). */
  small: z.string(),
  /** 1200x800, for the gallery. */
  large: z.string(),
})
export type PropertyImage = z.infer<typeof propertyImageSchema>

export const propertySchema = z.extend(propertySummarySchema, {
  description: z.string(),
  address: z.nullable(z.string()),
  minimumAge: z.int(),
  kitchens: z.int(),
  parkingSpaces: z.int(),
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
const searchPriceSchema = z.optional(z.number().check(z.minimum(0), z.maximum(MAX_SEARCH_PRICE)))

export const propertySearchSchema = z
  .object({
    /** The `nextCursor` of the previous page; absent for the first page. */
    cursor: z.nullish(text().check(z.maxLength(200))),
    size: z._default(z.int().check(z.minimum(1), z.maximum(100)), PROPERTIES_PAGE_SIZE),
    language: z._default(languageSchema, 'en'),
    /** A location matches itself and every location below it. */
    locations: z.optional(z.array(idSchema).check(z.maxLength(50))),
    agencies: z.optional(z.array(idSchema).check(z.maxLength(100))),
    types: z.optional(z.array(z.enum(PROPERTY_TYPES))),
    rentalTerms: z.optional(z.array(z.enum(RENTAL_TERMS))),
    availability: z.optional(z.array(z.enum(AVAILABILITY))),
    /**
     * With both dates (a stay that can be booked: docs/product.md §12, Bounds), properties booked (deposit,
     * paid, reserved) over any of those days are left out.
     */
    from: z.optional(isoDateSchema),
    to: z.optional(isoDateSchema),
    keyword: z.optional(text().check(z.trim(), z.maxLength(100))),
    /** Per rental term, bounds included. */
    minPrice: searchPriceSchema,
    maxPrice: searchPriceSchema,
    /** The price of the stay from `from` to `to` (docs/product.md §11), bounds included; needs both dates. */
    minTotal: searchPriceSchema,
    maxTotal: searchPriceSchema,
    /** At least this many bedrooms. */
    minBedrooms: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
    /** `true` keeps the furnished properties, `false` the others. */
    furnished: z.optional(z.boolean()),
    /** `true` keeps the properties that allow pets, `false` the others. */
    petsAllowed: z.optional(z.boolean()),
    /** The order of the results; each has its own cursor, so a cursor is only good with its sort. */
    sort: z._default(z.enum(PROPERTY_SORTS), DEFAULT_PROPERTY_SORT),
  })
  .check(
    z.superRefine((search, context) => {
      // Today runs from UTC−12 to UTC+14: the day before and after today in UTC may be someone's today.
      const today = todayUtc()
      const problems = searchProblems(search, addDays(today, -1), addDays(today, 1))
      for (const [field, code] of Object.entries(problems)) {
        context.addIssue({ code: 'custom', path: [field], message: code })
      }
    }),
  )
export type PropertySearch = z.input<typeof propertySearchSchema>

export const propertyPageSchema = z.object({
  items: z.array(propertySummarySchema),
  nextCursor: z.nullable(z.string()),
  /**
   * How many properties match the search, on the first page only (null on the next ones): counted up to
   * SEARCH_COUNT_CAP. When more match, `total` is the cap and `totalCapped` is true ("over 1,000").
   */
  total: z.nullable(z.int().check(z.nonnegative())),
  totalCapped: z.boolean(),
})
export type PropertyPage = z.infer<typeof propertyPageSchema>

/**
 * The stays the property's nights are held by, from today on (the holding rule, docs/product.md §12), each
 * [from, to) with `to` the check-out day. Public: no one's booking but its dates.
 */
export const availabilitySchema = z.object({
  held: z.array(z.object({ from: z.string(), to: z.string() })),
})
export type Availability = z.infer<typeof availabilitySchema>
/** A stay holding the property's nights, as the availability call gives it. */
export type HeldStay = Availability['held'][number]

export const catalogRoutes = {
  [allAgencies]: { answer: z.array(agencySchema) },
  [countriesWithLocations]: {
    params: z.object({ language: languageSchema }),
    answer: z.array(countryWithLocationsSchema),
  },
  [searchProperties]: { body: propertySearchSchema, answer: propertyPageSchema },
  [getProperty]: { params: z.object({ id: idSchema, language: languageSchema }), answer: propertySchema },
  [propertyAvailability]: { params: z.object({ id: idSchema }), answer: availabilitySchema },
} as const satisfies RouteTable
