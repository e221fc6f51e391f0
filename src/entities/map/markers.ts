// What the map pins, and where each pin's popup leads. Light on purpose: the pages that build markers must
// not pull MapLibre into their chunk.
import type { CountryWithLocations, Location, Property } from '@/contract/catalog'

export interface MapMarker {
  /** Unique among the markers of one map. */
  id: string
  /** A location's popup offers its properties; a property's popup opens it. */
  kind: 'location' | 'property'
  latitude: number
  longitude: number
  /** Shown in the popup and read out as the marker's name. */
  name: string
  /** A second line in the popup, e.g. the country. */
  detail?: string
  /** Written on the pin itself (a property's price), and read out after its name. */
  label?: string
  /** Where the popup's link leads: an app path with its query. */
  href: string
}

/**
 * The search of docs/product.md §4 filtered by a location (which includes its children): `?location=` of
 * search-params.
 */
export const locationSearchHref = (locationId: string) => `/search?location=${encodeURIComponent(locationId)}`

/** The property screen: `?id=` of validatePropertyScreenParams. */
export const propertyHref = (propertyId: string) => `/property?id=${encodeURIComponent(propertyId)}`

export function locationMarker(location: Location, detail?: string): MapMarker {
  return {
    id: `location-${location._id}`,
    kind: 'location',
    latitude: location.latitude,
    longitude: location.longitude,
    name: location.name,
    detail,
    href: locationSearchHref(location._id),
  }
}

/** Every location of the destinations, named with its country. */
export function destinationMarkers(countries: CountryWithLocations[]): MapMarker[] {
  return countries.flatMap((country) =>
    country.locations.map((location) => locationMarker(location, country.name)),
  )
}

/** A property with a position; null when it has none. */
export function propertyMarker(
  property: Pick<Property, '_id' | 'name' | 'latitude' | 'longitude'>,
  detail?: string,
): MapMarker | null {
  if (property.latitude === null || property.longitude === null) return null
  return {
    id: `property-${property._id}`,
    kind: 'property',
    latitude: property.latitude,
    longitude: property.longitude,
    name: property.name,
    detail,
    href: propertyHref(property._id),
  }
}
