// What a search engine or a link preview reads of each public page before any script runs: the title and
// description the built app wrote for it (dist/page-heads.json), which must be what the screen itself shows
// once it renders (its heading in the tab, its lead line), in both languages.
import { SCREENS } from '../../src/features/declarations.ts'
import { expect, test } from './fixtures.ts'

// Every public page: the screens their features declare with a `head`.
const PAGES = SCREENS.flatMap((screen) => (screen.head ? [screen.path] : []))

const decode = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')

for (const language of ['en', 'fr'] as const) {
  test(`every public page's HTML names it as its screen does (${language})`, async ({ page }, testInfo) => {
    for (const path of PAGES) {
      const html = await (await page.request.get(`${path}?l=${language}`)).text()
      const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
      const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '')
      expect(html, path).toContain(`<html lang="${language}"`)
      expect(html, path).toContain(`<link rel="canonical" href="http://127.0.0.1:`)

      await page.goto(`${path}?l=${language}`)
      const heading = page.getByRole('heading', { level: 1 })
      await expect(heading, path).toBeVisible()
      await expect(page, path).toHaveTitle(title)
      // The home page's tab says the app's name alone (src/app/layout/page-announcer.ts).
      expect(title, path).toBe(path === '/' ? 'Haven' : `${await heading.textContent()} · Haven`)
      const lead = page.getByRole('main').getByText(description, { exact: true })
      if (path === '/search' && testInfo.project.name === 'phone') {
        // A phone's search gives its first screen to the results: the line that sums the search up stands
        // where the lead does on a wide screen (docs/product.md §4), which stays in the page for its readers.
        await expect(lead, path).toBeAttached()
        await expect(page.getByTestId('search-summary'), path).toBeVisible()
      } else await expect(lead, path).toBeVisible()
    }
  })
}
