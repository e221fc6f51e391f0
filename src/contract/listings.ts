// The back office's listings (docs/product.md §6, Listings): their routes' schemas. The form's rules are the
// domain's (src/domain/property-rules.ts); these schemas put each on its field, so the server's 400 and the
// form name the same field with the same code. An agency's session acts on its own properties, an
// administrator's on any (the services check it).
import { FIELD_ERRORS as E } from '../domain/auth-messages.ts'
import { PROPERTIES_PAGE_SIZE } from '../domain/constants.ts'
import { LANGUAGES, PROPERTY_TYPES, RENTAL_TERMS } from '../domain/enums.ts'
import { ID_PATTERN, isOneLine } from '../domain/input-rules.ts'
import {
  hasImage,
  isOptionValue,
  isPropertyMinimumAge,
  isPropertyPrice,
  MAX_PROPERTY_IMAGES,
  MAX_PROPERTY_SIZE,
  MAX_ROOMS,
  PROPERTY_ADDRESS_MAX,
  PROPERTY_DESCRIPTION_MAX,
  PROPERTY_FIELD_ERRORS as P,
  PROPERTY_NAME_MAX,
} from '../domain/property-rules.ts'
import { z } from '../domain/zod-mini.ts'
import { idSchema, text } from './common.ts'
import type { RouteTable } from './route.ts'
import {
  createListing,
  deleteListing,
  getListing,
  listListings,
  setListingFlags,
  updateListing,
  uploadListingImage,
} from './routes.ts'

/** A field left out is 'required' ('Please fill in the field:'); one of the wrong kind 'invalid'. */
const requiredOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? E.required : code

/** A text that must not be blank: trimmed, 'required' when empty, then at most `max` characters. */
const requiredText = (max: number) =>
  text({ error: requiredOr(E.invalid) }, E.invalidCharacter).check(
    z.trim(),
    z.minLength(1, { error: E.required }),
    z.maxLength(max, { error: E.tooLong }),
  )
const requiredLine = (max: number) =>
  requiredText(max).check(z.refine(isOneLine, { error: E.invalidCharacter }))

const count = (max: number) =>
  z
    .int({ error: requiredOr(E.invalid) })
    .check(z.minimum(0, { error: E.invalid }), z.maximum(max, { error: E.invalid }))

/** An option: −1 not offered, 0 included, a positive value its fee (docs/product.md §6). */
const optionSchema = z
  .number({ error: requiredOr(P.optionInvalid) })
  .check(z.refine(isOptionValue, { error: P.optionInvalid }))

/**
 * A stored image's file name: one the upload call gave, or one the property has already (the server checks
 * which). A plain name, never a path.
 */
export const imageFileSchema = z
  .string()
  .check(
    z.maxLength(200, { error: E.invalid }),
    z.regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/, { error: E.invalid }),
  )

/** Every field of the product's property (docs/product.md §6) that an agency writes. */
export const listingFieldsSchema = z.object({
  name: requiredLine(PROPERTY_NAME_MAX),
  /** An administrator's choice of agency; an agency's own session may leave it out (its own is taken). */
  agencyId: z.optional(idSchema),
  locationId: z
    .string({ error: requiredOr(E.invalid) })
    .check(z.minLength(1, { error: E.required }), z.regex(ID_PATTERN, { error: E.invalid })),
  type: z.enum(PROPERTY_TYPES, { error: requiredOr(E.invalid) }),
  rentalTerm: z.enum(RENTAL_TERMS, { error: requiredOr(E.invalid) }),
  /** Per rental term, in the base currency. */
  price: z
    .number({ error: requiredOr(P.priceNotPositive) })
    .check(z.refine(isPropertyPrice, { error: P.priceNotPositive })),
  minimumAge: z
    .number({ error: requiredOr(P.minimumAgeTooLow) })
    .check(z.refine(isPropertyMinimumAge, { error: P.minimumAgeTooLow })),
  address: z.nullable(
    text(undefined, E.invalidCharacter).check(
      z.trim(),
      z.maxLength(PROPERTY_ADDRESS_MAX, { error: E.tooLong }),
      z.refine(isOneLine, { error: E.invalidCharacter }),
    ),
  ),
  /** The description in each language the renter's pages are written in. */
  descriptionEn: requiredText(PROPERTY_DESCRIPTION_MAX),
  descriptionFr: requiredText(PROPERTY_DESCRIPTION_MAX),
  bedrooms: count(MAX_ROOMS),
  bathrooms: count(MAX_ROOMS),
  kitchens: count(MAX_ROOMS),
  parkingSpaces: count(MAX_ROOMS),
  /** m²; null when not given. */
  size: z.nullable(
    z
      .int({ error: E.invalid })
      .check(z.minimum(1, { error: E.invalid }), z.maximum(MAX_PROPERTY_SIZE, { error: E.invalid })),
  ),
  aircon: z.boolean(),
  furnished: z.boolean(),
  petsAllowed: z.boolean(),
  available: z.boolean(),
  soldOut: z.boolean(),
  hidden: z.boolean(),
  /** File names the upload call gave, the first one the card's. */
  images: z
    .array(imageFileSchema, { error: requiredOr(P.noImage) })
    .check(z.refine(hasImage, { error: P.noImage }), z.maxLength(MAX_PROPERTY_IMAGES, { error: E.invalid })),
  cancellation: optionSchema,
  amendments: optionSchema,
  latitude: z.nullable(z.number().check(z.minimum(-90), z.maximum(90))),
  longitude: z.nullable(z.number().check(z.minimum(-180), z.maximum(180))),
})
export type ListingFields = z.input<typeof listingFieldsSchema>

