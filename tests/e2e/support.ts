// Shared by the e2e specs: the e2e server's mail folder (no SMTP_URL: every e-mail is a file) and
// the phone layout's breakpoint.
import { expect, type Page } from '@playwright/test'

import { emlText, lastMailTo, linkIn, readMailFolder } from '../../server/test/accounts.ts'

/** The e2e web server's DATA_DIR (playwright.config.ts). */
export const E2E_DATA_DIR = '.tmp/e2e-data'

/** Below Mantine's `md` breakpoint the header folds into a menu. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992

/** The link the newest e-mail to `to` carries to `path`, as a path on the server under test (PUBLIC_URL
 * names localhost, the tests use 127.0.0.1: another origin for the browser's storage). */
export async function linkFromMail(to: string, path: string): Promise<string> {
  const text = () => {
    try {
      return emlText(lastMailTo(E2E_DATA_DIR, to).eml)
    } catch {
      return ''
    }
  }
  await expect.poll(text).toContain(path)
  const url = linkIn(text(), path)
  return `${url.pathname}${url.search}`
}

export const mailsTo = (to: string) => readMailFolder(E2E_DATA_DIR).filter((mail) => mail.to.includes(to))

/** Every screen's route (docs/product.md §4), the checkout session with an example id. */
export const ROUTES = [
  '/',
  '/sign-in',
  '/sign-up',
  '/activate',
  '/forgot-password',
  '/reset-password',
  '/search',
  '/property',
  '/checkout',
  '/checkout-session/cs_test_123',
  '/bookings',
  '/booking',
  '/settings',
  '/notifications',
  '/about',
  '/tos',
  '/contact',
  '/agencies',
  '/destinations',
  '/privacy',
  '/cookie-policy',
]
