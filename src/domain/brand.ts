// Haven's look that both installed apps share: the renter's manifest (src/app/manifest.ts) and the back
// office's (server/pages/back-office-manifest.ts).

/** Haven's brand colour (deep ocean teal): the installed app's title bar, splash screen and icon plate. */
export const BRAND_COLOR = '#0e4f5c'

/** The icons drawn by `scripts/icons.ts` (public/icons/), as a manifest lists them. */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const
