// `npm run bench`: measures what the README reports. Everything targets 127.0.0.1, is bounded in count and
// time, and stops by itself. Options: --properties N (default 100000), --seconds S per load run (default 10),
// --connections C (default 50), --skip-postgres.
import autocannon from 'autocannon'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

import { startThrowawayPostgres } from '../server/test/postgres.ts'
import { chromiumLaunchOptions } from '../tests/chromium.ts'

const root = new URL('..', import.meta.url).pathname
const { values: args } = parseArgs({
  options: {
    properties: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'skip-postgres': { type: 'boolean', default: false },
  },
})
const properties = Number(args.properties)
const seconds = Number(args.seconds)
const connections = Number(args.connections)
const port = 8299
const base = `http://127.0.0.1:${port}`
const lines: string[] = []
const report = (line: string) => {
  lines.push(line)
  console.log(line)
}

function run(command: string, argv: string[], env: NodeJS.ProcessEnv = {}) {
  const started = performance.now()
  const result = spawnSync(command, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed`)
  return performance.now() - started
}

async function waitForHealth(child: ChildProcess, timeoutMs = 180_000) {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error('the server exited before answering')
    try {
      const response = await fetch(`${base}/api/health`)
      if (response.ok) return performance.now() - started
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server did not answer in time')
}

function startServer(env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
  })
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** Gzip size of every script a page loads from the built app, as a fresh visitor's browser fetches them. */
async function pageJsGzip(path: string) {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' })
    const scripts = new Set<string>()
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin === base && url.pathname.endsWith('.js')) scripts.add(url.pathname)
    })
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
    let total = 0
    for (const script of scripts)
      total += gzipSync(readFileSync(join(root, 'dist', script)), { level: 9 }).length
    return { files: scripts.size, kb: total / 1024 }
  } finally {
    await browser.close()
  }
}

async function load(title: string, path: string, body?: unknown) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  })
  const errors = result.errors + result.non2xx
  report(
    `| ${title} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${Math.round(result.requests.average)} | ${errors} |`,
  )
}

async function measureDatabase(name: string, env: NodeJS.ProcessEnv) {
  report(`\n### ${name}`)
  const first = startServer(env)
  report(
    `- first start on an empty database (migrate + demo seed): ${((await waitForHealth(first)) / 1000).toFixed(1)} s`,
  )
  await stopServer(first)
  const again = startServer(env)
  report(`- restart on the seeded database: ${((await waitForHealth(again)) / 1000).toFixed(1)} s`)
  await stopServer(again)
  const seedMs = run(
    process.execPath,
    ['--import', 'tsx', 'server/db/seed/cli.ts', '--properties', String(properties)],
    env,
  )
  report(`- adding ${properties} generated properties (npm run seed): ${(seedMs / 1000).toFixed(1)} s`)
  const server = startServer(env)
  await waitForHealth(server)
  report(`\n| ${connections} connections, ${seconds} s | p50 | p99 | req/s | errors |`)
  report('|---|---|---|---|---|')
  await load('search, first page, no filter', '/api/properties/search', { size: 15 })
  await load('search, types + terms filter', '/api/properties/search', {
    size: 15,
    types: ['HOUSE', 'APARTMENT'],
    rentalTerms: ['MONTHLY'],
  })
  await load('health', '/api/health')
  await stopServer(server)
}

async function main() {
  report(`Haven benchmark, ${new Date().toISOString()}, node ${process.version}`)
  const buildMs = run('npm', ['run', 'build'])
  report(`- production build (npm run build): ${(buildMs / 1000).toFixed(1)} s`)

  const dataDir = join(root, '.tmp', 'bench-data')
  rmSync(dataDir, { recursive: true, force: true })
  await measureDatabase('PGlite (embedded default)', { DATA_DIR: dataDir })

  const server = startServer({ DATA_DIR: dataDir })
  await waitForHealth(server)
  for (const path of ['/', '/search']) {
    const js = await pageJsGzip(path)
    report(`- JS loaded by ${path}: ${js.kb.toFixed(1)} KB gzip in ${js.files} files`)
  }
  await stopServer(server)

  if (args['skip-postgres']) return
  const postgres = await startThrowawayPostgres(join(root, '.tmp', 'bench-pg'))
  if (!postgres) {
    report('\nPostgreSQL: skipped (no PostgreSQL binaries found)')
    return
  }
  try {
    await measureDatabase('PostgreSQL', {
      DATA_DIR: join(root, '.tmp', 'bench-data-pg'),
      DATABASE_URL: postgres.url,
    })
  } finally {
    await postgres.stop()
  }
}

if (!existsSync(chromiumLaunchOptions.executablePath))
  console.warn('Debian chromium is missing: the page weight step will fail.')
await main()
