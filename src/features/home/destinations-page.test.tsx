// The destinations screen, through the real route with the API mocked at `fetch`: every place the API offers
// is a link to its search, however many places its country has; the home page features only the countries
// with at least MIN_LOCATIONS places.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { CountryWithLocations } from '@/contract/catalog'
import { MIN_LOCATIONS } from '@/domain/constants'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'

const country = (id: string, name: string, places: string[]): CountryWithLocations => ({
  _id: id,
  name,
  locations: places.map((place, i) => ({
    _id: `${id}${i}`,
    name: place,
    countryId: id,
    parentId: null,
    latitude: 0,
    longitude: 0,
    image: null,
  })),
})

/** More places than a home page card shows, and a country below the home page's minimum. */
const COUNTRIES = [
  country('1', 'France', [
    'Bordeaux',
    'Lille',
    'Lyon',
    'Marseille',
    'Montpellier',
    'Nantes',
    'Nice',
    'Paris',
    'Rennes',
  ]),
  country('2', 'Morocco', ['Casablanca', 'Marrakech', 'Rabat']),
]

beforeEach(async () => {
  await activateLocale('en')
  mockApi(AUTH_CONFIG_OFF, {
    'GET /api/countries-with-locations/en': () => json(200, COUNTRIES),
    // The home page's other sections, empty.
    'POST /api/properties/search': () =>
      json(200, { items: [], nextCursor: null, total: 0, totalCapped: false }),
    'GET /api/all-agencies': () => json(200, []),
  })
})

afterEach(() => vi.unstubAllGlobals())

describe('the destinations', () => {
  it('lists every place the API offers, each a link to its properties', async () => {
    await renderAt('/destinations')
    for (const place of COUNTRIES.flatMap((c) => c.locations)) {
      const link = await screen.findByRole('link', { name: place.name })
      expect(link.getAttribute('href')).toBe(`/search?location=${place._id}`)
    }
    expect(screen.getByRole('heading', { name: 'Morocco' })).toBeInTheDocument()
  })

  it('features on the home page the countries with enough places, a few places each', async () => {
    expect(COUNTRIES[1]!.locations.length).toBeLessThan(MIN_LOCATIONS)
    await renderAt('/')
    const france = (await screen.findByRole('heading', { name: 'France' })).closest('article')!
    expect(within(france as HTMLElement).getAllByRole('link')).toHaveLength(8)
    expect(screen.queryByRole('heading', { name: 'Morocco' })).toBeNull()
  })
})
