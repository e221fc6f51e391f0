// The back office's account page in jsdom, the API mocked at `fetch`: the agency's public contact (what a
// renter's booking page shows) saved, a refused phone said beside its field with what was typed kept, the
// e-mail switch, and push on this device turned on and off.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { json } from '@/test/api-mock'
import { AGENCY, mockOfficeApi, openAt } from '@/test/office-harness'

beforeEach(async () => {
  await activateLocale('en')
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

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

it('turns push on this device on (permission asked from the click, the subscription given to the server) and off, in French too', async () => {
  await activateLocale('fr')
  const calls = mockOfficeApi(
    {
      'GET /api/notification-counter/7': () => json(200, { count: 0 }),
      'GET /api/push-key': () => json(200, { publicKey: 'BEl6' }),
      'POST /api/push-subscription': () => json(200, { subscribed: true }),
      'POST /api/delete-push-subscription': () => json(200, { unsubscribed: true }),
    },
    { ...AGENCY, language: 'fr' },
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
  await openAt('/admin/account')

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
  expect(
    calls.filter((call) => call.url === '/api/push-subscription').map(({ url, body }) => ({ url, body })),
  ).toEqual([{ url: '/api/push-subscription', body: subscription.toJSON() }])

  await user.click(toggle)
  await waitFor(() => expect(toggle).not.toBeChecked())
  expect(
    calls
      .filter((call) => call.url === '/api/delete-push-subscription')
      .map(({ url, body }) => ({ url, body })),
  ).toEqual([{ url: '/api/delete-push-subscription', body: { endpoint } }])
  expect(subscription.unsubscribe).toHaveBeenCalledTimes(1)
})
