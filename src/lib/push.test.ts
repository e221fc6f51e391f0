// This device's push subscription given to the server again on a signed-in page load (src/lib/push.ts): the
// server drops a subscription with the session that gave it, and the browser's own outlives that.
import { afterEach, describe, expect, it, vi } from 'vitest'

import { renewPushOnServer } from './push'

const fetch = vi.fn(async (_path: string, _init?: RequestInit) => Response.json({ subscribed: true }))

const subscription = {
  endpoint: 'https://push.example.com/send/abc',
  toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'k', auth: 'a' } }),
}

function browserWithPush(permission: NotificationPermission, subscribed: boolean) {
  vi.stubGlobal('fetch', fetch)
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', { permission })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => ({
        pushManager: { getSubscription: async () => (subscribed ? subscription : null) },
      }),
    },
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  fetch.mockClear()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('renewing push on the server', () => {
  it("gives the browser's subscription to the server again", async () => {
    browserWithPush('granted', true)
    await renewPushOnServer()
    expect(fetch).toHaveBeenCalledWith(
      '/api/push-subscription',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(subscription.toJSON()) }),
    )
  })

  it('asks nothing of a browser with no subscription, or whose notifications are not allowed', async () => {
    browserWithPush('granted', false)
    await renewPushOnServer()
    browserWithPush('default', true)
    await renewPushOnServer()
    expect(fetch).not.toHaveBeenCalled()
  })
})
