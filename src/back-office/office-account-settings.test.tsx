// The back office's account page in jsdom, the API mocked at `fetch`: the agency's public contact (what a
// renter's booking page shows) saved, a refused phone said beside its field with what was typed kept, and the
// e-mail switch.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { json } from '@/test/api-mock'
import { AGENCY, mockOfficeApi, openAt } from '@/test/office-harness'

beforeEach(async () => {
  await activateLocale('en')
})
afterEach(() => vi.unstubAllGlobals())

it("saves the agency's public contact and its e-mail choice; a refusal keeps what was typed", async () => {
  let updates = 0
  const bodyOf = (init: RequestInit) => JSON.parse(init.body as string) as Record<string, unknown>
  const calls = mockOfficeApi({
    'GET /api/notification-counter/7': () => json(200, { count: 0 }),
    'POST /api/update-user': (_, init) => {
      updates += 1
      return updates === 1
        ? json(400, {
            error: 'validation',
            message: 'Invalid phone number.',
            fields: { phone: 'invalid_phone' },
          })
        : json(200, { ...AGENCY, ...bodyOf(init) })
    },
    'POST /api/update-email-notifications': (_, init) => json(200, { ...AGENCY, ...bodyOf(init) }),
  })
  await openAt('/admin/account')

  const user = userEvent.setup()
  const phone = await screen.findByRole('textbox', { name: 'Phone' })
  await user.type(phone, '+33 1 23 45 67 89')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'))
  expect(phone).toHaveValue('+33 1 23 45 67 89')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Saved.')).toBeInTheDocument()
  expect(calls.findLast((call) => call.url === '/api/update-user')?.body).toMatchObject({
    _id: '7',
    fullName: 'Blue Door Lettings',
    phone: '+33 1 23 45 67 89',
  })

  await user.click(screen.getByRole('switch', { name: /E-mail me about new bookings/ }))
  await waitFor(() =>
    expect(calls.find((call) => call.url === '/api/update-email-notifications')?.body).toEqual({
      _id: '7',
      enableEmailNotifications: false,
    }),
  )
  await waitFor(() =>
    expect(screen.getByRole('switch', { name: /E-mail me about new bookings/ })).not.toBeChecked(),
  )
})
