import { describe, expect, it } from 'vitest'
import webPush from 'web-push'

import { createPushSender, isPrivateEndpoint } from './push.ts'

describe('push endpoints the server posts to', () => {
  it.each([
    'https://localhost/push',
    'https://api.localhost/push',
    'https://127.0.0.1:8443/push',
    'https://10.1.2.3/push',
    'https://172.20.0.5/push',
    'https://192.168.1.20/push',
    'https://169.254.169.254/latest',
    'https://100.64.0.1/push',
    'https://[::1]/push',
    'https://[fd00::1]/push',
    'https://[fe80::1]/push',
    'https://[::ffff:127.0.0.1]/push',
  ])('refuses %s, on this machine or a private network', (endpoint) => {
    expect(isPrivateEndpoint(endpoint)).toBe(true)
  })

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/abc',
    'https://8.8.8.8/push',
  ])('takes %s', (endpoint) => {
    expect(isPrivateEndpoint(endpoint)).toBe(false)
  })

  it('accepts private endpoints only when configured to (PUSH_PRIVATE_ENDPOINTS: tests, closed networks)', () => {
    const keys = webPush.generateVAPIDKeys()
    const subject = 'mailto:support@haven.test'
    expect(createPushSender({ keys, subject }).accepts('https://127.0.0.1/push')).toBe(false)
    expect(createPushSender({ keys, subject }).accepts('https://fcm.googleapis.com/x')).toBe(true)
    const open = createPushSender({ keys, subject, privateEndpoints: true })
    expect(open.accepts('https://127.0.0.1/push')).toBe(true)
    expect(open.accepts('https://fcm.googleapis.com/x')).toBe(true)
  })
})
