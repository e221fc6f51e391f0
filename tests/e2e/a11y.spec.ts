// Accessibility: axe-core on every screen, as a visitor and signed in, in English and French. No serious or
// critical violation is allowed; the lesser ones are listed in the report. Each screen is loaded once per
// sweep and analysed once:
// - a visitor's screens, and the screens a signed-in user sees otherwise (their own, the header's account menu
//   and bell shown on home, the checkout without a guest's details, the account's saved places), in English on
//   both projects (@layout: a phone's header, drawers and bars are other markup);
// - the same in French, whose markup is the English one with other words, on the desktop only.
// A visitor's visit to a signed-in user's screen is the sign-in screen, and a signed-in user's to sign-in or
// sign-up is home: neither is loaded twice.
import AxeBuilder from '@axe-core/playwright'

import { expect, test } from './fixtures.ts'
import { restoreEnglish, ROUTES, settled, SIGNED_IN_ROUTES, signInAsDemo } from './support.ts'

const VISITOR_SCREENS = ROUTES.filter((route) => !SIGNED_IN_ROUTES.includes(route))
const SIGNED_IN_SCREENS = [...SIGNED_IN_ROUTES, '/', '/checkout', '/favourites']

for (const signedIn of [false, true]) {
  for (const language of ['en', 'fr'] as const) {
    const tag = language === 'en' ? ' @layout' : ''
    test(`every screen has no serious accessibility violation (${language}, ${signedIn ? 'signed in' : 'visitor'})${tag}`, async ({
      page,
    }) => {
      test.setTimeout(180_000)
      if (signedIn) await signInAsDemo(page)
      // A signed-in user's ?l= becomes their account's language: the demo account goes back to English after.
      const minor: string[] = []
      try {
        for (const route of signedIn ? SIGNED_IN_SCREENS : VISITOR_SCREENS) {
          await page.goto(`${route}${route.includes('?') ? '&' : '?'}l=${language}`)
          await settled(page)
          const { violations } = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
            .analyze()
          const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          expect(
            serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
            route,
          ).toEqual([])
          for (const v of violations) minor.push(`${route} ${v.impact} ${v.id}`)
        }
      } finally {
        if (signedIn) await restoreEnglish(page)
      }
      test.info().annotations.push({ type: 'minor violations', description: minor.join('; ') || 'none' })
    })
  }
}
