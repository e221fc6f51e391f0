/// <reference lib="webworker" />
// Haven's service worker (docs/architecture.md, Offline design), built by vite-plugin-pwa's injectManifest.
//
// Runtime caches, by name (the app may delete them, e.g. on sign-out):
//   haven-avatars    the signed-in user's avatar (/images/avatars/)     CacheFirst, 10 entries, 30 days
//   haven-images     property and agency images under /images/        CacheFirst, 300 entries, 30 days
//   haven-reference  agencies and destinations (public, rarely change) NetworkFirst (3 s), 30 entries, 7 days
//   haven-property   the last 20 property details viewed               NetworkFirst (3 s), 20 entries, 30 days
//   haven-basemap    the self-served basemap under /map/               CacheFirst, 100 entries, 90 days
// Personal data (user, bookings, notifications) is never cached here: it lives in the persisted query cache,
// which is keyed per user and removed on sign-out. What is cached here of a person (their avatar, the
// properties they looked at, the photos of what they opened or found) goes at sign-out with its expiration
// records ('forget-user' below).
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import type { PrecacheEntry } from 'workbox-precaching'
import {
  addRoute,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precache,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'

import { LANGUAGE_COOKIE, PROPERTIES_KEPT_OFFLINE } from '../src/domain/constants.ts'
import { type Language, LANGUAGES } from '../src/domain/enums.ts'
import { pageLanguage } from '../src/domain/page-language.ts'
import { IMAGES_CACHE, PERSONAL_RUNTIME_CACHES } from '../src/offline/runtime-caches.ts'
import { listenForPushes } from './push-notifications.ts'

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

const DAY = 24 * 60 * 60
const NETWORK_TIMEOUT_SECONDS = 3

// The expiration of the caches that hold something of the person: their records name the URLs cached.
const personalExpirations: Record<(typeof PERSONAL_RUNTIME_CACHES)[number], ExpirationPlugin> = {
  'haven-avatars': new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
  'haven-property': new ExpirationPlugin({
    // The last 20 property details viewed stay readable offline (least recently used go first); the app's
    // query cache keeps the same ones (src/offline/recent-queries.ts).
    maxEntries: PROPERTIES_KEPT_OFFLINE,
    maxAgeSeconds: 30 * DAY,
    purgeOnQuotaError: true,
  }),
}

const IMAGES_EXPIRATION = { maxEntries: 300, maxAgeSeconds: 30 * DAY }

/**
 * Sign-out: `haven-images` keeps only the images of what stays on the device for the next person, `shown` by
 * the page's queries left. The expiration records name every image cached, so they all go and those of the
 * images kept are written again.
 */
async function forgetViewedImages(shown: readonly string[]): Promise<void> {
  const kept = new Set(shown)
  const cache = await caches.open(IMAGES_CACHE)
  const requests = await cache.keys()
  const staying = requests.filter((request) => kept.has(new URL(request.url).pathname))
  await Promise.all(requests.filter((request) => !staying.includes(request)).map((r) => cache.delete(r)))
  const expiration = new CacheExpiration(IMAGES_CACHE, IMAGES_EXPIRATION)
  await expiration.delete()
  for (const request of staying) await expiration.updateTimestamp(request.url)
}

// --- Update flow: registerType 'prompt'. A new worker waits until the user accepts the update prompt.
// Sign-out ('forget-user'): the caches that hold something of the person go, with the expiration records
// that name their URLs, and the page is told when it is done (src/offline/persister.ts).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type
  if (type === 'SKIP_WAITING') void self.skipWaiting()
  if (type === 'forget-user') {
    const { keptImages } = event.data as { keptImages?: unknown }
    const forgetting = Promise.all([
      ...PERSONAL_RUNTIME_CACHES.map((cacheName) => personalExpirations[cacheName].deleteCacheAndMetadata()),
      // A page of a version that does not send what it keeps leaves the images as they were.
      Array.isArray(keptImages) ? forgetViewedImages(keptImages.filter((p) => typeof p === 'string')) : null,
    ]).then(() => event.ports[0]?.postMessage({ type: 'user-forgotten' }))
    event.waitUntil(forgetting)
  }
})
// Once the user has accepted an update, the new worker takes over the open pages at once.
clientsClaim()

