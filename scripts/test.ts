// `npm test`: everything CI runs, in order, with the time each step took. SKIP_E2E=1 skips the browser tests.
// Every step runs even when an earlier one failed (so one run shows every problem), except that the
// end-to-end tests need a successful build.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

const root = new URL('..', import.meta.url).pathname
// `together`: the checks that read the sources only, each one process on one core (tsc, ESLint, Prettier,
// Lingui). They run side by side, as many at once as the machine has cores, longest first, each one's output
// printed whole when it ends: on 2 cores, lint beside types then format and catalogs. The test steps after
// them use every core themselves, so they run one at a time.
const steps: Array<{ name: string; script: string; needs?: string; together?: boolean }> = [
  { name: 'types', script: 'typecheck', together: true },
  { name: 'lint', script: 'lint', together: true },
  { name: 'format', script: 'format:check', together: true },
  { name: 'catalogs', script: 'i18n:check', together: true },
  { name: 'unit and server tests', script: 'test:unit' },
  { name: 'two instances', script: 'test:scale' },
  { name: 'build', script: 'build' },
  { name: 'end-to-end tests', script: 'test:e2e', needs: 'build' },
]
// Longest first, so that the short ones fill the other cores (lint ~56 s, types ~27 s, format ~15 s,
// catalogs ~6 s on a clean clone, docs/performance.md).
const TOGETHER_ORDER = ['lint', 'types', 'format', 'catalogs']

type Result = { name: string; status: 'passed' | 'failed' | 'skipped'; seconds: number }
const results = new Map<string, Result>()

/** Runs `npm run <script>`; its output goes to the terminal as it comes, or whole at the end if `buffered`. */
function run(step: (typeof steps)[number], buffered: boolean): Promise<Result> {
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
        console.log(`\n▶ ${step.name} (npm run ${step.script}, beside the other checks)`)
        process.stdout.write(Buffer.concat(output))
      }
      resolve({ name: step.name, status: code === 0 ? 'passed' : 'failed', seconds })
    })
  })
}

const together = steps
  .filter((step) => step.together)
  .sort((a, b) => TOGETHER_ORDER.indexOf(a.name) - TOGETHER_ORDER.indexOf(b.name))
const lanes = Math.max(1, Math.min(availableParallelism(), together.length))
const togetherStarted = performance.now()
const queue = [...together]
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.set(step.name, await run(step, true))
  }),
)
const togetherSeconds = (performance.now() - togetherStarted) / 1000

for (const step of steps.filter((each) => !each.together)) {
  const skip =
    (step.script === 'test:e2e' && process.env.SKIP_E2E === '1') ||
    (step.needs && results.get(step.needs)?.status !== 'passed')
  results.set(step.name, skip ? { name: step.name, status: 'skipped', seconds: 0 } : await run(step, false))
}

console.log('\nSummary')
const ordered = steps.map((step) => results.get(step.name)!)
for (const r of ordered)
  console.log(
    `  ${r.status.padEnd(7)} ${r.name.padEnd(24)} ${r.status === 'skipped' ? '' : `${r.seconds.toFixed(1)} s`}`,
  )
console.log(
  `  (${together.map((step) => step.name).join(', ')}: ${lanes} at a time, ${togetherSeconds.toFixed(1)} s in all)`,
)
const passed = ordered.filter((r) => r.status === 'passed').length
const failed = ordered.filter((r) => r.status === 'failed').length
const skipped = ordered.filter((r) => r.status === 'skipped').length
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed ? 1 : 0)
