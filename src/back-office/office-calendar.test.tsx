// The back office's calendar in jsdom, the API mocked at `fetch`: a month of one property's held nights, each
// day opening its booking, and nights closed and opened again, a refusal said in its words.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Calendar } from '@/contract/back-office'
import { activateLocale } from '@/i18n/activate'
import { json } from '@/test/api-mock'
import { mockOfficeApi, openAt } from '@/test/office-harness'

const LOFT = { _id: '3', name: 'Harbour Loft' }
const CALENDAR: Calendar = {
  bookings: [{ _id: '41', property: LOFT, from: '2027-04-02', to: '2027-04-05', status: 'PENDING' }],
  blocked: [{ _id: '5', property: LOFT, from: '2027-04-20', to: '2027-04-22', note: 'Painting' }],
}
const LISTINGS = {
  items: [
    {
      ...LOFT,
      agency: { _id: '7', name: 'Blue Door Lettings' },
      location: 'Lisbon',
      type: 'APARTMENT',
      rentalTerm: 'DAILY',
      price: 120,
      available: true,
      soldOut: false,
      hidden: false,
      image: '/a.webp',
    },
  ],
  total: 1,
  page: 1,
  size: 100,
}

beforeEach(async () => {
  await activateLocale('en')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the calendar', () => {
  it("shows a property's month, each held day opening its booking, and moves to the next month", async () => {
    const calls = mockOfficeApi({
      'GET /api/back-office/calendar*': (url) =>
        json(200, url.includes('from=2027-04-01') ? CALENDAR : { bookings: [], blocked: [] }),
      'GET /api/back-office/properties*': () => json(200, LISTINGS),
    })
    const router = await openAt('/admin/calendar?month=2027-04&propertyId=3')
    const grid = await screen.findByRole('table', { name: 'April 2027' })
    expect(calls.find((call) => call.url.startsWith('/api/back-office/calendar'))?.url).toBe(
      '/api/back-office/calendar?propertyId=3&from=2027-04-01&to=2027-05-01&status=PENDING%2CDEPOSIT%2CPAID%2CRESERVED',
    )
    // Three nights (the 2nd, 3rd and 4th), each a way to the booking; the 5th is free.
    const nights = within(grid).getAllByRole('link', {
      name: /^Harbour Loft, Pending, .*: open the booking$/,
    })
    expect(nights).toHaveLength(3)
    expect(nights[0]).toHaveAttribute('href', '/admin/bookings/41')
    // Two closed nights.
    expect(within(grid).getAllByText('Closed')).toHaveLength(2)
    expect(screen.getByText(/Painting/)).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('link', { name: 'Next month' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ month: '2027-05', propertyId: '3' }),
    )
    expect(await screen.findByText('No night is held this month.')).toBeInTheDocument()
  })

  it('closes nights, says when they are held already, and opens closed nights again', async () => {
    let closes = 0
    const calls = mockOfficeApi({
      'GET /api/back-office/calendar*': () => json(200, CALENDAR),
      'GET /api/back-office/properties*': () => json(200, LISTINGS),
      'POST /api/back-office/blocked-nights': () => {
        closes += 1
        return closes === 1
          ? json(409, { error: 'nights_held', message: 'Some of these nights are booked or closed already.' })
          : json(200, { _id: '6', property: LOFT, from: '2027-04-10', to: '2027-04-12', note: null })
      },
      'DELETE /api/back-office/blocked-nights/5': () => json(200, { _id: '5' }),
    })
    await openAt('/admin/calendar?month=2027-04&propertyId=3')
    const user = userEvent.setup()
    const from = await screen.findByLabelText(/^First night/)
    await user.clear(from)
    await user.type(from, '2027-04-03')
    const to = screen.getByLabelText(/^Open again on/)
    await user.clear(to)
    await user.type(to, '2027-04-04')
    await user.click(screen.getByRole('button', { name: 'Close these nights' }))
    expect(await screen.findByText('Some of these nights are booked or closed already.')).toBeInTheDocument()
    expect(calls.find((call) => call.url === '/api/back-office/blocked-nights')?.body).toEqual({
      propertyId: '3',
      from: '2027-04-03',
      to: '2027-04-04',
    })
    await user.clear(from)
    await user.type(from, '2027-04-10')
    await user.clear(to)
    await user.type(to, '2027-04-12')
    await user.click(screen.getByRole('button', { name: 'Close these nights' }))
    expect(await screen.findByText('These nights are closed.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /^Open again Harbour Loft/ }))
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.url === '/api/back-office/blocked-nights/5'),
      ).toBe(true),
    )
  })
})
