// The back office's account page in jsdom, the API mocked at `fetch`: the agency's public contact (what a
// renter's booking page shows) saved, a refused phone said beside its field with what was typed kept, and the
// e-mail switch.
import { createMemoryHistory } from '@tanstack/react-router'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { createQueryClient } from '@/lib/query-client'

import { OfficeApp } from './office-app'
import { createOfficeRouter } from './router'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const AGENCY = {
  _id: '7',
  email: 'agency@haven.test',
  fullName: 'Blue Door Lettings',
  phone: null,
  birthDate: null,
  bio: null,
  language: 'en',
  enableEmailNotifications: true,
  blacklisted: false,
  avatar: null,
  type: 'AGENCY',
  hasPassword: true,
  activated: true,
}

beforeEach(async () => {
  await activateLocale('en')
})
afterEach(() => vi.unstubAllGlobals())

it("saves the agency's public contact and its e-mail choice; a refusal keeps what was typed", async () => {
  const calls: { url: string; body: Record<string, unknown> }[] = []
  let updates = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : {}
      calls.push({ url, body })
      if (url === '/api/validate-access-token') return json(200, AGENCY)
      if (url === '/api/notification-counter/7') return json(200, { count: 0 })
      if (url === '/api/update-user') {
        updates += 1
        return updates === 1
          ? json(400, {
              error: 'validation',
              message: 'Invalid phone number.',
              fields: { phone: 'invalid_phone' },
            })
          : json(200, { ...AGENCY, ...body })
      }
      if (url === '/api/update-email-notifications') return json(200, { ...AGENCY, ...body })
      return json(404, { error: 'not_found', message: 'Not found' })
    }),
  )
  const router = createOfficeRouter(
    createQueryClient(),
    createMemoryHistory({ initialEntries: ['/admin/account'] }),
  )
  render(<OfficeApp queryClient={router.options.context.queryClient} router={router} />)
  await router.load()

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
