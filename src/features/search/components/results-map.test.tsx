// What the results' map is given to pin: each property at its place, labelled with what a renter compares,
// the price of the stay searched for, or else the price per rental term, in the visitor's language.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { LazyMapProps } from '@/entities/map/lazy-map'
import { activateLocale } from '@/i18n/activate'
import { loadCatalogs } from '@/i18n/catalogs'
import { summary } from '@/test/catalog'

import { ResultsMap } from './results-map'

const given = vi.hoisted(() => ({ props: null as LazyMapProps | null }))
vi.mock('@/entities/map/lazy-map', () => ({
  LazyMap: (props: LazyMapProps) => {
    given.props = props
    return null
  },
}))

const nbsp = '\u00a0'
const PROPERTIES = [
  summary('1', 'Quay Loft', { price: 120, rentalTerm: 'DAILY', latitude: 44.84, longitude: -0.57 }),
  summary('2', 'Garden House', { price: 1500, rentalTerm: 'MONTHLY', latitude: 44.85, longitude: -0.58 }),
  summary('3', 'Nowhere Flat', { latitude: null, longitude: null }),
]

async function pinsGiven(
  language: 'en' | 'fr',
  stay?: { from: string; to: string },
  properties = PROPERTIES,
) {
  await activateLocale(language)
  await loadCatalogs(['entities', 'search'])
  window.localStorage.setItem('language', language)
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ResultsMap properties={properties} stay={stay} height={300} />
      </QueryClientProvider>
    </I18nProvider>,
  )
  return given.props?.markers?.map(({ id, label }) => ({ id, label }))
}

describe('the results’ map pins', () => {
  afterEach(() => window.localStorage.clear())

  it('carry the price per rental term without dates', async () => {
    expect(await pinsGiven('en')).toEqual([
      { id: 'property-1', label: '$120 / day' },
      { id: 'property-2', label: '$1,500 / month' },
    ])
    expect(await pinsGiven('fr')).toEqual([
      { id: 'property-1', label: `$120 / jour` },
      { id: 'property-2', label: `$1${nbsp}500 / mois` },
    ])
  })

  it('carry the price of the stay with dates', async () => {
    // A week: 7 days at 120, and a week of a month's rent (1500 × 7 ÷ 31 for March).
    const stay = { from: '2027-03-10', to: '2027-03-17' }
    expect(await pinsGiven('en', stay)).toEqual([
      { id: 'property-1', label: '$840' },
      { id: 'property-2', label: '$338.71' },
    ])
    expect(await pinsGiven('fr', stay)).toEqual([
      { id: 'property-1', label: '$840' },
      { id: 'property-2', label: '$338,71' },
    ])
  })

  it('never price the stay of a property that cannot be booked, as its card does not', async () => {
    const stay = { from: '2027-03-10', to: '2027-03-17' }
    const properties = [
      summary('4', 'Shut Studio', {
        price: 90,
        rentalTerm: 'DAILY',
        available: false,
        latitude: 44.8,
        longitude: -0.5,
      }),
      summary('5', 'Full Cottage', {
        price: 700,
        rentalTerm: 'WEEKLY',
        soldOut: true,
        latitude: 44.9,
        longitude: -0.6,
      }),
    ]
    expect(await pinsGiven('en', stay, properties)).toEqual([
      { id: 'property-4', label: '$90 / day' },
      { id: 'property-5', label: '$700 / week' },
    ])
  })
})
