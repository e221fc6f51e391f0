// End-to-end tests: the production build served by the real server (fresh demo data), in Debian's Chromium.
// Never `playwright install`: the browser comes from apt (`apt-get install chromium`).
import { defineConfig, devices } from '@playwright/test'

import { chromiumLaunchOptions } from './tests/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 8181)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A failed test's trace keeps the page at each action (DOM snapshots) and the sources, and the failure has
    // its screenshot (below); no film of the screen: filming every test, for the few traces ever kept, was a
    // large share of the run's work on 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
  },
  // Which project runs a test: the desktop runs every test but those tagged @phone; the phone runs only the
  // tests tagged @layout (their subject is what differs between a phone and a desktop: the header and its menu,
  // drawers, sticky bars, narrow screens…, so both projects run them) or @phone (only a phone shows it).
  // Everything else (journeys, data, offline, the server's pages) behaves alike at any width: run once.
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone\b/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromiumLaunchOptions,
      },
    },
    {
      name: 'phone',
      grep: /@layout\b|@phone\b/,
      // A 375 px phone (docs/product.md §10: below 960 px the layout is the mobile one).
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 375, height: 812 },
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    // A fresh data folder each run: the demo data is seeded as on a first start.
    command: `rm -rf .tmp/e2e-data && "${process.execPath}" --import tsx server/dev-main.ts`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // Every test browser comes from 127.0.0.1: per-IP limits are scaled so that a whole run fits them.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links in e-mails and Stripe's return lead back to the origin the browser uses.
      PUBLIC_URL: baseURL,
      // Stripe and PayPal played by local stand-ins on 127.0.0.1, started by the development entry
      // (checkout.spec.ts pays with both).
      PAYMENT_STAND_INS: 'true',
      // notifications.spec.ts subscribes a stand-in device whose endpoint is on 127.0.0.1 (port 9, closed).
      PUSH_TRUSTED_ORIGINS: 'https://127.0.0.1:9',
      DATA_DIR: '.tmp/e2e-data',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '20',
      // The foundation spec opens /dev/mailbox in the browser, with this token (E2E_MAILBOX_TOKEN, support.ts).
      DEMO_MAILBOX: 'true',
      DEMO_MAILBOX_TOKEN: 'e2e-demo-mailbox-token',
      // zz-csp.spec.ts reads the Content-Security-Policy violations the run caused from GET /api/csp-report.
      CSP_REPORTS_VISIBLE: 'true',
    },
  },
})
