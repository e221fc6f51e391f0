// The app's second version, which the update test deploys (install-update.spec.ts): the same sources built
// again with another build id, beside the suite's dist/. `npm test` builds it beside its other steps, once
// the build has ended (`npm run build:next`, scripts/test.ts); a spec run alone builds it when the one there
// is older than dist/.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** The second version's build, beside the suite's dist/. */
export const NEXT_DIST = '.tmp/e2e-dist-next'

/** Builds the second version unless the one there is newer than dist/ (both are built from these sources). */
export function buildNextVersion(): void {
  const built = (dir: string) => (existsSync(`${dir}/index.html`) ? statSync(`${dir}/index.html`).mtimeMs : 0)
  if (built(NEXT_DIST) > built('dist')) return
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    env: { ...process.env, DIST_DIR: NEXT_DIST, BUILD_ID: `e2e-next-${Date.now()}` },
    encoding: 'utf8',
    timeout: 300_000,
  })
  if (build.status !== 0) throw new Error(`The second build failed:\n${build.stdout}\n${build.stderr}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildNextVersion()
