// The back office's account page in jsdom, the API mocked at `fetch`: the agency's public contact (what a
// renter's booking page shows) saved, a refused phone said beside its field with what was typed kept, the
// e-mail switch, and push on this device turned on and off.
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
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

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

it('turns push on this device on (permission asked from the click, the subscription given to the server) and off, in French too', async () => {
  await activateLocale('fr')
  const calls: { url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined })
      if (url === '/api/validate-access-token') return json(200, { ...AGENCY, language: 'fr' })
      if (url === '/api/notification-counter/7') return json(200, { count: 0 })
      if (url === '/api/push-key') return json(200, { publicKey: 'BEl6' })
      if (url === '/api/push-subscription') return json(200, { subscribed: true })
      if (url === '/api/delete-push-subscription') return json(200, { unsubscribed: true })
      return json(404, { error: 'not_found', message: 'Not found' })
    }),
  )
  // A browser with push, the back office's worker registered, nothing asked yet.
  const endpoint = 'https://push.example.com/send/office'
  let subscribed: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null =
    null
  const subscription = {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: 'k', auth: 'a' } }),
    unsubscribe: vi.fn(async () => {
      subscribed = null
      return true
    }),
  }
  const registration = {
    pushManager: {
      getSubscription: async () => subscribed,
      subscribe: vi.fn(async () => (subscribed = subscription)),
    },
  }
  const notification = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => (notification.permission = 'granted')),
  }
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', notification)
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  })
  const router = createOfficeRouter(
    createQueryClient(),
    createMemoryHistory({ initialEntries: ['/admin/account'] }),
  )
  render(<OfficeApp queryClient={router.options.context.queryClient} router={router} />)
  await router.load()

  const user = userEvent.setup()
  const toggle = await screen.findByRole('switch', {
    name: (name) => name.startsWith('Notifications push sur cet appareil'),
  })
  expect(screen.getByText(/pour accepter ou refuser depuis la notification elle-même/)).toBeInTheDocument()
  await waitFor(() => expect(toggle).toBeEnabled())
  expect(toggle).not.toBeChecked()
  // Nothing is asked of the browser before the click.
  expect(notification.requestPermission).not.toHaveBeenCalled()

  await user.click(toggle)
  await waitFor(() => expect(toggle).toBeChecked())
  expect(notification.requestPermission).toHaveBeenCalledTimes(1)
  expect(calls.filter((call) => call.url === '/api/push-subscription')).toEqual([
    { url: '/api/push-subscription', body: subscription.toJSON() },
  ])

  await user.click(toggle)
  await waitFor(() => expect(toggle).not.toBeChecked())
  expect(calls.filter((call) => call.url === '/api/delete-push-subscription')).toEqual([
    { url: '/api/delete-push-subscription', body: { endpoint } },
  ])
  expect(subscription.unsubscribe).toHaveBeenCalledTimes(1)
})
