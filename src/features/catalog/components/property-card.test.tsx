// A property card draws again only when what it shows changed: the search's results drawn again (here, as
// they are read again and the read's state changes) leave their cards alone. A card's render is counted by
// the size it formats (`formatNumber` with the property's size), which nothing else on the screen formats.
import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import type { PropertySummary } from '@/domain/catalog'
import { formatNumber } from '@/domain/money'
import type * as MoneyModule from '@/domain/money'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { createQueryClient } from '@/lib/query-client'
import { type Call, json, mockApi, renderAt } from '@/test/app-harness'

vi.mock('@/domain/money', async (importOriginal) => {
  const actual = await importOriginal<typeof MoneyModule>()
  return { ...actual, formatNumber: vi.fn(actual.formatNumber) }
})

/** A size no other card or screen part shows. */
const SIZE = 487

const LOFT: PropertySummary = {
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
}

let calls: Call[] = []

const cardRenders = () => vi.mocked(formatNumber).mock.calls.filter(([value]) => value === SIZE).length
const searches = () => calls.filter((call) => call.method === 'POST' && call.url === '/api/properties/search')

beforeEach(async () => {
  await activateLocale('en')
  calls = mockApi(AUTH_CONFIG_OFF, {
    'GET /api/all-agencies': () => json(200, []),
    'GET /api/countries-with-locations/*': () => json(200, []),
    'POST /api/properties/search': () =>
      json(200, { items: [LOFT], nextCursor: null, total: 1, totalCapped: false }),
  })
})

describe('a property card in the search results', () => {
  it('is not drawn again when the results are read again and come back the same', async () => {
    const queryClient = createQueryClient()
    await renderAt('/search', queryClient)
    expect(await screen.findByText('Harbour Loft')).toBeInTheDocument()
    await waitFor(() => expect(searches()).toHaveLength(1))
    const before = cardRenders()
    expect(before).toBeGreaterThan(0)

    await act(() => queryClient.refetchQueries({ type: 'active' }))
    await waitFor(() => expect(searches()).toHaveLength(2))
    expect(screen.getByText('Harbour Loft')).toBeInTheDocument()
    expect(cardRenders()).toBe(before)
  })
})
