// What the catalog's screens draw again, and what they leave alone: a search's cards when the results are read
// again and come back the same, a property's facts when its held stays arrive. A card's or the facts' render is
// counted by the size each formats (`formatNumber` with the property's size), which nothing else on these
// screens formats.
import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { formatNumber } from '@/domain/money'
import type * as MoneyModule from '@/domain/money'
import { addDays } from '@/domain/stay'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { createQueryClient } from '@/lib/query-client'
import { type Call, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { property, summary } from '@/test/catalog'

vi.mock('@/domain/money', async (importOriginal) => {
  const actual = await importOriginal<typeof MoneyModule>()
  return { ...actual, formatNumber: vi.fn(actual.formatNumber) }
})

/** A size nothing else on these screens shows. */
const SIZE = 487

const renders = () => vi.mocked(formatNumber).mock.calls.filter(([value]) => value === SIZE).length

/** The stay asked for, a month ahead whatever the time zone. */
const STAY = (() => {
  const from = addDays(new Date().toISOString().slice(0, 10), 30)
  return { from, to: addDays(from, 3) }
})()

let calls: Call[] = []
const callsTo = (method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url)

beforeEach(async () => {
  await activateLocale('en')
})

describe('a property card in the search results', () => {
  it('is not drawn again when the results are read again and come back the same', async () => {
    calls = mockApi(AUTH_CONFIG_OFF, {
      'GET /api/all-agencies': () => json(200, []),
      'GET /api/countries-with-locations/*': () => json(200, []),
      'POST /api/properties/search': () =>
        json(200, {
          items: [summary('12', 'Harbour Loft', { size: SIZE })],
          nextCursor: null,
          total: 1,
          totalCapped: false,
        }),
    })
    const queryClient = createQueryClient()
    await renderAt('/search', queryClient)
    expect(await screen.findByText('Harbour Loft')).toBeInTheDocument()
    await waitFor(() => expect(callsTo('POST', '/api/properties/search')).toHaveLength(1))
    const before = renders()
    expect(before).toBeGreaterThan(0)

    await act(() => queryClient.refetchQueries({ type: 'active' }))
    await waitFor(() => expect(callsTo('POST', '/api/properties/search')).toHaveLength(2))
    expect(screen.getByText('Harbour Loft')).toBeInTheDocument()
    expect(renders()).toBe(before)
  })
})

describe('a property’s page', () => {
  it('does not draw its facts again when the held stays arrive', async () => {
    let answerHeldStays: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      answerHeldStays = resolve
    })
    calls = mockApi(AUTH_CONFIG_OFF, {
      'GET /api/property/12/en': () =>
        json(200, property('12', 'Harbour Loft', { size: SIZE, description: 'Two rooms over the harbour.' })),
      'GET /api/property-availability/12': async () => {
        await held
        return json(200, { held: [STAY] })
      },
    })
    await renderAt(`/property?id=12&from=${STAY.from}&to=${STAY.to}`)
    expect(await screen.findByText('Two rooms over the harbour.')).toBeInTheDocument()
    await waitFor(() => expect(callsTo('GET', '/api/property-availability/12')).toHaveLength(1))
    const before = renders()
    expect(before).toBeGreaterThan(0)

    answerHeldStays()
    // The booking panel has drawn the held stays: the page rendered again with them.
    expect(
      await screen.findByText('Some of these nights are already booked. Choose other dates.'),
    ).toBeInTheDocument()
    expect(renders()).toBe(before)
  })
})
