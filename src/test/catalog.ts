// Properties as the API answers them, for the catalog's screen tests: a search's summary and a property's
// whole record, each with what a test changes (a size, a description) given as overrides.
import type { Property, PropertySummary } from '@/contract/catalog'

export const summary = (
  id: string,
  name: string,
  overrides: Partial<PropertySummary> = {},
): PropertySummary => ({
  _id: id,
  name,
  type: 'APARTMENT',
  rentalTerm: 'DAILY',
  price: 120,
  bedrooms: 2,
  bathrooms: 1,
  size: 60,
  available: true,
  soldOut: false,
  image: `/images/properties/${id}.webp`,
  agency: { _id: '3', name: 'Quay Homes', image: '/images/agencies/3.webp' },
  location: { _id: '5', name: 'Bordeaux' },
  latitude: null,
  longitude: null,
  ...overrides,
})

export const property = (id: string, name: string, overrides: Partial<Property> = {}): Property => ({
  ...summary(id, name),
  description: 'A bright flat.',
  address: '1 Quay Street',
  minimumAge: 21,
  kitchens: 1,
  parkingSpaces: 0,
  aircon: false,
  furnished: true,
  petsAllowed: false,
  cancellation: -1,
  amendments: -1,
  images: [],
  ...overrides,
})
