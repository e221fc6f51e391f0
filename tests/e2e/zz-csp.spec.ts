// Runs last (files run in name order): every page the other specs opened was under the server's
// Content-Security-Policy, and the browser posted each thing it refused to /api/csp-report, which the e2e
// server lists (CSP_REPORTS_VISIBLE). None is expected. Then a violation made on purpose shows that reporting
// itself works, so that "none" means none. Tagged @layout so that both projects run them, each after its own
// tests: the phone's, the run's last, counts every page either project opened.
import { expect, test } from './fixtures.ts'

interface CspReports {
  count: number
  reports: { documentURL: string; blockedURL: string; effectiveDirective: string; sourceFile: string }[]
}

/** A client route of its own, so the violation made on purpose is told apart from the others. */
const CANARY_PATH = '/csp-canary'

const isCanary = (report: CspReports['reports'][number]) =>
  new URL(report.documentURL).pathname === CANARY_PATH

test('the whole run caused no Content-Security-Policy violation @layout', async ({ request }) => {
  const response = await request.get('/api/csp-report')
  expect(response.status()).toBe(200)
  const { count, reports } = (await response.json()) as CspReports
  const canaries = reports.filter(isCanary).length
  const others = reports.filter((report) => !isCanary(report))
  if (others.length > 0) console.log('CSP violations reported:', JSON.stringify(others, null, 2))
  expect(others).toEqual([])
  // Reports past the ones kept are counted all the same.
  expect(count - canaries).toBe(0)
})

test('a refused inline script is reported, so the count above means something @layout', async ({
  page,
  request,
}) => {
  const canaries = async () =>
    ((await (await request.get('/api/csp-report')).json()) as CspReports).reports.filter(isCanary).length
  const before = await canaries()
  const response = await page.goto(CANARY_PATH)
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
  const ran = await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.__cspCanaryRan = true'
    document.head.append(script)
    return (window as unknown as { __cspCanaryRan?: boolean }).__cspCanaryRan === true
  })
  expect(ran).toBe(false)
  await expect.poll(canaries).toBe(before + 1)
})
