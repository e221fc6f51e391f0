/// <reference lib="webworker" />
// The back office's service worker (docs/architecture.md, The back office): scope /admin, registered by
// src/back-office/main.tsx. Pushes and their buttons only: no fetch handler and no cache, so the back office's
// pages and calls always reach the server (it needs no offline). Built apart (scripts/build.ts) into
// dist/admin/sw.js; the server allows it the scope /admin (Service-Worker-Allowed).
import { answerFromNotification } from './push-answers.ts'
import { listenForPushes, openOrFocus, showNotification } from './push-notifications.ts'

declare let self: ServiceWorkerGlobalScope

// A new version takes over at once: it holds nothing a page could be relying on.
self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(self.clients.claim()))

listenForPushes(async (action, data, notification) => {
  const answer = await answerFromNotification(action, data, (input, init) => fetch(input, init))
  if ('open' in answer) return openOrFocus(answer.open)
  // The outcome takes the push's place (its tag); a click on it opens the booking.
  return showNotification(notification.title, answer.tell, { url: data.url }, notification.tag || undefined)
})
