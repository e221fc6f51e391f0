// `npm test`: everything CI runs, in order, with the time each step took. SKIP_E2E=1 skips the browser tests.
// Every step runs even when an earlier one failed (so one run shows every problem), except that the
// end-to-end tests need a successful build.
import { spawnSync } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
const steps: Array<{ name: string; script: string; needs?: string }> = [
  { name: 'types', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'format', script: 'format:check' },
  { name: 'catalogs', script: 'i18n:check' },
  { name: 'unit and server tests', script: 'test:unit' },
  { name: 'two instances', script: 'test:scale' },
  { name: 'build', script: 'build' },
  { name: 'end-to-end tests', script: 'test:e2e', needs: 'build' },
]

const results: Array<{ name: string; status: 'passed' | 'failed' | 'skipped'; seconds: number }> = []
for (const step of steps) {
  const skip =
    (step.script === 'test:e2e' && process.env.SKIP_E2E === '1') ||
    (step.needs && results.find((r) => r.name === step.needs)?.status !== 'passed')
  if (skip) {
    results.push({ name: step.name, status: 'skipped', seconds: 0 })
    continue
  }
  console.log(`\n▶ ${step.name} (npm run ${step.script})`)
  const started = performance.now()
  const run = spawnSync('npm', ['run', '--silent', step.script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CI: process.env.CI ?? '1' },
  })
  const seconds = (performance.now() - started) / 1000
  results.push({ name: step.name, status: run.status === 0 ? 'passed' : 'failed', seconds })
}

console.log('\nSummary')
for (const r of results)
  console.log(
    `  ${r.status.padEnd(7)} ${r.name.padEnd(24)} ${r.status === 'skipped' ? '' : `${r.seconds.toFixed(1)} s`}`,
  )
const passed = results.filter((r) => r.status === 'passed').length
const failed = results.filter((r) => r.status === 'failed').length
const skipped = results.filter((r) => r.status === 'skipped').length
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed ? 1 : 0)
