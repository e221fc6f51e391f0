import type { ManifestOptions } from 'vite-plugin-pwa'

import { BRAND_COLOR, MANIFEST_ICONS } from '../domain/brand.ts'

/**
 * The web app manifest; vite-plugin-pwa writes it to `manifest.webmanifest` and links it from index.html.
 * Icons are drawn by `scripts/icons.ts`, screenshots taken by `scripts/screenshots.ts`.
 */
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Haven — rentals you can keep in your pocket',
  short_name: 'Haven',
  description:
    'Find, book and manage property rentals from agencies you trust. Your bookings stay with you offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: BRAND_COLOR,
  background_color: BRAND_COLOR,
  lang: 'en',
  dir: 'ltr',
  categories: ['travel', 'lifestyle'],
  // A notification click or a launched link reuses the open window instead of stacking new ones.
  launch_handler: { client_mode: ['navigate-existing', 'auto'] },
  icons: [...MANIFEST_ICONS],
  shortcuts: [
    {
      name: 'Search rentals',
      short_name: 'Search',
      url: '/search',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'My bookings',
      short_name: 'Bookings',
      url: '/bookings',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Notifications',
      url: '/notifications',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
  screenshots: [
    {
      src: '/screenshots/phone.png',
      sizes: '780x1688',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Haven on a phone: search rentals by destination and dates',
    },
    {
      src: '/screenshots/desktop.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Haven on a desktop: browse properties from trusted agencies',
    },
  ],
}
