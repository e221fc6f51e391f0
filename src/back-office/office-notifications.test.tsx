// The back office's notifications in jsdom, the API mocked at `fetch`: the agency's own notices, their unread
// count in the navigation, a selection marked read, and the link into the booking's page.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { json } from '@/test/api-mock'
import { mockOfficeApi, openAt } from '@/test/office-harness'

const NOTICES = [
  {
    _id: '12',
    message: '“Ada Lovelace” asks to cancel their booking of Harbour Loft, Apr 2 – 5, 2027.',
    bookingId: '41',
    link: '/admin/bookings/41',
    isRead: false,
    createdAt: '2027-03-01T09:00:00Z',
  },
  {
    _id: '11',
    message: 'New booking of Harbour Loft, Apr 2 – 5, 2027, by “Ada Lovelace”.',
    bookingId: '41',
    link: '/admin/bookings/41',
    isRead: true,
    createdAt: '2027-02-28T09:00:00Z',
  },
]

beforeEach(async () => {
  await activateLocale('en')
})
afterEach(() => vi.unstubAllGlobals())

describe("an agency's notifications", () => {
  it('lists its own, counts the unread in the navigation, and marks a selection read', async () => {
    let unread = 1
    const calls = mockOfficeApi({
      'GET /api/notification-counter/7': () => json(200, { count: unread }),
      'GET /api/notifications/7/1/30': () =>
        json(200, {
          items: NOTICES.map((notice) => (unread === 0 ? { ...notice, isRead: true } : notice)),
          page: 1,
          pageSize: 30,
          total: 2,
          unread,
        }),
      'POST /api/mark-notifications-as-read/7': () => {
        unread = 0
        return json(200, { count: 0 })
      },
    })
    await openAt('/admin/notifications')

    expect(await screen.findByText(/asks to cancel their booking/)).toBeInTheDocument()
    expect(screen.getByText('1 unread notification')).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Back office' })
    expect(await within(nav).findByRole('link', { name: 'Notifications (unread: 1)' })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Open the booking' })[0]).toHaveAttribute(
      'href',
      '/admin/bookings/41',
    )

    const user = userEvent.setup()
    const boxes = screen.getAllByRole('checkbox', { name: /Select the notification of/ })
    await user.click(boxes[0]!)
    await user.click(screen.getByRole('button', { name: 'Mark as read' }))
    await waitFor(() => expect(screen.getByText('0 unread notifications')).toBeInTheDocument())
    expect(calls.find((call) => call.url === '/api/mark-notifications-as-read/7')?.body).toEqual({
      ids: ['12'],
    })
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Notifications' })).toBeInTheDocument())
  })
})
