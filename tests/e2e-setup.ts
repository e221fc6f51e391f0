// Playwright's global setup: says which browser the run drives, so that a failure can be tied to a version.
import { chromium } from '@playwright/test'

import { chromiumLaunchOptions } from './chromium.ts'

export default async function globalSetup(): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  console.log(`End-to-end tests in Chromium ${browser.version()} (${chromiumLaunchOptions.executablePath})`)
  await browser.close()
}
