// This device's push subscription given to the server again on a signed-in page load (src/lib/push.ts): the
// server drops a subscription with the session that gave it, and the browser's own outlives that.
import { afterEach, describe, expect, it, vi } from 'vitest'

import { apiFetch } from './api-client'
import { renewPushOnServer } from './push'

vi.mock('./api-client', () => ({ apiFetch: vi.fn(async () => ({})) }))

const subscription = {
  endpoint: 'https://push.example.com/send/abc',
  toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'k', auth: 'a' } }),
}

function browserWithPush(permission: NotificationPermission, subscribed: boolean) {
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
  vi.mocked(apiFetch).mockClear()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('renewing push on the server', () => {
  it("gives the browser's subscription to the server again", async () => {
    browserWithPush('granted', true)
    await renewPushOnServer()
    expect(apiFetch).toHaveBeenCalledWith('/api/push-subscription', {
      method: 'POST',
      body: subscription.toJSON(),
    })
  })

  it('asks nothing of a browser with no subscription, or whose notifications are not allowed', async () => {
    browserWithPush('granted', false)
    await renewPushOnServer()
    browserWithPush('default', true)
    await renewPushOnServer()
    expect(apiFetch).not.toHaveBeenCalled()
  })
})
