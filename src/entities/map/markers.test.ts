import { describe, expect, it } from 'vitest'

import type { CountryWithLocations } from '@/contract/catalog'

import { destinationMarkers, propertyMarker } from './markers.ts'

describe('map markers', () => {
  it('pin every location of the destinations, named with its country', () => {
    const countries: CountryWithLocations[] = [
      {
        _id: '1',
        name: 'France',
        locations: [
          {
            _id: '7',
            name: 'Paris',
            countryId: '1',
            parentId: null,
            latitude: 48.86,
            longitude: 2.35,
            image: null,
          },
          {
            _id: '8',
            name: 'Lyon',
            countryId: '1',
            parentId: null,
            latitude: 45.76,
            longitude: 4.84,
            image: null,
          },
        ],
      },
    ]
    expect(destinationMarkers(countries)).toEqual([
      {
        id: 'location-7',
        kind: 'location',
        latitude: 48.86,
        longitude: 2.35,
        name: 'Paris',
        detail: 'France',
        href: '/search?location=7',
      },
      expect.objectContaining({ id: 'location-8', name: 'Lyon', href: '/search?location=8' }),
    ])
  })

  it('pin a property only when it has a position', () => {
    expect(propertyMarker({ _id: '5', name: 'Loft', latitude: 1, longitude: 2 })).toEqual({
      id: 'property-5',
      kind: 'property',
      latitude: 1,
      longitude: 2,
      name: 'Loft',
      detail: undefined,
      href: '/property?id=5',
    })
    expect(propertyMarker({ _id: '5', name: 'Loft', latitude: null, longitude: null })).toBeNull()
  })
})