// --- Precache: the shell, every route chunk and every catalog in both languages (JS chunks by Vite), and
// the home page in each language, as the server renders it (server/pages/routes.ts): not files of the build,
// so not in its manifest, they take the shell's revision, which changes with every build that changes the
// app. Each is kept with its headers, the Content-Security-Policy that allows its own hydration scripts.
const manifest = self.__WB_MANIFEST
/** The home page in `language`, as the server answers it. */
const homePage = (language: Language) => `/?l=${language}`
const shellRevision =
  manifest.find((entry): entry is PrecacheEntry => typeof entry !== 'string' && entry.url === 'index.html')
    ?.revision ?? null
precache([
  ...manifest,
  ...LANGUAGES.map((language) => ({ url: homePage(language), revision: shellRevision })),
])
cleanupOutdatedCaches()

// --- Navigations: every client route is served from the precached index.html, online or not. The
// denylist names what the server answers itself, so a navigation there reaches the network.
const SERVER_PATHS = [
  /^\/api\//, // the API, including payment provider returns and e-mail links that the server redirects
  /^\/images\//, // property, agency and avatar images
  /^\/map\//, // the basemap
  /^\/dev\//, // the demo mailbox, served by the server while e-mail goes to files
  /^\/admin(?:[/?]|$)/, // the back office: its own page (admin.html), which this worker neither holds nor answers
  /^[^?]*\/[^/?]+\.[a-z0-9]{1,8}(?:\?.*)?$/i, // any file: /robots.txt, /sw.js, /manifest.webmanifest…
]
// The home page, rendered in each language: chosen as the server chooses
// (server/pages/language.ts homeLanguage, by src/domain/page-language.ts), so that a repeat or offline visit
// paints before the JavaScript runs.
async function homeLanguage(url: URL): Promise<Language> {
  return pageLanguage({
    asked: url.searchParams.get('l'),
    remembered: (await self.cookieStore?.get(LANGUAGE_COOKIE).catch(() => null))?.value,
    spoken: self.navigator.languages,
  })
}
const shell = createHandlerBoundToURL('/index.html')
// Before the precache's own route, which would answer `/?l=fr` from the copy kept for that address only if
// this navigation's request matched its `Vary` (the language hints), and offline fail otherwise.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === '/',
  async (options) => (await matchPrecache(homePage(await homeLanguage(options.url)))) ?? shell(options),
)
// Not index.html for `/`: the home route above answers it with a rendered page.
addRoute({ directoryIndex: '' })
registerRoute(new NavigationRoute(shell, { denylist: SERVER_PATHS }))

// --- Runtime caches (GET only; registerRoute's default method).
const sameOrigin = (url: URL): boolean => url.origin === self.location.origin

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/images/avatars/'),
  new CacheFirst({
    cacheName: 'haven-avatars',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), personalExpirations['haven-avatars']],
  }),
)

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/images/'),
  new CacheFirst({
    cacheName: IMAGES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ ...IMAGES_EXPIRATION, purgeOnQuotaError: true }),
    ],
  }),
)

registerRoute(
  ({ url }) =>
    sameOrigin(url) &&
    (url.pathname === '/api/all-agencies' || url.pathname.startsWith('/api/countries-with-locations/')),
  new NetworkFirst({
    cacheName: 'haven-reference',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
    ],
  }),
)

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/property/'),
  new NetworkFirst({
    cacheName: 'haven-property',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), personalExpirations['haven-property']],
  }),
)

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/map/'),
  new CacheFirst({
    cacheName: 'haven-basemap',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 90 * DAY }),
    ],
  }),
)

// --- Push notifications and the app badge (./push-notifications.ts, shared with the back office's worker).
listenForPushes()
