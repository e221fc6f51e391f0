// Page weight: the gzip size of the JavaScript a first visit loads, from the built files in dist/.
// Budgets on React 19: 150 KB for home, 155 KB for search and a property; the map's MapLibre comes only when
// the map scrolls into view. A change that adds weight to a first load beyond them fails here.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

import { expect, test } from '@playwright/test'

const BUDGET_KB = { '/': 150, '/search': 155, '/property?id=1': 155 } as const

for (const [path, budget] of Object.entries(BUDGET_KB)) {
  test(`JS loaded by ${path} stays within its budget of ${budget} KB gzip`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin === baseURL && url.pathname.endsWith('.js')) scripts.add(url.pathname)
    })
    await page.goto(path, { waitUntil: 'networkidle' })
    let bytes = 0
    for (const script of scripts) bytes += gzipSync(readFileSync(join('dist', script)), { level: 9 }).length
    const kb = bytes / 1024
    test.info().annotations.push({
      type: 'weight',
      description: `${path}: ${kb.toFixed(1)} KB gzip in ${scripts.size} files`,
    })
    // Nothing that is only needed later (the map, the checkout) comes with the first load.
    expect([...scripts].filter((s) => /maplibre/i.test(s))).toEqual([])
    expect(kb).toBeLessThanOrEqual(budget)
    await context.close()
  })
}
