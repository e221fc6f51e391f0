// A property's description, gallery, facts and map are drawn again only when the property changes: its held
// stays, read once the page is shown, change the booking panel and bar, not the rest of the page. A render of
// the facts is counted by the size they format (`formatNumber` with the property's size), which nothing else
// on the page formats.
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import type { Property } from '@/domain/catalog'
import { formatNumber } from '@/domain/money'
import type * as MoneyModule from '@/domain/money'
import { addDays } from '@/domain/stay'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { type Call, json, mockApi, renderAt } from '@/test/app-harness'

vi.mock('@/domain/money', async (importOriginal) => {
  const actual = await importOriginal<typeof MoneyModule>()
  return { ...actual, formatNumber: vi.fn(actual.formatNumber) }
})

/** A size nothing else on the page shows. */
const SIZE = 487

const LOFT: Property = {
  _id: '12',
  name: 'Harbour Loft',
  type: 'APARTMENT',
  rentalTerm: 'DAILY',
  price: 120,
  bedrooms: 2,
  bathrooms: 1,
  size: SIZE,
  available: true,
  soldOut: false,
  image: '/images/properties/loft.webp',
  agency: { _id: '3', name: 'Harbor & Pine Realty', image: '/images/agencies/agency-3.webp' },
  location: { _id: '5', name: 'Bordeaux' },
  latitude: null,
  longitude: null,
  description: 'Two rooms over the harbour.',
  address: '1 Quay Street',
  minimumAge: 21,
  kitchens: 1,
  parkingSpaces: 0,
  aircon: false,
  furnished: true,
  petsAllowed: false,
  cancellation: 0,
  amendments: -1,
  images: [],
}

/** The stay asked for, a month ahead whatever the time zone; the server holds its nights. */
const STAY = (() => {
  const from = addDays(new Date().toISOString().slice(0, 10), 30)
  return { from, to: addDays(from, 3) }
})()

let calls: Call[] = []
let answerAvailability: () => void = () => {}

const factRenders = () => vi.mocked(formatNumber).mock.calls.filter(([value]) => value === SIZE).length

beforeEach(async () => {
  await activateLocale('en')
  const held = new Promise<void>((resolve) => {
    answerAvailability = resolve
  })
  calls = mockApi(AUTH_CONFIG_OFF, {
    'GET /api/property/12/en': () => json(200, LOFT),
    'GET /api/property-availability/12': async () => {
      await held
      return json(200, { held: [STAY] })
    },
  })
})

describe('a property’s page', () => {
  it('does not draw its facts again when the held stays arrive', async () => {
    await renderAt(`/property?id=12&from=${STAY.from}&to=${STAY.to}`)
    expect(await screen.findByText('Two rooms over the harbour.')).toBeInTheDocument()
    await waitFor(() => expect(calls.some((call) => call.url === '/api/property-availability/12')).toBe(true))
    const before = factRenders()
    expect(before).toBeGreaterThan(0)

    answerAvailability()
    // The booking panel has drawn the held stays: the page rendered again with them.
    expect(
      await screen.findByText('Some of these nights are already booked. Choose other dates.'),
    ).toBeInTheDocument()
    expect(factRenders()).toBe(before)
  })
})
