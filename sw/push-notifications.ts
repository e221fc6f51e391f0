/// <reference lib="webworker" />
// Push notifications and the app badge, for both workers: the renter's (./sw.ts) and the back office's
// (./back-office-sw.ts). The server writes the payload in the user's language
// (server/services/notifications/notifications.ts); what is read of it may lack any field but the title.
import type { PushAction, PushPayload } from '../src/domain/notifications.ts'
import { type NotificationData, readNotificationData } from './push-answers.ts'

declare let self: ServiceWorkerGlobalScope

type ReceivedPush = Pick<PushPayload, 'title'> & Partial<PushPayload>

// A push subscribed with userVisibleOnly must always show a notification, so a malformed one still does.
function readPayload(event: PushEvent): ReceivedPush {
  if (!event.data) return { title: 'Haven' }
  try {
    const data = event.data.json() as Partial<PushPayload>
    return { ...data, title: typeof data.title === 'string' && data.title ? data.title : 'Haven' }
  } catch {
    return { title: 'Haven', body: event.data.text() }
  }
}

async function setBadge(count: number): Promise<void> {
  // Not every browser has the Badging API; a missing badge must not lose the notification.
  if (!('setAppBadge' in self.navigator)) return
  try {
    if (count > 0) await self.navigator.setAppBadge(count)
    else await self.navigator.clearAppBadge()
  } catch {
    // Badging refused (no permission or not installed): the notification itself still shows.
  }
}

/** A notification of this worker's: the push's, or the outcome of one of its buttons. */
export function showNotification(
  title: string,
  body: string | undefined,
  data: NotificationData,
  tag: string | undefined,
): Promise<void> {
  return self.registration.showNotification(title, {
    body,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    tag,
    data,
    // A request's Accept and Decline (TypeScript's lib leaves `actions` out: not every browser shows them).
    actions: data.request?.actions.map(({ action, title }) => ({ action, title })) ?? [],
  } as NotificationOptions)
}

/** An open app refreshes its bell and list at once (src/features/notifications/components/notification-bell.tsx). */
async function tellOpenWindows(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of windows) client.postMessage({ type: 'notification-pushed' })
}

export async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const exact = windows.find((client) => client.url === url)
  if (exact) {
    await exact.focus()
    return
  }
  // An open window of this worker's own pages (its scope): the renter's app, or the back office.
  const open = windows.find((client) => client.url.startsWith(self.registration.scope))
  if (open) {
    const focused = await open.focus()
    // navigate() only works on pages this worker controls; otherwise open a window at the url.
    const navigated = await focused.navigate(url).catch(() => null)
    if (navigated) return
  }
  await self.clients.openWindow(url)
}

/**
 * Shows each push, sets the badge and tells the open pages; a click opens or focuses the notification's page.
 * A click on one of its buttons goes to `answer` (the back office's worker), when given.
 */
export function listenForPushes(
  answer?: (action: PushAction, data: NotificationData, notification: Notification) => Promise<void>,
): void {
  self.addEventListener('push', (event: PushEvent) => {
    const payload = readPayload(event)
    const url = new URL(payload.url ?? '/', self.location.origin).href
    const data: NotificationData = { url, ...(answer && payload.request ? { request: payload.request } : {}) }
    const work: Promise<unknown>[] = [showNotification(payload.title, payload.body, data, payload.tag)]
    if (typeof payload.badge === 'number') work.push(setBadge(payload.badge))
    work.push(tellOpenWindows())
    event.waitUntil(Promise.all(work))
  })

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close()
    const data = readNotificationData(event.notification.data, self.location.origin)
    const action = data.request?.actions.find((button) => button.action === event.action)?.action
    event.waitUntil(answer && action ? answer(action, data, event.notification) : openOrFocus(data.url))
  })
}
