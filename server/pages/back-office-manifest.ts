// The back office's web app manifest (docs/architecture.md, The back office): an app of its own, installed
// from /admin, whose scope is the back office alone; in the staff member's language, chosen as a page's is
// (./language.ts). Its service worker is dist/admin/sw.js (sw/back-office-sw.ts).
import { BRAND_COLOR, MANIFEST_ICONS } from '../../src/domain/brand.ts'
import type { Language } from '../../src/domain/enums.ts'

export const BACK_OFFICE_MANIFEST_PATH = '/admin/manifest.webmanifest'

/** `/admin` and every path under it: not `/admin/` alone, which would leave `/admin` itself out. */
export const BACK_OFFICE_SCOPE = '/admin'

const TEXTS: Record<Language, { name: string; short_name: string; description: string }> = {
  en: {
    name: 'Haven back office',
    short_name: 'Haven office',
    description: 'Answer booking requests and run your listings, with pushes you can act on.',
  },
  fr: {
    name: 'Back-office de Haven',
    short_name: 'Haven pro',
    description:
      'Répondez aux demandes de réservation et gérez vos annonces, avec des notifications sur lesquelles agir.',
  },
}

export function backOfficeManifest(language: Language) {
  return {
    // Its own id: installed beside the renter's app (id '/'), not in its place.
    id: BACK_OFFICE_SCOPE,
    ...TEXTS[language],
    start_url: BACK_OFFICE_SCOPE,
    scope: BACK_OFFICE_SCOPE,
    display: 'standalone',
    orientation: 'any',
    theme_color: BRAND_COLOR,
    background_color: BRAND_COLOR,
    lang: language,
    dir: 'ltr',
    categories: ['business', 'productivity'],
    // A notification's click reuses the open window instead of stacking new ones.
    launch_handler: { client_mode: ['navigate-existing', 'auto'] },
    icons: MANIFEST_ICONS,
  }
}
