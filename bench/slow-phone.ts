// First visits as bench/sync-renders.ts makes them, through Playwright: each in a fresh context (no cache, no
// service worker) on Lighthouse's phone screen, with the CPU slowed 4× and no network throttling, in Debian's
// Chromium. Playwright switches DevTools domains on, which costs the page work a visitor's browser never
// does (bench/bare-phone.ts): fine for a CPU profile, which changes the timings anyway; not for timing tasks.
import { type CDPSession, chromium, type Page } from '@playwright/test'

import { chromiumLaunchOptions } from '../tests/chromium.ts'

/** Runs `visit` for each of `loads` first visits; the page is new and blank when it starts. */
export async function onSlowPhone(
  loads: number,
  visit: (page: Page, cdp: CDPSession, load: number) => Promise<void>,
): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    for (let load = 1; load <= loads; load++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        serviceWorkers: 'block',
      })
      try {
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await visit(page, cdp, load)
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
}
