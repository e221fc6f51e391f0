// `npm run bench`: measures what the README reports, and writes every figure to bench/results.json. Everything
// targets 127.0.0.1, is bounded in count and time, and stops by itself. Options: --properties N (default
// 100000), --seconds S per load run (default 10), --connections C (default 50), --lighthouse-runs N (default
// 5), --skip-postgres, --api-only (the starts and the API's load runs alone: no build, pages, Lighthouse,
// offline or scale-out figures; results.json is left as it was). Absolute times depend on the machine:
// compare ratios (to /api/health in the same run) and figures taken on one machine, never across machines.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

import { chromium } from '@playwright/test'

import { DEMO_ADMIN, DEMO_AGENCY, DEMO_RENTER } from '../server/db/seed/seed.ts'
import { startThrowawayPostgres } from '../server/test/postgres.ts'
import { chromiumLaunchOptions } from '../tests/chromium.ts'
import { type InteractionFigures, measureInteractions } from './interactions.ts'
import { type LighthouseFigures, lighthouseMedian } from './lighthouse.ts'
import {
  homePaintMs,
  offlineBookingsMs,
  type OfflineFigures,
  restoreMs,
  serverAwayBookingMs,
} from './offline.ts'
import { loadUrl, measureScaleOut, scaleOutReport, type ScaleOutResults } from './scale.ts'
import {
  backOfficeRequest,
  datedSearch,
  datedSearchPage,
  generator,
  inTurn,
  loadScenario,
  nextPageRequests,
  type ScenarioRequest,
  staffCookie,
} from './scenarios.ts'

const root = new URL('..', import.meta.url).pathname
const { values: args } = parseArgs({
  options: {
    properties: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'lighthouse-runs': { type: 'string', default: '5' },
    'skip-postgres': { type: 'boolean', default: false },
    'api-only': { type: 'boolean', default: false },
    /** On PostgreSQL, the same load at a platform's scale: this many properties and `--large-bookings`. */
    'large-properties': { type: 'string', default: '1000000' },
    'large-bookings': { type: 'string', default: '5000000' },
    'skip-large': { type: 'boolean', default: false },
  },
})
const properties = Number(args.properties)
const seconds = Number(args.seconds)
const connections = Number(args.connections)
const lighthouseRuns = Number(args['lighthouse-runs'])
const port = 8299
const base = `http://127.0.0.1:${port}`
const report = (line: string) => console.log(line)

