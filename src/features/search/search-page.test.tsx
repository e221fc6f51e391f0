// The search screen against a mocked API: a filter value that breaks a rule of the search is kept as
// typed, said beside its field in the interface language, and left out of the search the screen sends;
// the newer filters (bedrooms, furnished, pets, the stay's price and its order) go from the URL to the call.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'

import { addDays } from '@/domain/stay'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { type Call, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { summary } from '@/test/catalog'

const LOFT = summary('12', 'Harbour Loft')

let calls: Call[] = []

/** A stay a month ahead, whatever the time zone: a week from 30 days after today in UTC. */
const aMonthAhead = () => {
  const from = addDays(new Date().toISOString().slice(0, 10), 30)
  return { from, to: addDays(from, 7) }
}

/** The bodies of the search calls the screen made, in order. */
const searches = () =>
  calls
    .filter((call) => call.method === 'POST' && call.url === '/api/properties/search')
    .map((call) => call.body as Record<string, unknown>)

/** The filters, as the desktop shows them beside the results. */
const filters = () => screen.getByRole('search', { name: 'Search filters' })

beforeEach(async () => {
  // A wide screen, where the filters are beside the results (a phone has them in a drawer).
  const narrow = window.matchMedia
  window.matchMedia = (query) => ({ ...narrow(query), matches: query.startsWith('(min-width') })
  onTestFinished(() => {
    window.matchMedia = narrow
  })
  await activateLocale('en')
  calls = mockApi(AUTH_CONFIG_OFF, {
    'GET /api/all-agencies': () => json(200, []),
    'GET /api/countries-with-locations/*': () => json(200, []),
    'POST /api/properties/search': () =>
      json(200, { items: [LOFT], nextCursor: null, total: 1, totalCapped: false }),
  })
})

describe('search filters that break a rule', () => {
  it.each([
    ['en', 'Maximum', 'The highest price must not be below the lowest.'],
    ['fr', 'Maximum', 'Le prix maximum ne peut pas être inférieur au prix minimum.'],
  ])(
    'a highest price below the lowest is kept, said beside the field (%s), and not searched with',
    async (language, label, message) => {
      await renderAt(`/search?l=${language}&minPrice=500&maxPrice=100`)
      const maximum = await screen.findByLabelText(label)
      expect(maximum).toHaveValue('100')
      expect(maximum).toHaveAccessibleDescription(message)
      await waitFor(() => expect(searches().length).toBeGreaterThan(0))
      for (const body of searches()) {
        expect(body.minPrice).toBe(500)
        expect(body).not.toHaveProperty('maxPrice')
      }
    },
  )

  it.each([
    ['en', 'From', 'The stay cannot start in the past.'],
    ['fr', 'Du', 'Le séjour ne peut pas commencer dans le passé.'],
  ])(
    'dates in the past are kept, said beside the field (%s), neither searched with nor priced',
    async (language, label, message) => {
      await renderAt(`/search?l=${language}&from=2020-01-01&to=2020-01-08&sort=totalAsc`)
      const from = await screen.findByLabelText(label)
      expect(from).toHaveAccessibleDescription(message)
      await screen.findByRole('link', { name: LOFT.name })
      expect(searches().length).toBeGreaterThan(0)
      for (const body of searches()) {
        expect(body).not.toHaveProperty('from')
        expect(body).not.toHaveProperty('to')
        // The order by the stay's price needs a stay: the default order instead.
        expect(body).not.toHaveProperty('sort')
      }
      // The card neither prices those nights nor carries them to the property.
      expect(screen.getByRole('link', { name: LOFT.name }).getAttribute('href')).not.toMatch(/from=/)
    },
  )

  it.each([
    ['en', 'Highest total', 'The highest price must not be below the lowest.'],
    ['fr', 'Total maximum', 'Le prix maximum ne peut pas être inférieur au prix minimum.'],
  ])(
    'a highest stay total below the lowest is said beside the field (%s) and not searched with',
    async (language, label, message) => {
      const { from, to } = aMonthAhead()
      await renderAt(`/search?l=${language}&from=${from}&to=${to}&minTotal=900&maxTotal=100`)
      const highest = await screen.findByLabelText(label)
      expect(highest).toHaveValue('100')
      expect(highest).toHaveAccessibleDescription(message)
      await waitFor(() => expect(searches().length).toBeGreaterThan(0))
      for (const body of searches()) {
        expect(body).toMatchObject({ from, to, minTotal: 900 })
        expect(body).not.toHaveProperty('maxTotal')
      }
    },
  )

  it('says so as soon as the highest price typed is below the lowest, and applies it as typed', async () => {
    const user = userEvent.setup()
    const { router } = await renderAt('/search')
    await user.type(await screen.findByLabelText('Minimum'), '300')
    const maximum = screen.getByLabelText('Maximum')
    await user.type(maximum, '50')
    expect(maximum).toHaveAccessibleDescription('The highest price must not be below the lowest.')
    // The URL keeps what was typed (a reload shows it again); the search leaves the highest price out.
    await waitFor(() => expect(router.state.location.searchStr).toMatch(/minPrice=300&maxPrice=50/))
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ minPrice: 300 }))
    expect(searches().at(-1)).not.toHaveProperty('maxPrice')
    expect(maximum).toHaveValue('50')

    await user.clear(maximum)
    await user.type(maximum, '900')
    expect(maximum).not.toHaveAccessibleDescription('The highest price must not be below the lowest.')
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ minPrice: 300, maxPrice: 900 }))
  })
})

