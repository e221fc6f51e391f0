// Web push on this device (docs/product.md §12): the browser's subscription, made with the server's VAPID
// key and given to the server, or taken back. Permission is asked only from the settings' switch (a click),
// never on load. Sign-out takes this device's subscription off the server first, while the session still
// lets it (src/entities/session/session-lifecycle.ts); the browser's own is dropped with the user's data (src/offline/user-data.ts).
import type { PushSubscriptionJson } from '@/contract/notifications'
import { pushKey, subscribePush, unsubscribePush } from '@/contract/routes'

import { call } from './api-client'

/**
 * What this device can do: no push here, ever (no Push API or service worker, a private window, a browser
 * without a push service), push refused by the user, or push possible (on or off).
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on'

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  return (await currentSubscription()) ? 'on' : 'off'
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * The browser's push service refusing for good rather than for now: a private window (Chromium's answer is
 * 'permission denied' with notifications allowed), a browser without a push service ('push service not
 * available', 'push service error'), or no push for this kind of page. A network trouble fails before, on
 * the server's key.
 */
const REFUSED_FOR_GOOD = new Set(['AbortError', 'NotAllowedError', 'NotSupportedError'])

/** Asks for permission (call it from a click), subscribes this browser and tells the server. */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported'
  // No worker registered once the page has loaded: it could not be (some private windows refuse them), and
  // the worker's `ready` would never come.
  if (!(await navigator.serviceWorker.getRegistration())) return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
  const registration = await navigator.serviceWorker.ready
  const { publicKey } = await call(pushKey)
  let subscription: PushSubscription
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }))
  } catch (error) {
    if (!(error instanceof DOMException) || !REFUSED_FOR_GOOD.has(error.name)) throw error
    return Notification.permission === 'denied' ? 'denied' : 'unsupported'
  }
  try {
    await call(subscribePush, { body: subscription.toJSON() as PushSubscriptionJson })
  } catch (error) {
    // A subscription the server does not know would never receive anything: take it back.
    await subscription.unsubscribe()
    throw error
  }
  return 'on'
}

/**
 * Gives this browser's subscription to the server again (a signed-in page load): the server keeps each
 * subscription with the session that gave it and drops it when that session ends, so a device whose
 * subscription the server dropped (a session ended elsewhere, an update that could not tie old ones to a
 * session) is pushed to again without turning push off and on.
 */
export async function renewPushOnServer(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return
  const subscription = await currentSubscription()
  if (!subscription) return
  await call(subscribePush, { body: subscription.toJSON() as PushSubscriptionJson })
}

/** Takes this device's subscription off the server; the browser's stays for turnPushOff or the purge. */
export async function forgetPushOnServer(): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) return
  await call(unsubscribePush, { body: { endpoint: subscription.endpoint } })
}

export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription()
  if (subscription) {
    await forgetPushOnServer()
    await subscription.unsubscribe()
  }
  return readPushState()
}