/** Everything measured, as bench/results.json records it. */
const results: {
  date: string
  machine: { cores: number; cpu: string; memoryGiB: number; node: string }
  buildSeconds?: number
  firstLoadJsKb: Record<string, { kb: number; files: number }>
  lighthouse: Record<string, LighthouseFigures & { runs: number }>
  api: Record<string, Record<string, LoadFigures>>
  healthUnderSearch: Record<string, { alone: LoadFigures; withSearch: LoadFigures }>
  starts: Record<string, Record<string, number>>
  offline?: OfflineFigures
  /** A loaded page's answer to a tap, on a 4× slowed phone (bench/interactions.ts). */
  interactions?: InteractionFigures
  /** Through HAProxy with one and with two servers on one PostgreSQL (bench/scale.ts). */
  scaleOut?: ScaleOutResults
} = {
  date: new Date().toISOString(),
  machine: {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  firstLoadJsKb: {},
  lighthouse: {},
  api: {},
  healthUnderSearch: {},
  starts: {},
}

interface LoadFigures {
  p50Ms: number
  p99Ms: number
  requestsPerSecond: number
  errors: number
  /** Throughput as a share of /api/health's in the same run. */
  ofHealth?: number
  /** Pages: the share of answers the server rendered (the rest were the app's shell). */
  renderedShare?: number
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
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100000', ...env },
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

const load = (path: string, body?: unknown, connectionCount = connections): Promise<LoadFigures> =>
  loadUrl(`${base}${path}`, seconds, connectionCount, body)

const row = (title: string, figures: LoadFigures) =>
  `| ${title} | ${figures.p50Ms} ms | ${figures.p99Ms} ms | ${figures.requestsPerSecond} | ${figures.ofHealth === undefined ? '' : `${Math.round(figures.ofHealth * 100)} %`} | ${figures.errors} |${figures.renderedShare === undefined ? '' : ` ${Math.round(figures.renderedShare * 100)} % rendered |`}`

const SEARCH = { size: 15 }
const FILTERED_SEARCH = { size: 15, types: ['HOUSE', 'APARTMENT'], rentalTerms: ['MONTHLY'] }

/** Bookings generated beside the properties: five per property, as on a platform that has run for a while. */
const BOOKINGS_PER_PROPERTY = 5

async function measureDatabase(
  name: string,
  env: NodeJS.ProcessEnv,
  size = { properties, bookings: properties * BOOKINGS_PER_PROPERTY },
) {
  const key = `${name}, ${size.properties} properties`
  report(`\n### ${key}, ${size.bookings} bookings`)
  const starts: Record<string, number> = {}
  const first = startServer(env)
  starts.firstStartSeconds = (await waitForHealth(first)) / 1000
  report(`- first start on an empty database (migrate + demo seed): ${starts.firstStartSeconds.toFixed(1)} s`)
  await stopServer(first)
  const again = startServer(env)
  starts.restartSeconds = (await waitForHealth(again)) / 1000
  report(`- restart on the seeded database: ${starts.restartSeconds.toFixed(1)} s`)
  await stopServer(again)
  const seedMs = run(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/db/seed/cli.ts',
      '--properties',
      String(size.properties),
      '--bookings',
      String(size.bookings),
    ],
    env,
  )
  starts.seedSeconds = seedMs / 1000
  report(
    `- adding ${size.properties} generated properties and ${size.bookings} bookings (npm run seed): ${starts.seedSeconds.toFixed(1)} s`,
  )
  results.starts[key] = starts

  const server = startServer(env)
  await waitForHealth(server)
  // Sign-in is rate-limited per address and every request here comes from 127.0.0.1: lift the limit.
  const figures: Record<string, LoadFigures> = {}
  figures.health = await load('/api/health')
  figures.search = await load('/api/properties/search', SEARCH)
  figures.filteredSearch = await load('/api/properties/search', FILTERED_SEARCH)
  figures.property = await load('/api/property/1/en')
  figures.signIn = await load('/api/sign-in/frontend', {
    email: DEMO_RENTER.email,
    password: DEMO_RENTER.password,
  })
  // What renters really ask (bench/scenarios.ts): each request drawn afresh, past the first pages' cache.
  const scenario = (next: () => ScenarioRequest, pages = false) =>
    loadScenario(base, seconds, connections, next, { pages })
  const searches = generator(1)
  figures.datedSearch = await scenario(() => ({
    method: 'POST',
    path: '/api/properties/search',
    body: datedSearch(searches),
  }))
  figures.nextPage = await scenario(inTurn(await nextPageRequests(base, 200, 2)))
  const ids = generator(3)
  figures.anyProperty = await scenario(() => ({
    method: 'GET',
    path: `/api/property/${ids.int(1, size.properties)}/${ids.next() < 0.3 ? 'fr' : 'en'}`,
  }))
  figures.heldNights = await scenario(() => ({
    method: 'GET',
    path: `/api/property-availability/${ids.int(1, size.properties)}`,
  }))
  if (existsSync(join(root, 'dist', 'ssr'))) {
    const pages = generator(4)
    figures.searchPage = await scenario(() => ({ method: 'GET', path: datedSearchPage(pages) }), true)
    figures.propertyPage = await scenario(
      () => ({ method: 'GET', path: `/property?id=${pages.int(1, size.properties)}` }),
      true,
    )
  }
  // The back office's desk: the demo agency's (its share of every booking) and the administrator's (all).
  for (const [name, staff] of [
    ['agencyDesk', DEMO_AGENCY],
    ['adminDesk', DEMO_ADMIN],
  ] as const) {
    const cookie = await staffCookie(base, staff.email, staff.password)
    const desk = generator(5)
    figures[name] = await scenario(() => ({ ...backOfficeRequest(desk), cookie }))
  }
  for (const key of Object.keys(figures))
    figures[key]!.ofHealth = figures[key]!.requestsPerSecond / figures.health.requestsPerSecond
  results.api[key] = figures
  report(`\n| ${connections} connections, ${seconds} s | p50 | p99 | req/s | of health | errors |`)
  report('|---|---|---|---|---|---|')
  report(row('health', figures.health))
  report(row('search, first page, no filter', figures.search))
  report(row('search, types + terms filter', figures.filteredSearch))
  report(row('property', figures.property))
  report(row('sign-in (scrypt)', figures.signIn))
  report(row('search, dated, filters and sorts varied', figures.datedSearch))
  report(row('search, next page of a dated search', figures.nextPage))
  report(row('property, any of them', figures.anyProperty))
  report(row("property's held nights", figures.heldNights))
  if (figures.searchPage) report(row('rendered page: dated search', figures.searchPage))
  if (figures.propertyPage) report(row('rendered page: property', figures.propertyPage))
  report(row("back office: an agency's inbox and calendar", figures.agencyDesk!))
  report(row("back office: the administrator's inbox and calendar", figures.adminDesk!))

  // What a search load does to everything else: /api/health with 5 connections, alone then beside search.
  const alone = await load('/api/health', undefined, 5)
  const [withSearch] = await Promise.all([
    load('/api/health', undefined, 5),
    load('/api/properties/search', SEARCH),
  ])
  results.healthUnderSearch[key] = { alone, withSearch }
  report(
    `- /api/health (5 connections) alone: p99 ${alone.p99Ms} ms, ${alone.requestsPerSecond} req/s; while search runs: p99 ${withSearch.p99Ms} ms, ${withSearch.requestsPerSecond} req/s`,
  )
  await stopServer(server)
}

async function main() {
  report(
    `Haven benchmark, ${results.date}, ${results.machine.cores} cores (${results.machine.cpu}), ${results.machine.memoryGiB} GiB, node ${process.version}`,
  )
  if (args['api-only']) return measureDatabases()
  const buildMs = run('npm', ['run', 'build'])
  results.buildSeconds = buildMs / 1000
  report(`- production build (npm run build): ${results.buildSeconds.toFixed(1)} s`)

  const dataDir = join(root, '.tmp', 'bench-data')
  rmSync(dataDir, { recursive: true, force: true })

  // Pages first, on the demo data as a newcomer gets it.
  const server = startServer({ DATA_DIR: dataDir })
  await waitForHealth(server)
  for (const path of PAGES) {
    const js = await pageJsGzip(path)
    results.firstLoadJsKb[path] = { kb: Number(js.kb.toFixed(1)), files: js.files }
    report(`- JS loaded by ${path}: ${js.kb.toFixed(1)} KB gzip in ${js.files} files`)
  }
  report(
    `\nLighthouse ${LIGHTHOUSE_VERSION}, mobile, simulated throttling, median of ${lighthouseRuns} runs:\n`,
  )
  report('| page | performance | accessibility | SEO | FCP | LCP | TBT | CLS |')
  report('|---|---|---|---|---|---|---|---|')
  for (const path of PAGES) {
    const figures = await lighthouseMedian(`${base}${path}`, lighthouseRuns)
    results.lighthouse[path] = { ...figures, runs: lighthouseRuns }
    const measured = figures.measuredRuns < lighthouseRuns ? ` (${figures.measuredRuns} runs measured)` : ''
    report(
      `| ${path}${measured} | ${figures.performance} | ${figures.accessibility} | ${figures.seo} | ${(figures.fcpMs / 1000).toFixed(2)} s | ${(figures.lcpMs / 1000).toFixed(2)} s | ${figures.tbtMs} ms | ${figures.cls} |`,
    )
  }
  report('\nMain-thread time by kind of work (ms on the simulated CPU, median):\n')
  const groups = [...new Set(PAGES.flatMap((path) => Object.keys(results.lighthouse[path]!.mainThreadMs)))]
  report(`| page | ${groups.join(' | ')} |`)
  report(`|---|${groups.map(() => '---').join('|')}|`)
  for (const path of PAGES) {
    const { mainThreadMs } = results.lighthouse[path]!
    report(`| ${path} | ${groups.map((group) => mainThreadMs[group] ?? 0).join(' | ')} |`)
  }
  const offlineRuns = 5
  const home = await homePaintMs(base, offlineRuns)
  results.offline = {
    offlineBookingsMs: Math.round(await offlineBookingsMs(base, offlineRuns)),
    restoreMs: Number((await restoreMs(offlineRuns * 2)).toFixed(1)),
    serverAwayBookingMs: Math.round(await serverAwayBookingMs(base, offlineRuns)),
    coldHomePaintMs: Math.round(home.cold),
    offlineHomePaintMs: Math.round(home.offline),
    runs: offlineRuns,
  }
  report(
    `\n- offline repeat visit, navigation to rendered bookings (median of ${offlineRuns}): ${results.offline.offlineBookingsMs} ms`,
  )
  report(
    `- restore of a persisted cache of 1,000 bookings + 1,000 notifications (median of ${offlineRuns * 2}): ${results.offline.restoreMs} ms`,
  )
  report(
    `- server silent (API calls unanswered), navigation to a saved booking (median of ${offlineRuns}; goal ≤ 4 s): ${results.offline.serverAwayBookingMs} ms`,
  )
  report(
    `- first paint of / at 4× CPU (median of ${offlineRuns}): cold prerendered visit ${results.offline.coldHomePaintMs} ms, offline repeat visit ${results.offline.offlineHomePaintMs} ms`,
  )
  results.interactions = await measureInteractions(base, offlineRuns)
  report(
    `- a tap's next paint (INP) on a 4× slowed phone (median of ${offlineRuns}; goal ≤ 200 ms): filter toggled ${results.interactions.filterMs} ms, stay picked ${results.interactions.stayMs} ms, photos opened ${results.interactions.galleryMs} ms`,
  )
  await stopServer(server)

  await measureDatabases()
  if (!args['skip-postgres']) {
    results.scaleOut = await measureScaleOut(seconds, connections)
    for (const line of scaleOutReport(results.scaleOut)) report(line)
  }
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
  report('\nWritten to bench/results.json.')
}

/** The starts and the API's load runs on PGlite, then (unless skipped, or when its binaries are missing) on PostgreSQL. */
async function measureDatabases() {
  const dataDir = join(root, '.tmp', 'bench-data')
  rmSync(dataDir, { recursive: true, force: true })
  await measureDatabase('PGlite (embedded default)', { DATA_DIR: dataDir })

  if (!args['skip-postgres']) {
    const postgres = await startThrowawayPostgres(join(root, '.tmp', 'bench-pg'))
    if (!postgres) report('\nPostgreSQL: skipped (no PostgreSQL binaries found)')
    else {
      try {
        await measureDatabase('PostgreSQL', {
          DATA_DIR: join(root, '.tmp', 'bench-data-pg'),
          DATABASE_URL: postgres.url,
        })
      } finally {
        await postgres.stop()
      }
    }
    // A platform's scale, on PostgreSQL only: PGlite is the embedded default for a newcomer's machine.
    const large = !args['skip-large'] && (await startThrowawayPostgres(join(root, '.tmp', 'bench-pg-large')))
    if (large) {
      try {
        await measureDatabase(
          'PostgreSQL',
          { DATA_DIR: join(root, '.tmp', 'bench-data-pg-large'), DATABASE_URL: large.url },
          { properties: Number(args['large-properties']), bookings: Number(args['large-bookings']) },
        )
      } finally {
        await large.stop()
      }
    }
  }
}

/** The pages a renter lands on first: home, a search, a property. */
const PAGES = ['/', '/search', '/property?id=1']
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as {
    version: string
  }
).version

if (!existsSync(chromiumLaunchOptions.executablePath))
  console.warn('Debian chromium is missing: the page weight step will fail.')
await main()