describe('the filters renters expect', () => {
  it('reads bedrooms, furnished, pets and the stay total with its order from the URL, and sends them', async () => {
    const { from, to } = aMonthAhead()
    await renderAt(
      `/search?from=${from}&to=${to}&bedrooms=3&furnished=true&pets=true&minTotal=200&maxTotal=900&sort=totalDesc`,
    )
    expect(await screen.findByLabelText('Lowest total')).toHaveValue('200')
    expect(screen.getByLabelText('Highest total')).toHaveValue('900')
    expect(screen.getByRole('checkbox', { name: 'Furnished' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Pets allowed' })).toBeChecked()
    expect(screen.getByRole('radio', { name: '3+' })).toBeChecked()
    await screen.findByRole('link', { name: LOFT.name })
    expect(screen.getByLabelText('Sort by')).toHaveValue('totalDesc')
    expect(searches().at(-1)).toMatchObject({
      from,
      to,
      minBedrooms: 3,
      furnished: true,
      petsAllowed: true,
      minTotal: 200,
      maxTotal: 900,
      sort: 'totalDesc',
    })
  })

  it('puts each new filter in the URL as it is chosen', async () => {
    const user = userEvent.setup()
    const { router } = await renderAt('/search')
    await user.click(await within(filters()).findByRole('radio', { name: '2+' }))
    await user.click(within(filters()).getByRole('checkbox', { name: 'Pets allowed' }))
    await user.click(within(filters()).getByRole('checkbox', { name: 'Furnished' }))
    await waitFor(() => expect(router.state.location.searchStr).toMatch(/bedrooms=2/))
    expect(router.state.location.searchStr).toMatch(/pets=true/)
    expect(router.state.location.searchStr).toMatch(/furnished=true/)
    await waitFor(() =>
      expect(searches().at(-1)).toMatchObject({ minBedrooms: 2, petsAllowed: true, furnished: true }),
    )
    // Without dates, there is no stay to price: neither its price range nor its order is offered.
    expect(screen.queryByLabelText('Lowest total')).toBeNull()
    expect(
      [...(screen.getByLabelText('Sort by') as HTMLSelectElement).options].map((option) => option.value),
    ).not.toContain('totalAsc')
  })
})

describe('a search with dates', () => {
  const SHUT = summary('13', 'Quay Studio', { available: false })
  const GONE = summary('14', 'Dock Cottage', { soldOut: true })

  it.each([
    ['en', 'Available', 'All', 'for 7 nights'],
    ['fr', 'Disponible', 'Toutes', 'pour 7 nuits'],
  ])(
    'shows the availability it searches for (%s): what can be booked, unless the renter chooses all',
    async (language, available, all, nights) => {
      const user = userEvent.setup()
      const { from, to } = aMonthAhead()
      const { router } = await renderAt(`/search?l=${language}&from=${from}&to=${to}`)
      const form = await screen.findByRole('search', { name: /^(Search filters|Filtres de recherche)$/ })
      const group = await within(form).findByRole('group', { name: /^(Availability|Disponibilité)$/ })
      expect(within(group).getByRole('radio', { name: available })).toBeChecked()
      expect(within(group).getByRole('radio', { name: all })).not.toBeChecked()
      await screen.findByRole('link', { name: LOFT.name })
      expect(screen.getByRole('article')).toHaveTextContent(nights)

      await user.click(within(group).getByRole('radio', { name: all }))
      await waitFor(() =>
        expect(router.state.location.searchStr).toMatch(/availability=AVAILABLE%2CUNAVAILABLE/),
      )
      expect(within(group).getByRole('radio', { name: all })).toBeChecked()
      await waitFor(() =>
        expect(searches().at(-1)).toMatchObject({ from, to, availability: ['AVAILABLE', 'UNAVAILABLE'] }),
      )
    },
  )

  it('prices the stay only on the cards of properties that can be booked', async () => {
    calls = mockApi(AUTH_CONFIG_OFF, {
      'GET /api/all-agencies': () => json(200, []),
      'GET /api/countries-with-locations/*': () => json(200, []),
      'POST /api/properties/search': () =>
        json(200, { items: [LOFT, SHUT, GONE], nextCursor: null, total: 3, totalCapped: false }),
    })
    const { from, to } = aMonthAhead()
    await renderAt(`/search?from=${from}&to=${to}&availability=AVAILABLE,UNAVAILABLE&sort=totalAsc`)
    await screen.findByRole('link', { name: LOFT.name })
    const card = (name: string) => screen.getByRole('link', { name }).closest('article')!
    expect(card(LOFT.name)).toHaveTextContent('for 7 nights')
    for (const name of [SHUT.name, GONE.name]) {
      expect(card(name)).not.toHaveTextContent(/night/)
      // Its price per term is still said, as on any card.
      expect(within(card(name)).getByTestId('card-price')).toHaveTextContent('/ day')
    }
    expect(card(SHUT.name)).toHaveTextContent('Unavailable')
    expect(card(GONE.name)).toHaveTextContent('Sold out')
  })

  it.each([
    ['en', /^\$840(\.00)? for 7 nights$/, /^\$120(\.00)? \/ day$/],
    ['fr', /^\$840(,00)? pour 7 nuits$/, /^\$120(,00)? \/ jour$/],
  ])(
    'a dated card (%s) is priced for the stay, its price per term said under it',
    async (language, stayPrice, termPrice) => {
      const { from, to } = aMonthAhead()
      await renderAt(`/search?l=${language}&from=${from}&to=${to}`)
      await screen.findByRole('link', { name: LOFT.name })
      const card = screen.getByRole('article')
      expect(within(card).getByTestId('card-price').textContent).toMatch(stayPrice)
      expect(within(card).getByTestId('card-term-price').textContent).toMatch(termPrice)
    },
  )

  it('without dates, shows every property and searches for all of them', async () => {
    await renderAt('/search')
    const form = await screen.findByRole('search', { name: 'Search filters' })
    const group = await within(form).findByRole('group', { name: 'Availability' })
    expect(within(group).getByRole('radio', { name: 'All' })).toBeChecked()
    await waitFor(() => expect(searches().length).toBeGreaterThan(0))
    for (const body of searches()) expect(body).not.toHaveProperty('availability')
  })
})

describe('the search screen in French', () => {
  it('is headed with a noun, "Recherche", while the header’s link keeps the verb', async () => {
    await renderAt('/search?l=fr')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Recherche$/)
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Rechercher' })).toBeInTheDocument()
  })
})

// The server counts up to a cap (server/routes/catalog.test.ts): a search that matches more says "over" it,
// formatted in the interface language, beside the results and, on a phone, on the filter drawer's button.
describe('a search that matches more than the server counts', () => {
  beforeEach(() => {
    calls = mockApi(AUTH_CONFIG_OFF, {
      'GET /api/all-agencies': () => json(200, []),
      'GET /api/countries-with-locations/*': () => json(200, []),
      'POST /api/properties/search': () =>
        json(200, { items: [LOFT], nextCursor: null, total: 1000, totalCapped: true }),
    })
  })

  it.each([
    ['en', 'Over 1,000 properties'],
    // French groups thousands with a narrow no-break space.
    ['fr', 'Plus de 1\u202f000 logements'],
  ])('says "over 1,000" in %s', async (language, said) => {
    await renderAt(`/search?l=${language}`)
    await screen.findByRole('link', { name: LOFT.name })
    expect(screen.getByTestId('results-count').textContent).toBe(said)
  })

  it('says it on the filter drawer’s button on a phone', async () => {
    // Below the `md` breakpoint: the filters are in a drawer.
    const wide = window.matchMedia
    window.matchMedia = (query) => ({ ...wide(query), matches: false })
    await renderAt('/search')
    await screen.findByRole('link', { name: LOFT.name })
    expect(screen.getByTestId('results-count').textContent).toBe('Over 1,000 properties')
    await userEvent.click(screen.getByTestId('search-summary'))
    const drawer = await screen.findByRole('dialog', { name: 'Filters' })
    expect(within(drawer).getByRole('button', { name: 'Show over 1,000 properties' })).toBeVisible()
  })
})
