// Saved places against a mocked API: a visitor's hearts on the device, a signed-in user's shown at once,
// queued offline and undone when refused, the offer to keep a visitor's places at sign-in, the recently viewed
// list read from the cache, and sign-out leaving none of the user's saved places behind.
import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { get, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { PropertySummary } from '@/contract/catalog'
import type { Favourite } from '@/contract/favourites'
import { favouriteKeys } from '@/entities/favourite/favourites-api'
import { propertyKeys } from '@/entities/property/property-api'
import { storeSessionUser } from '@/entities/session/session'
import { resetSessionCheck, signOut } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { DEVICE_ENTRIES } from '@/lib/device-store'
import { createQueryClient } from '@/lib/query-client'
import { readOutbox } from '@/offline/outbox'
import { persistKey, persistOptions } from '@/offline/persister'
import { type Call, type Handler, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { property, summary } from '@/test/catalog'
import { ADA } from '@/test/users'

const LOFT = property('12', 'Harbour Loft')
const COTTAGE = property('13', 'Vine Cottage')
const place = (p: PropertySummary, savedAt: string): Favourite => ({
  property: summary(p._id, p.name),
  savedAt,
})

let calls: Call[] = []
const posts = (path: string) => calls.filter((call) => call.method === 'POST' && call.url.startsWith(path))

/** The API a signed-in Ada talks to: her saved places as `saved` holds them, and what each test adds. */
function mockSignedIn(saved: Favourite[], routes: Record<string, Handler> = {}) {
  calls = mockApi(AUTH_CONFIG_OFF, {
    'POST /api/validate-access-token': () => json(200, ADA),
    'GET /api/favourites/7/*': () => json(200, { items: saved }),
    'GET /api/property/12/en': () => json(200, LOFT),
    'GET /api/property/12/fr': () => json(200, LOFT),
    'GET /api/property-availability/12': () => json(200, { held: [] }),
    ...routes,
  })
}

/** A controllable answer: the test decides when the server has answered, and what. */
function deferred() {
  let answer: (response: Response) => void = () => undefined
  const promise = new Promise<Response>((resolve) => {
    answer = resolve
  })
  return { promise, answer }
}

const heart = async (name: string, scope = screen) =>
  within(await scope.findByRole('main')).findByRole('button', { name })

beforeEach(async () => {
  resetSessionCheck()
  await activateLocale('en')
})

afterEach(() => {
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
})

describe('a visitor’s saved places', () => {
  it('keeps a property on this device from its card, without the server, and lists it', async () => {
    calls = mockApi(AUTH_CONFIG_OFF)
    const queryClient = createQueryClient()
    queryClient.setQueryData(propertyKeys.one('12', 'en'), LOFT)
    await renderAt('/favourites', queryClient)
    const user = userEvent.setup()

    expect(
      await screen.findByText('Nothing saved yet. Tap the heart on a property to find it here.'),
    ).toBeVisible()
    await user.click(await heart('Save Harbour Loft'))

    const saved = JSON.parse(window.localStorage.getItem(DEVICE_ENTRIES.savedPlaces.key)!) as Favourite[]
    expect(saved.map((item) => item.property._id)).toEqual(['12'])
    const list = await screen.findByRole('list', { name: 'Saved places' })
    expect(within(list).getByRole('link', { name: 'Harbour Loft' })).toBeVisible()
    expect(
      within(list).getByRole('button', { name: 'Remove Harbour Loft from saved places' }),
    ).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('saved-on-device')).toHaveTextContent(
      'These are kept on this device only. Sign in to keep them in your account.',
    )
    expect(calls.filter((call) => call.url.includes('favourite'))).toEqual([])
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Saved' }),
    ).toHaveAttribute('href', '/favourites')

    // Let go of, from the list itself.
    await user.click(within(list).getByRole('button', { name: 'Remove Harbour Loft from saved places' }))
    await waitFor(() => expect(window.localStorage.getItem(DEVICE_ENTRIES.savedPlaces.key)).toBeNull())
  })

  it('says it in French', async () => {
    await activateLocale('fr')
    calls = mockApi(AUTH_CONFIG_OFF)
    window.localStorage.setItem('language', 'fr')
    window.localStorage.setItem(
      DEVICE_ENTRIES.savedPlaces.key,
      JSON.stringify([place(LOFT, '2027-01-02T10:00:00.000Z')]),
    )
    await renderAt('/favourites?l=fr')
    expect(await screen.findByRole('heading', { level: 1, name: 'Favoris' })).toBeVisible()
    expect(await heart('Retirer Harbour Loft des favoris')).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('saved-on-device')).toHaveTextContent(
      'Ils ne sont gardés que sur cet appareil. Connectez-vous pour les garder dans votre compte.',
    )
    expect(screen.getByRole('heading', { name: 'Consultés récemment' })).toBeVisible()
    // The header leads there in the reader's language.
    const nav = screen.getByRole('navigation', { name: 'Principal' })
    expect(within(nav).getByRole('link', { name: 'Favoris' })).toHaveAttribute('href', '/favourites')
  })
})

