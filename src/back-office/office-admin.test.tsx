// The administration's screens in jsdom, the API mocked at `fetch`: the administrator's navigation and first
// screen, the users' search in the URL, an act confirmed and its outcome told, and the server's refusals in
// words (English and French).
import { createMemoryHistory } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { AgencyPage, PlacesAnswer, PlatformOverview, UserPage } from '@/contract/admin'
import { activateLocale } from '@/i18n/activate'
import { createQueryClient } from '@/lib/query-client'

import { OfficeApp } from './office-app'
import { createOfficeRouter } from './router'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const STAFF = {
  email: 'admin@haven.test',
  phone: null,
  birthDate: null,
  bio: null,
  language: 'en',
  enableEmailNotifications: true,
  blacklisted: false,
  avatar: null,
  hasPassword: true,
  activated: true,
}
const ADMIN = { ...STAFF, _id: '1', fullName: 'Grace Hopper', type: 'ADMIN' }
const AGENCY = { ...STAFF, _id: '7', fullName: 'Blue Door Lettings', type: 'AGENCY' }

const OVERVIEW: PlatformOverview = {
  bookings: { week: { PENDING: 3, PAID: 1 }, month: { PENDING: 5, PAID: 4, CANCELLED: 2 } },
  payments: { week: { taken: 1200, count: 2 }, month: { taken: 5300, count: 6 } },
  refunds: {
    refunded: 1,
    pending: 0,
    failed: [{ bookingId: '88', provider: 'stripe', amount: 240, attempts: 5, nextAttemptAt: null }],
  },
  outbox: { backlog: 4, failed: 1, oldestUndeliveredAt: '2027-03-01T08:00:00Z' },
  accounts: { signUps: { week: 6, month: 20 }, activations: { week: 5, month: 17 }, notActivated: 3 },
}

const RENTER: UserPage = {
  user: {
    _id: '9',
    fullName: 'Ada Lovelace',
    email: 'ada@example.test',
    type: 'USER',
    state: 'active',
    createdAt: '2027-01-05T09:00:00Z',
    phone: null,
    language: 'en',
    activatedAt: '2027-01-05T09:10:00Z',
  },
  bookings: [],
  signIns: [{ at: '2027-02-28T09:00:00Z', address: '203.0.113.7', userAgent: 'Firefox' }],
  acts: [],
}

const AGENCY_PAGE: AgencyPage = {
  _id: '7',
  name: 'Blue Door Lettings',
  email: 'agency@haven.test',
  phone: null,
  bio: null,
  language: 'en',
  payLater: true,
  logo: '/images/agencies/blue.webp',
  state: 'active',
  countries: [{ _id: '2', name: 'France' }],
  propertyCount: 3,
  acts: [],
}

const PLACES: PlacesAnswer = [
  {
    _id: '2',
    code: 'FR',
    nameEn: 'France',
    nameFr: 'France',
    locations: [
      {
        _id: '5',
        countryId: '2',
        parentId: null,
        nameEn: 'Nice',
        nameFr: 'Nice',
        latitude: 43.7,
        longitude: 7.27,
        propertyCount: 2,
      },
    ],
  },
]

type Route = (url: string, init: RequestInit) => Response
function mockApi(routes: Record<string, Route>, staff: unknown = ADMIN) {
  const calls: { method: string; url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined })
      if (url === '/api/validate-access-token') return json(200, staff)
      const key = Object.keys(routes).find((each) => `${method} ${url}` === each)
      return key ? routes[key]!(url, init) : json(404, { error: 'not_found', message: 'Not found' })
    }),
  )
  return calls
}

async function openAt(path: string) {
  const router = createOfficeRouter(createQueryClient(), createMemoryHistory({ initialEntries: [path] }))
  render(<OfficeApp queryClient={router.options.context.queryClient} router={router} />)
  await router.load()
  return router
}

