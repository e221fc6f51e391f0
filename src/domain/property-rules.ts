// The property form's rules (docs/product.md §6, Listings), written once without zod: the back office's form
// says each beside its field and the server refuses the same values (src/contract/listings.ts builds the
// schemas on them). A refused field answers a code of PROPERTY_FIELD_ERRORS, which the client translates.
import { MAX_AMOUNT, MINIMUM_AGE } from './constants.ts'

/** Codes in `fields` of a 400 from the listing calls, beside the account ones (./auth-messages.ts FIELD_ERRORS). */
export const PROPERTY_FIELD_ERRORS = {
  /** `images`: none ('Please add an image.', docs/product.md §8). */
  noImage: 'no_image',
  /** `minimumAge`: below MINIMUM_AGE. */
  minimumAgeTooLow: 'minimum_age_too_low',
  /** `price`: zero, negative, or more than an amount can be. */
  priceNotPositive: 'price_not_positive',
  /** `cancellation` or `amendments`: neither −1 (not offered), 0 (included) nor a fee above 0. */
  optionInvalid: 'option_invalid',
} as const
export type PropertyFieldCode = (typeof PROPERTY_FIELD_ERRORS)[keyof typeof PROPERTY_FIELD_ERRORS]

/** The English of each code, for the server's `message` of a 400 (the product's words where it has some). */
export const PROPERTY_FIELD_ERROR_TEXTS = {
  no_image: 'Please add an image.',
  minimum_age_too_low: 'The minimum age must be greater than or equal to 21.',
  price_not_positive: 'The price must be above 0.',
  option_invalid: 'Enter -1 (not offered), 0 (included) or a fee above 0.',
} as const satisfies Record<PropertyFieldCode, string>

/** `error` codes of the listing calls' refusals. */
export const PROPERTY_ERROR_CODES = {
  /** 409 on deleting a property that bookings hold: it can only be hidden. */
  propertyBooked: 'property_booked',
} as const

/** The English of those refusals, for the server's `message` (the client translates the code). */
export const PROPERTY_MESSAGES = {
  propertyBooked: 'This property has bookings, so it cannot be deleted: hide it instead.',
  notFound: 'This property does not exist.',
  notYours: 'This property is not one of your agency’s.',
  agencyRequired: 'Choose the agency the property belongs to.',
  unknownLocation: 'This location does not exist.',
  unknownImage: 'This image was not uploaded here.',
} as const

/** The largest image file an agency may upload (a camera's photo; it is resized before it is kept). */
export const PROPERTY_IMAGE_MAX_BYTES = 10 * 1024 * 1024

/** At most this many images per property (each kept in two sizes). */
export const MAX_PROPERTY_IMAGES = 20
/** Rooms, bedrooms, parking spaces: a whole number from 0 to this. */
export const MAX_ROOMS = 1000
/** Size in m². */
export const MAX_PROPERTY_SIZE = 10_000_000
export const PROPERTY_NAME_MAX = 200
export const PROPERTY_DESCRIPTION_MAX = 10_000
export const PROPERTY_ADDRESS_MAX = 500

/** An amount as the database keeps it: at most two decimals, within MAX_AMOUNT. */
const isAmount = (value: number) =>
  Number.isFinite(value) &&
  Math.abs(value) <= MAX_AMOUNT &&
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6

/** A price above 0 (per rental term). */
export const isPropertyPrice = (price: number) => isAmount(price) && price > 0

/** A cancellation or amendment option: −1 not offered, 0 included, a positive value its fee. */
export const isOptionValue = (value: number) => value === -1 || (isAmount(value) && value >= 0)

/** The minimum age a property may ask: MINIMUM_AGE or more (docs/product.md §8). */
export const isPropertyMinimumAge = (age: number) => Number.isInteger(age) && age >= MINIMUM_AGE && age <= 150

/** At least one image (docs/product.md §8). */
export const hasImage = (images: readonly unknown[]) => images.length > 0