describe('a signed-in user’s heart', () => {
  beforeEach(() => {
    window.localStorage.setItem('user', JSON.stringify(ADA))
  })

  it('shows the change at once on the property page, sends it with an operation id, and undoes it if refused', async () => {
    const answer = deferred()
    mockSignedIn([], { 'POST /api/favourite/7/12': () => answer.promise })
    await renderAt('/property?id=12')
    const user = userEvent.setup()

    await user.click(await heart('Save Harbour Loft'))
    // Before the server has answered.
    expect(await heart('Remove Harbour Loft from saved places')).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(posts('/api/favourite/7/12')).toHaveLength(1))
    expect(posts('/api/favourite/7/12')[0]!.body).toEqual({
      favourite: true,
      operationId: expect.any(String),
    })

    answer.answer(json(404, { error: 'not_found', message: 'Property not found.' }))
    expect(await heart('Save Harbour Loft')).toHaveAttribute('aria-pressed', 'false')
    expect(await screen.findByText(/Your change was refused by the server and has been undone/)).toBeVisible()
  })

  it('offline, waits in the queue, shown as saved, and is sent once the connection returns', async () => {
    // The server's list, as the write makes it.
    const saved: Favourite[] = []
    mockSignedIn(saved, {
      'POST /api/favourite/7/12': () => {
        saved.push(place(LOFT, new Date().toISOString()))
        return json(200, { propertyId: '12', favourite: true })
      },
    })
    await renderAt('/property?id=12')
    const user = userEvent.setup()
    const button = await heart('Save Harbour Loft')

    act(() => onlineManager.setOnline(false))
    await user.click(button)
    expect(await heart('Remove Harbour Loft from saved places')).toHaveAttribute('aria-pressed', 'true')
    // In the outbox, on the device.
    expect(readOutbox('7').map((command) => command.type)).toEqual(['favourites.set'])
    expect(posts('/api/favourite')).toEqual([])

    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(posts('/api/favourite/7/12')).toHaveLength(1))
    expect(posts('/api/favourite/7/12')[0]!.body).toMatchObject({ favourite: true })
    expect(await heart('Remove Harbour Loft from saved places')).toHaveAttribute('aria-pressed', 'true')
  })

  it('lists the account’s saved places, the latest first, and reads them offline from the saved cache', async () => {
    mockSignedIn([place(COTTAGE, '2027-02-01T10:00:00.000Z'), place(LOFT, '2027-01-01T10:00:00.000Z')])
    const { queryClient } = await renderAt('/favourites')
    const list = await screen.findByRole('list', { name: 'Saved places' })
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Vine Cottage', 'Harbour Loft'])
    expect(screen.queryByTestId('saved-on-device')).toBeNull()
    // What the device keeps of it: the account's list is persisted for this user, not for the visitor's store.
    const query = queryClient.getQueryCache().find({ queryKey: favouriteKeys.list('7', 'en') })!
    expect(persistOptions('7').dehydrateOptions!.shouldDehydrateQuery!(query)).toBe(true)
    expect(persistOptions(null).dehydrateOptions!.shouldDehydrateQuery!(query)).toBe(false)
  })
})

