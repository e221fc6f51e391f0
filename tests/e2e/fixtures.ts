// Playwright's test, with what every spec's pages must never show: a message id where its text should be.
// src/i18n/catalogs.ts says in the console when a message is in no catalog loaded (a screen that does not
// load the catalog lingui.config.ts put one of its files' messages in); any test whose pages say so fails.
import { test as base } from '@playwright/test'

import { MISSING_MESSAGE } from '../../src/i18n/catalog-names.ts'

export * from '@playwright/test'

export const test = base.extend<{ noMissingMessages: void }>({
  noMissingMessages: [
    async ({ context }, use) => {
      const missing: string[] = []
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith(MISSING_MESSAGE))
          missing.push(`${message.text()} (${message.page()?.url() ?? 'no page'})`)
      })
      await use()
      base.expect(missing, 'every message shown is in a catalog its screen loaded').toEqual([])
    },
    { auto: true },
  ],
})