beforeEach(async () => {
  await activateLocale('en')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the administrator's back office", () => {
  it('lists the administration in the navigation and opens on the platform at a glance', async () => {
    mockApi({ 'GET /api/admin/overview': () => json(200, OVERVIEW) })
    await openAt('/admin/overview')
    expect(await screen.findByRole('heading', { name: 'The platform at a glance' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Back office' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'At a glance',
      'Bookings',
      'Properties',
      'Calendar',
      'Notifications',
      'Users',
      'Agencies',
      'Places',
      'Account',
    ])
    expect(within(nav).getByRole('link', { name: 'At a glance' })).toHaveAttribute('aria-current', 'page')
    const byStatus = await screen.findByTestId('bookings-by-status')
    const pending = within(byStatus).getByRole('row', { name: /Pending/ })
    expect(
      within(pending)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '5'])
    expect(screen.getByText('Refunds that failed need a hand')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Booking 88' })).toHaveAttribute('href', '/admin/bookings/88')
    expect(screen.getByText('Accounts not activated').nextSibling).toHaveTextContent('3')
  })

  it('says the platform at a glance in French, its money in French typography', async () => {
    mockApi({ 'GET /api/admin/overview': () => json(200, OVERVIEW) })
    await openAt('/admin/overview?l=fr')
    expect(await screen.findByRole('heading', { name: 'La plateforme en un coup d’œil' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Back-office' })
    expect(within(nav).getByRole('link', { name: 'En un coup d’œil' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(
      screen.getByText('Des remboursements ont échoué et demandent une intervention'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Réservation 88' })).toHaveAttribute('href', '/admin/bookings/88')
    // Money as the renter's pages write it, the thousands grouped by a no-break space.
    expect(screen.getByText('Paiements reçus cette semaine').nextSibling?.textContent).toBe('$1\u00a0200 (2)')
    expect(screen.getByText('Comptes non activés').nextSibling).toHaveTextContent('3')
  })

  it("shows an agency none of the administration's pages in its navigation", async () => {
    mockApi(
      { 'GET /api/back-office/bookings': () => json(200, { items: [], total: 0, totalCapped: false }) },
      AGENCY,
    )
    await openAt('/admin')
    const nav = await screen.findByRole('navigation', { name: 'Back office' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Bookings', 'Properties', 'Calendar', 'Notifications', 'Account'])
  })
})

describe('the users', () => {
  it('asks for the search in its URL, and a new search starts again at page 1', async () => {
    const calls = mockApi({
      'POST /api/admin/users': () =>
        json(200, {
          rows: [
            { ...RENTER.user },
            { ...RENTER.user, _id: '7', fullName: 'Blue Door Lettings', type: 'AGENCY' },
          ],
          total: 61,
        }),
    })
    const router = await openAt('/admin/users?keyword=ada&type=USER&state=active&page=2')
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/admin/users/9',
    )
    expect(screen.getByRole('link', { name: 'Blue Door Lettings' })).toHaveAttribute(
      'href',
      '/admin/agencies/7',
    )
    expect(calls.find((call) => call.url === '/api/admin/users')?.body).toEqual({
      keyword: 'ada',
      type: 'USER',
      state: 'active',
      page: 2,
    })
    expect(screen.getByText('61 found, page 2 of 3')).toBeInTheDocument()

    const user = userEvent.setup()
    const keyword = screen.getByRole('textbox', { name: 'Name or e-mail' })
    await user.clear(keyword)
    await user.type(keyword, 'lovelace{Enter}')
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ keyword: 'lovelace', type: 'USER', state: 'active' }),
    )
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ keyword: 'lovelace', page: 1 }))
  })

  it("suspends a renter once confirmed, says so, and tells a refusal in the server's words", async () => {
    let state: UserPage['user']['state'] = 'active'
    const calls = mockApi({
      'GET /api/admin/user/9': () => json(200, { ...RENTER, user: { ...RENTER.user, state } }),
      'POST /api/admin/suspend/9': () => {
        state = 'suspended'
        return json(200, { _id: '9', state })
      },
      'POST /api/admin/password-reset/9': () =>
        json(503, { error: 'change_not_saved', message: 'Not saved' }),
    })
    await openAt('/admin/users/9')
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument()
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Suspend' }))
    const dialog = await screen.findByRole('dialog', { name: 'Suspend' })
    // Nothing is sent before the confirmation.
    expect(calls.some((call) => call.url === '/api/admin/suspend/9')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The account is suspended: every session of it has ended.',
    )
    expect(await screen.findByRole('button', { name: 'Lift the suspension' })).toBeInTheDocument()
    expect(screen.getByTestId('user-state')).toHaveTextContent('Suspended')

    await user.click(screen.getByRole('button', { name: 'Start a password reset' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your change could not be saved')
  })
})

describe('agencies and places', () => {
  it("refuses to delete an agency a booking holds a property of, saying the server's reason, in French too", async () => {
    mockApi({
      'GET /api/admin/agency/7': () => json(200, AGENCY_PAGE),
      'GET /api/admin/places': () => json(200, PLACES),
      'DELETE /api/admin/agency/7': () =>
        json(409, { error: 'agency_has_bookings', message: 'This agency cannot be deleted.' }),
    })
    await activateLocale('fr')
    await openAt('/admin/agencies/7')
    expect(await screen.findByRole('heading', { name: 'Blue Door Lettings' })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Supprimer' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }))
    // Word for word, with French typography's no-break space before the colon.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cette agence ne peut pas être supprimée\u00a0: une réservation porte sur l’un de ses biens. Désactivez-la plutôt.',
    )
  })

  it("adds a place with its names and coordinates, and says a used place's deletion is refused", async () => {
    const calls = mockApi({
      'GET /api/admin/places': () => json(200, PLACES),
      'POST /api/admin/locations': () =>
        json(200, { ...PLACES[0]!.locations[0], _id: '6', propertyCount: 0 }),
      'GET /api/admin/location/5': () => json(200, { ...PLACES[0]!.locations[0], acts: [] }),
      'DELETE /api/admin/location/5': () =>
        json(409, {
          error: 'location_in_use',
          message: 'This place cannot be deleted: a property is in it.',
        }),
    })
    await openAt('/admin/places')
    expect(await screen.findByRole('link', { name: 'Nice' })).toHaveAttribute(
      'href',
      '/admin/places/locations/5',
    )
    const form = screen.getByRole('region', { name: 'Add a place' })
    const user = userEvent.setup()
    await user.click(within(form).getByLabelText(/^Country/))
    await user.click(await screen.findByRole('option', { name: 'France', hidden: true }))
    await user.type(within(form).getByLabelText(/^Name in English/), 'Antibes')
    await user.type(within(form).getByLabelText(/^Name in French/), 'Antibes')
    await user.type(within(form).getByLabelText(/^Latitude/), '43.58')
    await user.type(within(form).getByLabelText(/^Longitude/), '7.12')
    await user.click(within(form).getByRole('button', { name: 'Add the place' }))
    expect(await screen.findByText('The place is added.')).toBeInTheDocument()
    expect(calls.find((call) => call.url === '/api/admin/locations')?.body).toEqual({
      countryId: '2',
      parentId: null,
      nameEn: 'Antibes',
      nameFr: 'Antibes',
      latitude: 43.58,
      longitude: 7.12,
    })

    await user.click(screen.getByRole('link', { name: 'Nice' }))
    expect(await screen.findByRole('heading', { name: 'Nice', level: 1 })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This place cannot be deleted: a property is in it.',
    )
  })

  it('shows a country in French, by its French name, and says its refused deletion in French', async () => {
    const germany = { _id: '3', code: 'DE', nameEn: 'Germany', nameFr: 'Allemagne' }
    mockApi({
      'GET /api/admin/country/3': () => json(200, { ...germany, acts: [] }),
      'DELETE /api/admin/country/3': () =>
        json(409, {
          error: 'country_in_use',
          message: 'This country cannot be deleted: it has places, or an agency serves it.',
        }),
    })
    await openAt('/admin/places/countries/3?l=fr')
    expect(await screen.findByRole('heading', { name: 'Allemagne', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Tous les lieux' })).toHaveAttribute('href', '/admin/places')
    expect(screen.getByLabelText(/^Nom en français/)).toHaveValue('Allemagne')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Supprimer' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain(
      'Supprimer Allemagne\u202f? C’est refusé tant qu’il a des lieux ou qu’une agence le dessert.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Ce pays ne peut pas être supprimé\u00a0: il a des lieux, ou une agence le dessert.',
    )
  })
})
