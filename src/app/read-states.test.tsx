// The screens that read one thing from the server, through the real routes against a mocked API, when there
// is nothing to show: a 404, a refusal, an error, nothing saved while offline, an empty list.
import { onlineManager } from '@tanstack/react-query'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { resetSessionCheck } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { type Handler, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { ADA } from '@/test/users'

const unanswered: Handler = () => {
  throw new TypeError('Failed to fetch')
}
const failing: Handler = () => json(500, { error: 'internal', message: 'Something broke.' })
const signedIn = { 'POST /api/validate-access-token': () => json(200, ADA) }
const EMPTY_PAGE = { items: [], nextCursor: null }
// The search filters' lists.
const filterLists = {
  'GET /api/all-agencies': () => json(200, []),
  'GET /api/countries-with-locations/*': () => json(200, []),
}

async function open(path: string, routes: Record<string, Handler>) {
  mockApi(AUTH_CONFIG_OFF, routes)
  await renderAt(path)
  return within(await screen.findByRole('main'))
}

beforeEach(async () => {
  resetSessionCheck()
  await activateLocale('en')
})

afterEach(() => onlineManager.setOnline(true))

describe('the property page', () => {
  it('says a property the server does not know is not found, in English and in French', async () => {
    let main = await open('/property?id=12', {})
    expect(await main.findByRole('heading', { level: 1, name: 'Property not found' })).toBeInTheDocument()
    expect(main.getByText('This property does not exist or is no longer offered.')).toBeInTheDocument()
    expect(main.getByRole('link', { name: 'Search properties' })).toHaveAttribute('href', '/search')

    cleanup()
    main = await open('/property?id=12&l=fr', {})
    expect(await main.findByRole('heading', { level: 1, name: 'Logement introuvable' })).toBeInTheDocument()
    expect(main.getByText('Ce logement n’existe pas ou n’est plus proposé.')).toBeInTheDocument()
  })

  it('says an error, and offline with nothing saved, under its own title', async () => {
    let main = await open('/property?id=12', { 'GET /api/property/12/en': failing })
    expect(await main.findByRole('heading', { level: 1, name: 'Property' })).toBeInTheDocument()
    expect(main.getByText('An unhandled error occurred.')).toBeInTheDocument()

    cleanup()
    onlineManager.setOnline(false)
    main = await open('/property?id=12', { 'GET /api/property/12/en': unanswered })
    expect(
      await main.findByText('You seem to be offline, and this property was not saved on this device.'),
    ).toBeInTheDocument()
  })
})

describe('the booking page', () => {
  beforeEach(() => window.localStorage.setItem('user', JSON.stringify(ADA)))

  it.each([
    [404, 'This booking does not exist.'],
    [403, 'This is not your booking.'],
    [500, 'An unhandled error occurred.'],
  ])('says what a %i means, with the way back to the bookings', async (status, words) => {
    const main = await open('/booking?id=42', {
      ...signedIn,
      'GET /api/booking/42/en': () => json(status, { error: 'refused', message: 'Server words.' }),
    })
    expect(await main.findByText(words)).toBeInTheDocument()
    expect(main.getByRole('heading', { level: 1, name: 'Booking' })).toBeInTheDocument()
    expect(main.getByRole('link', { name: 'All my bookings' })).toHaveAttribute('href', '/bookings')
  })

  it('says offline that the booking was not saved on this device', async () => {
    onlineManager.setOnline(false)
    const main = await open('/booking?id=42', { ...signedIn, 'GET /api/booking/42/en': unanswered })
    expect(
      await main.findByText('You seem to be offline, and this booking was not saved on this device.'),
    ).toBeInTheDocument()
  })
})

describe('the checkout', () => {
  const CHECKOUT = '/checkout?property=12&from=2027-05-01&to=2027-05-05'

  it('says a property the server does not know is not offered, and offers the search', async () => {
    const main = await open(CHECKOUT, {})
    expect(await main.findByRole('alert')).toHaveTextContent(
      'This property does not exist or is no longer offered.',
    )
    expect(main.getByRole('link', { name: 'Search properties' })).toBeInTheDocument()
  })

  it('with the property known, says why its price was refused and offers other dates', async () => {
    const main = await open(CHECKOUT, {
      'GET /api/property/12/en': () => json(200, { _id: '12', name: 'Harbour Loft', images: [] }),
      'POST /api/booking-price': () => json(409, { error: 'property_unavailable', message: 'Server words.' }),
    })
    expect(await main.findByRole('alert')).toHaveTextContent('This property cannot be booked.')
    expect(main.getByRole('link', { name: 'Choose other dates' })).toHaveAttribute(
      'href',
      expect.stringContaining('/property'),
    )
  })

  it('offline with nothing saved, says booking needs a connection', async () => {
    onlineManager.setOnline(false)
    const main = await open(CHECKOUT, {
      'GET /api/property/12/en': unanswered,
      'POST /api/booking-price': unanswered,
    })
    expect(await main.findByText('Booking needs a connection.')).toBeInTheDocument()
  })
})

describe('the lists', () => {
  beforeEach(() => window.localStorage.setItem('user', JSON.stringify(ADA)))

  it('my bookings: an error with Try again, which loads the empty list', async () => {
    const answers = [failing, () => json(200, EMPTY_PAGE)]
    const main = await open('/bookings', {
      ...signedIn,
      'POST /api/bookings': (...call) => answers.shift()!(...call),
    })
    expect(await main.findByText('Your bookings could not be loaded.')).toBeInTheDocument()
    expect(main.getByText('An unhandled error occurred.')).toBeInTheDocument()
    await userEvent.click(main.getByRole('button', { name: 'Try again' }))
    expect(await main.findByText('You have no upcoming stay.')).toBeInTheDocument()
  })

  it('notifications: offline with nothing saved, and an empty list', async () => {
    onlineManager.setOnline(false)
    let main = await open('/notifications', { ...signedIn, 'GET /api/notifications/*': unanswered })
    expect(await main.findByText('Your notifications could not be loaded.')).toBeInTheDocument()
    expect(
      main.getByText('You seem to be offline, and these notifications were not saved on this device.'),
    ).toBeInTheDocument()

    cleanup()
    onlineManager.setOnline(true)
    main = await open('/notifications?l=fr', {
      ...signedIn,
      'GET /api/notifications/*': () => json(200, { items: [], page: 1, pageSize: 30, total: 0, unread: 0 }),
    })
    expect(await main.findByText('Vous n’avez aucune notification.')).toBeInTheDocument()
  })

  it('search: offline with nothing saved, and no match', async () => {
    onlineManager.setOnline(false)
    let main = await open('/search', { ...filterLists, 'POST /api/properties/search': unanswered })
    expect(await main.findByRole('status')).toHaveTextContent('Searching needs a connection.')

    cleanup()
    onlineManager.setOnline(true)
    main = await open('/search', {
      ...filterLists,
      'POST /api/properties/search': () => json(200, { ...EMPTY_PAGE, total: 0, totalCapped: false }),
    })
    expect(await main.findByText('No property matches this search.')).toBeInTheDocument()
  })
})
