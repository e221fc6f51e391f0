import { chromium } from 'playwright'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chromiumLaunchOptions } from '/work/main/tests/chromium.ts'
const base = 'http://127.0.0.1:8299'
const browser = await chromium.launch(chromiumLaunchOptions)
for (const path of ['/', '/search', '/property?id=1']) {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  const scripts = new Set()
  page.on('response', (r) => { const u = new URL(r.url()); if (u.origin === base && u.pathname.endsWith('.js')) scripts.add(u.pathname) })
  await page.goto(base + path, { waitUntil: 'networkidle' })
  let total = 0; const rows = []
  for (const s of scripts) { const kb = gzipSync(readFileSync('/work/main/dist' + s), { level: 9 }).length / 1024; total += kb; rows.push([kb.toFixed(1), s]) }
  rows.sort((a, b) => b[0] - a[0])
  console.log(path, total.toFixed(1)); for (const r of rows) console.log('  ', r[0], r[1])
  await context.close()
}
await browser.close()
