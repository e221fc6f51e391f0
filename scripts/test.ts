// `npm test`: everything CI runs, in order, with the time each step took. SKIP_E2E=1 skips the browser tests.
// Every step runs even when an earlier one failed (so one run shows every problem), except that the
// end-to-end tests need a successful build.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

const root = new URL('..', import.meta.url).pathname
// The steps in order. The checks and the build run side by side, as many at once as the machine has cores,
// longest first, each one's output printed whole when it ends: each is one process that keeps one core busy
// (tsc, ESLint, Prettier, Lingui, Vite; the server suite runs its files one after the other in one process,
// vitest.config.ts; the other Vitest projects get as many workers as there are cores less one, one on 2
// cores, and in one Vitest run with the server suite they ran every file of every project one after the
// other in that one worker). None of them writes what another reads (the build writes dist/, which no unit
// or server test reads: theirs are in folders of their own). On 2 cores: the server suite in one lane, the
// rest one after the other in the other. The two instances' test (processes of its own, timed) and the
// end-to-end tests (their server and a browser) each have the machine to themselves after them.
const steps: Array<{
  name: string
  script: string
  /** The step that must have passed first (one of the group beside: run after it ends). */
  needs?: string
  beside?: boolean
  /** For the end-to-end tests: left out with them (SKIP_E2E=1). */
  e2e?: boolean
}> = [
  { name: 'types', script: 'typecheck', beside: true },
  { name: 'lint', script: 'lint', beside: true },
  { name: 'format', script: 'format:check', beside: true },
  { name: 'catalogs', script: 'i18n:check', beside: true },
  { name: 'unit tests', script: 'test:unit', beside: true },
  { name: 'server tests', script: 'test:server', beside: true },
  { name: 'build', script: 'build', beside: true },
  // The update test's second version of the app (tests/e2e/next-version.ts), built here rather than in the
  // end-to-end step; after the build, whose folders it shares.
  { name: 'second build', script: 'build:next', beside: true, needs: 'build', e2e: true },
  { name: 'two instances', script: 'test:scale' },
  { name: 'end-to-end tests', script: 'test:e2e', needs: 'build', e2e: true },
]
// Longest first, so that the short ones fill the other cores at the end (docs/performance.md has the last
// clean clone's times).
const BESIDE_ORDER = [
  'server tests',
  'unit tests',
  'lint',
  'types',
  'format',
  'build',
  'second build',
  'catalogs',
]

type Step = (typeof steps)[number]
type Result = { name: string; status: 'passed' | 'failed' | 'skipped'; seconds: number }
const results = new Map<string, Result>()

/** Runs `npm run <script>`; its output goes to the terminal as it comes, or whole at the end if `buffered`. */
function run(step: Step, buffered: boolean): Promise<Result> {
  if (!buffered) console.log(`\n▶ ${step.name} (npm run ${step.script})`)
  const started = performance.now()
  const child = spawn('npm', ['run', '--silent', step.script], {
    cwd: root,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, CI: process.env.CI ?? '1' },
  })
  const output: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000
      if (buffered) {
        console.log(`\n▶ ${step.name} (npm run ${step.script}, beside other steps)`)
        process.stdout.write(Buffer.concat(output))
      }
      resolve({ name: step.name, status: code === 0 ? 'passed' : 'failed', seconds })
    })
  })
}

/** A step that does not run: SKIP_E2E=1, or a step it needs did not pass. */
const skips = (step: Step) =>
  (step.e2e === true && process.env.SKIP_E2E === '1') ||
  (step.needs !== undefined && results.get(step.needs)?.status !== 'passed')

/**
 * Runs `group`'s steps side by side, as many at once as there are cores, each as soon as a lane is free and
 * the step it needs has ended; how long it took, in how many lanes.
 */
async function runSideBySide(group: Step[]): Promise<{ seconds: number; lanes: number }> {
  const started = performance.now()
  const waiting = [...group].sort((a, b) => BESIDE_ORDER.indexOf(a.name) - BESIDE_ORDER.indexOf(b.name))
  const lanes = Math.max(1, Math.min(availableParallelism(), waiting.length))
  const running = new Set<Promise<void>>()
  while (waiting.length > 0 || running.size > 0) {
    const next = waiting.findIndex((step) => !step.needs || results.has(step.needs))
    if (next >= 0 && running.size < lanes) {
      const step = waiting.splice(next, 1)[0]!
      const lane: Promise<void> = (async () => {
        results.set(
          step.name,
          skips(step) ? { name: step.name, status: 'skipped', seconds: 0 } : await run(step, lanes > 1),
        )
      })().finally(() => running.delete(lane))
      running.add(lane)
    } else if (running.size > 0) await Promise.race(running)
    else throw new Error(`${waiting[0]!.name} needs a step that does not run before it`)
  }
  return { seconds: (performance.now() - started) / 1000, lanes }
}

const beside = steps.filter((step) => step.beside)
const together = await runSideBySide(beside)
for (const step of steps.filter((each) => !each.beside))
  results.set(
    step.name,
    skips(step) ? { name: step.name, status: 'skipped', seconds: 0 } : await run(step, false),
  )

console.log('\nSummary')
const ordered = steps.map((step) => results.get(step.name)!)
for (const r of ordered)
  console.log(
    `  ${r.status.padEnd(7)} ${r.name.padEnd(24)} ${r.status === 'skipped' ? '' : `${r.seconds.toFixed(1)} s`}`,
  )
console.log(
  `  (${beside.map((step) => step.name).join(', ')}: ${together.lanes} at a time, ${together.seconds.toFixed(1)} s in all)`,
)
const passed = ordered.filter((r) => r.status === 'passed').length
const failed = ordered.filter((r) => r.status === 'failed').length
const skipped = ordered.filter((r) => r.status === 'skipped').length
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed ? 1 : 0)