describe('the offer to keep a visitor’s saved places at sign-in', () => {
  const places = [place(COTTAGE, '2027-02-01T10:00:00.000Z'), place(LOFT, '2027-01-01T10:00:00.000Z')]

  it('keeps them in the account in one queued write, and the device lets them go', async () => {
    window.localStorage.setItem(DEVICE_ENTRIES.savedPlaces.key, JSON.stringify(places))
    mockSignedIn([], { 'POST /api/add-favourites/7': () => json(200, { added: 2 }) })
    await renderAt('/favourites')
    expect(await heart('Remove Vine Cottage from saved places')).toBeVisible()
    expect(screen.queryByTestId('keep-saved-places')).toBeNull()

    // Ada signs in.
    act(() => storeSessionUser(ADA, false))
    const offer = await screen.findByTestId('keep-saved-places')
    expect(offer).toHaveTextContent(
      'You saved 2 places on this device before signing in. Keep them in your account?',
    )
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Keep' }))

    await waitFor(() => expect(posts('/api/add-favourites/7')).toHaveLength(1))
    expect(posts('/api/add-favourites/7')[0]!.body).toEqual({
      propertyIds: ['13', '12'],
      operationId: expect.any(String),
    })
    expect(window.localStorage.getItem(DEVICE_ENTRIES.savedPlaces.key)).toBeNull()
    await waitFor(() => expect(screen.queryByTestId('keep-saved-places')).toBeNull())
  })

  it('puts them back on the device when the server refuses, where the offer stands again', async () => {
    window.localStorage.setItem('user', JSON.stringify(ADA))
    window.localStorage.setItem(DEVICE_ENTRIES.savedPlaces.key, JSON.stringify(places))
    mockSignedIn([], {
      'POST /api/add-favourites/7': () => json(403, { error: 'suspended', message: 'No.' }),
    })
    await renderAt('/favourites')
    const offer = await screen.findByTestId('keep-saved-places')
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Keep' }))
    await waitFor(() => expect(posts('/api/add-favourites/7')).toHaveLength(1))
    await waitFor(() =>
      expect(
        (JSON.parse(window.localStorage.getItem(DEVICE_ENTRIES.savedPlaces.key) ?? '[]') as Favourite[]).map(
          (item) => item.property._id,
        ),
      ).toEqual(['13', '12']),
    )
    expect(await screen.findByTestId('keep-saved-places')).toBeVisible()
  })

  it('forgets them when asked, in French, sending nothing', async () => {
    await activateLocale('fr')
    window.localStorage.setItem('language', 'fr')
    window.localStorage.setItem('user', JSON.stringify({ ...ADA, language: 'fr' }))
    window.localStorage.setItem(DEVICE_ENTRIES.savedPlaces.key, JSON.stringify(places.slice(0, 1)))
    mockSignedIn([])
    await renderAt('/favourites?l=fr')
    const offer = await screen.findByTestId('keep-saved-places')
    expect(offer.textContent).toContain(
      'Vous avez ajouté 1 logement à vos favoris sur cet appareil avant de vous connecter. Le garder dans votre compte\u202f?',
    )
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Oublier' }))
    await waitFor(() => expect(screen.queryByTestId('keep-saved-places')).toBeNull())
    expect(window.localStorage.getItem(DEVICE_ENTRIES.savedPlaces.key)).toBeNull()
    expect(posts('/api/add-favourites')).toEqual([])
  })
})

describe('recently viewed', () => {
  it('lists the properties kept on the device, newest first, in the reader’s language, without asking the server', async () => {
    calls = mockApi(AUTH_CONFIG_OFF)
    const queryClient = createQueryClient()
    queryClient.setQueryData(propertyKeys.one('12', 'en'), LOFT, { updatedAt: 1_000 })
    queryClient.setQueryData(
      propertyKeys.one('13', 'fr'),
      { ...COTTAGE, name: 'Chaumière' },
      { updatedAt: 2_000 },
    )
    queryClient.setQueryData(propertyKeys.one('13', 'en'), COTTAGE, { updatedAt: 500 })
    queryClient.setQueryData(propertyKeys.one('14', 'en'), property('14', 'Dune House'), {
      updatedAt: 1_500,
    })
    await renderAt('/favourites', queryClient)
    const list = await screen.findByRole('list', { name: 'Recently viewed' })
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Vine Cottage', 'Dune House', 'Harbour Loft'])
    expect(calls.filter((call) => call.url.startsWith('/api/property'))).toEqual([])
  })
})

describe('sign-out', () => {
  it('leaves nothing of the user’s saved places on the device', async () => {
    window.localStorage.setItem('user', JSON.stringify(ADA))
    await set(persistKey('7'), '{"clientState":{"queries":[{"queryKey":["favourites","7","en"]}]}}')
    const queryClient = createQueryClient()
    queryClient.setQueryData(favouriteKeys.list('7', 'en'), {
      items: [place(LOFT, '2027-01-01T10:00:00.000Z')],
    })
    queryClient.setQueryData(favouriteKeys.list('7', 'fr'), { items: [] })
    calls = mockApi(AUTH_CONFIG_OFF, { 'POST /api/sign-out': () => json(200, {}) })

    await signOut(queryClient)

    expect(queryClient.getQueriesData({ queryKey: favouriteKeys.all() })).toEqual([])
    expect(await get(persistKey('7'))).toBeUndefined()
  })
})
