// The renter's list of bookings against a mocked API: the status filter offers only the statuses a renter's
// list can hold, and a card on a phone shows the property's whole name.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import type { BookingSummary } from '@/contract/bookings'
import { MOBILE_BREAKPOINT_PX } from '@/domain/constants'
import { resetSessionCheck } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { type Call, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { ADA } from '@/test/users'

const LONG_NAME = 'Sunny three-bedroom townhouse with a walled garden near the Canal Saint-Martin'

const BOOKING: BookingSummary = {
  _id: '42',
  property: { _id: '12', name: LONG_NAME, image: '/images/properties/house.webp' },
  agency: { _id: '3', name: 'Quay Homes' },
  from: '2028-05-04',
  to: '2028-05-07',
  price: 505,
  status: 'PAID',
  cancellation: false,
  cancelRequest: false,
}

let calls: Call[] = []

const openBookings = async () => {
  calls = mockApi(AUTH_CONFIG_OFF, {
    'POST /api/validate-access-token': () => json(200, ADA),
    'POST /api/bookings': () => json(200, { items: [BOOKING], nextCursor: null }),
  })
  await renderAt('/bookings')
  return within(await screen.findByRole('main'))
}

const originalMatchMedia = window.matchMedia

beforeEach(async () => {
  resetSessionCheck()
  await activateLocale('en')
  window.localStorage.setItem('user', JSON.stringify(ADA))
})

afterEach(() => {
  window.matchMedia = originalMatchMedia
})

describe('the bookings list', () => {
  it('offers a chip for each status a renter can have, and none for Void', async () => {
    const main = await openBookings()
    const filter = main.getByRole('group', { name: 'Filter by status' })
    const chips = within(filter)
      .getAllByRole('checkbox')
      .map((chip) => chip.closest('.mantine-Chip-root')?.textContent)
    expect(chips).toEqual(['Pending', 'Deposit', 'Paid', 'Reserved', 'Cancelled'])
  })

  it('shows upcoming stays first, and past ones under Past', async () => {
    const main = await openBookings()
    const asked = () =>
      calls
        .filter((call) => call.url === '/api/bookings')
        .map((call) => (call.body as { when?: string }).when)
    const upcoming = main.getByRole('radio', { name: 'Upcoming' })
    expect(upcoming).toBeChecked()
    await main.findByTestId('booking-card')
    expect(asked()).toEqual(['upcoming'])
    await userEvent.setup().click(main.getByRole('radio', { name: 'Past' }))
    await waitFor(() => expect(asked()).toEqual(['upcoming', 'past']))
  })

  it('on a phone, wraps the property’s name instead of cutting it', async () => {
    window.matchMedia = ((query: string) => ({
      ...originalMatchMedia(query),
      matches: query.includes(`max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px`),
    })) as typeof window.matchMedia
    const main = await openBookings()
    const name = await main.findByTestId('booking-property')
    expect(name).toHaveTextContent(LONG_NAME)
    expect(name).not.toHaveAttribute('data-truncate')
    expect(name).toHaveStyle({ overflowWrap: 'anywhere' })
  })
})
