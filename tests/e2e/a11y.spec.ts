// Accessibility: axe-core on every screen, in English and French, as a visitor and signed in, on the phone and
// desktop projects. No serious or critical violation is allowed; the lesser ones are listed in the report.
import AxeBuilder from '@axe-core/playwright'

import { expect, test } from './fixtures.ts'
import { restoreEnglish, ROUTES, settled, signInAsDemo } from './support.ts'

for (const signedIn of [false, true]) {
  for (const language of ['en', 'fr'] as const) {
    test(`every screen has no serious accessibility violation (${language}, ${signedIn ? 'signed in' : 'visitor'})`, async ({
      page,
    }) => {
      test.setTimeout(180_000)
      if (signedIn) await signInAsDemo(page)
      // A signed-in user's ?l= becomes their account's language: the demo account goes back to English after.
      const minor: string[] = []
      try {
        for (const route of ROUTES) {
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
