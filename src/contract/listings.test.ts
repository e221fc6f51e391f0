// The property form's rules (docs/product.md §6, Listings; src/domain/property-rules.ts), each on its field
// with its code, as the back office's form and the server's 400 show them.
import { describe, expect, it } from 'vitest'

import { FIELD_ERROR_TEXTS } from '../domain/auth-messages.ts'
import { isOptionValue, isPropertyMinimumAge, isPropertyPrice } from '../domain/property-rules.ts'
import { listingFieldsSchema } from './listings.ts'

const valid = {
  name: 'Harbour loft',
  locationId: '3',
  type: 'APARTMENT',
  rentalTerm: 'DAILY',
  price: 120,
  minimumAge: 21,
  address: null,
  descriptionEn: 'Bright loft by the harbour.',
  descriptionFr: 'Loft lumineux près du port.',
  bedrooms: 2,
  bathrooms: 1,
  kitchens: 1,
  parkingSpaces: 0,
  size: 60,
  aircon: false,
  furnished: true,
  petsAllowed: false,
  available: true,
  soldOut: false,
  hidden: false,
  images: ['0123456789abcdef0123456789abcdef.webp'],
  cancellation: -1,
  amendments: 0,
  latitude: null,
  longitude: null,
}

/** The code of each invalid field, the first one per field, as the server's 400 and the form keep it. */
function fieldsOf(input: Record<string, unknown>): Record<string, string> {
  const parsed = listingFieldsSchema.safeParse(input)
  if (parsed.success) return {}
  const fields: Record<string, string> = {}
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message
  return fields
}

describe('the property form rules', () => {
  it('accepts a property with every rule kept', () => {
    expect(fieldsOf(valid)).toEqual({})
  })

  it("refuses a property without an image ('Please add an image.')", () => {
    expect(fieldsOf({ ...valid, images: [] })).toEqual({ images: 'no_image' })
    expect(fieldsOf({ ...valid, images: undefined })).toEqual({ images: 'required' })
    expect(FIELD_ERROR_TEXTS.no_image).toBe('Please add an image.')
  })

  it('requires the description in each language, and the type', () => {
    expect(fieldsOf({ ...valid, descriptionEn: '  ', descriptionFr: undefined, type: undefined })).toEqual({
      descriptionEn: 'required',
      descriptionFr: 'required',
      type: 'required',
    })
    expect(fieldsOf({ ...valid, type: 'CASTLE' })).toEqual({ type: 'invalid' })
    expect(FIELD_ERROR_TEXTS.required).toBe('Please fill in the field:')
  })

  it('asks a minimum age of 21 or more', () => {
    expect(fieldsOf({ ...valid, minimumAge: 20 })).toEqual({ minimumAge: 'minimum_age_too_low' })
    expect(fieldsOf({ ...valid, minimumAge: 21.5 })).toEqual({ minimumAge: 'minimum_age_too_low' })
    expect(fieldsOf({ ...valid, minimumAge: 30 })).toEqual({})
    expect(isPropertyMinimumAge(21)).toBe(true)
    expect(FIELD_ERROR_TEXTS.minimum_age_too_low).toBe('The minimum age must be greater than or equal to 21.')
  })

  it('takes -1 (not offered), 0 (included) or a fee above 0 for cancellation and amendments', () => {
    for (const value of [-1, 0, 0.5, 25, 1000.99]) expect(isOptionValue(value), String(value)).toBe(true)
    for (const value of [-2, -0.5, 1.234, Number.NaN, Infinity])
      expect(isOptionValue(value), String(value)).toBe(false)
    expect(fieldsOf({ ...valid, cancellation: -5, amendments: 'free' })).toEqual({
      cancellation: 'option_invalid',
      amendments: 'option_invalid',
    })
  })

  it('asks a price above 0 and a rental term', () => {
    expect(fieldsOf({ ...valid, price: 0 })).toEqual({ price: 'price_not_positive' })
    expect(fieldsOf({ ...valid, price: -10 })).toEqual({ price: 'price_not_positive' })
    expect(fieldsOf({ ...valid, price: undefined, rentalTerm: undefined })).toEqual({
      price: 'required',
      rentalTerm: 'required',
    })
    expect(isPropertyPrice(0.01)).toBe(true)
    expect(isPropertyPrice(1e12)).toBe(false)
  })

  it('requires a name and a location, and refuses an image name it did not give', () => {
    expect(fieldsOf({ ...valid, name: '', locationId: undefined, images: ['../../etc/passwd'] })).toEqual({
      name: 'required',
      locationId: 'required',
      'images.0': 'invalid',
    })
  })
})
