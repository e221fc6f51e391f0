import { chromium } from 'playwright'
import { gzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import { chromiumLaunchOptions } from './chromium.ts'
const base = process.argv[2]!
const path = process.argv[3] ?? '/'
const browser = await chromium.launch(chromiumLaunchOptions)
const ctx = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } })
const page = await ctx.newPage()
const scripts = new Set<string>()
page.on('response', (r) => { const u = new URL(r.url()); if (u.pathname.endsWith('.js')) scripts.add(u.pathname) })
await page.goto(base + path, { waitUntil: 'networkidle' })
let total = 0
const rows = [...scripts].map((s) => { const b = gzipSync(readFileSync('dist' + s), { level: 9 }).length; total += b; return [b, s] as const }).sort((a, b) => b[0] - a[0])
for (const [b, s] of rows) console.log((b / 1024).toFixed(2).padStart(8), s)
console.log('total', (total / 1024).toFixed(2))
await browser.close()