const idParamsSchema = z.object({ id: idSchema })

export const listingImageSchema = z.object({
  file: z.string(),
  /** 300x200, as the cards and the property page show it. */
  small: z.string(),
  /** 1200x800, the gallery's. */
  large: z.string(),
})

/** A property as its form edits it, with what the list and the page say about it. */
export const listingSchema = z.object({
  _id: idSchema,
  ...z.omit(listingFieldsSchema, { images: true, agencyId: true }).shape,
  agency: z.object({ _id: idSchema, name: z.string() }),
  images: z.array(listingImageSchema),
  /** Bookings hold it: it can be hidden, not deleted. */
  booked: z.boolean(),
})
export type Listing = z.infer<typeof listingSchema>

/** A whole number in a query string, from `min` to `max`, `fallback` when absent. */
const queryInt = (min: number, max: number, fallback: number) =>
  z._default(
    z.pipe(z.coerce.number<number | string>(), z.int().check(z.minimum(min), z.maximum(max))),
    fallback,
  )

/** The list's orders: newest first (the default), by name, by price either way. */
export const LISTING_SORTS = ['newest', 'name', 'priceAsc', 'priceDesc'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

/** The list's filters, in the query string (the back office keeps them in its URL). */
export const listingListRequestSchema = z.object({
  /** Part of the name, any case. */
  keyword: z.optional(
    text(undefined, E.invalidCharacter).check(z.trim(), z.maxLength(100, { error: E.tooLong })),
  ),
  /** An administrator's filter on one agency; an agency sees only its own whatever it sends. */
  agencyId: z.optional(idSchema),
  sort: z._default(z.enum(LISTING_SORTS), 'newest'),
  /** 1 for the first page. */
  page: queryInt(1, 100_000, 1),
  size: queryInt(1, 100, PROPERTIES_PAGE_SIZE),
  language: z._default(z.enum(LANGUAGES), 'en'),
})
export type ListingListRequest = z.input<typeof listingListRequestSchema>

export const listingRowSchema = z.object({
  _id: idSchema,
  name: z.string(),
  agency: z.object({ _id: idSchema, name: z.string() }),
  location: z.string(),
  type: z.enum(PROPERTY_TYPES),
  rentalTerm: z.enum(RENTAL_TERMS),
  price: z.number(),
  available: z.boolean(),
  soldOut: z.boolean(),
  hidden: z.boolean(),
  /** The first image, 300x200. */
  image: z.string(),
})
export type ListingRow = z.infer<typeof listingRowSchema>

export const listingPageSchema = z.object({
  items: z.array(listingRowSchema),
  /** Every property the search keeps, for the pager. */
  total: z.int(),
  page: z.int(),
  size: z.int(),
})
export type ListingPage = z.infer<typeof listingPageSchema>

/** Hide or show, mark sold out or available: any of the three, the others kept. */
export const listingFlagsSchema = z.object({
  hidden: z.optional(z.boolean()),
  soldOut: z.optional(z.boolean()),
  available: z.optional(z.boolean()),
})

export const listingRoutes = {
  [listListings]: { querystring: listingListRequestSchema, answer: listingPageSchema },
  [getListing]: { params: idParamsSchema, answer: listingSchema },
  [createListing]: { body: listingFieldsSchema, answer: listingSchema },
  [updateListing]: { params: idParamsSchema, body: listingFieldsSchema, answer: listingSchema },
  [setListingFlags]: { params: idParamsSchema, body: listingFlagsSchema, answer: listingSchema },
  [deleteListing]: { params: idParamsSchema, answer: z.object({ deleted: z.boolean() }) },
  /** One image, multipart, which the handler reads itself: checked, resized to both sizes, kept. */
  [uploadListingImage]: { upload: true, answer: listingImageSchema },
} as const satisfies RouteTable
