// `npm start`: builds the app when the build is missing or older than its sources, then starts the server,
// which serves the app and its API on one port with demo data (docs/operations.md, Embedded defaults and
// production).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

import { withDemoDefaults } from '../server/demo-defaults.ts'

const root = new URL('..', import.meta.url).pathname
const sources = [
  'src',
  'sw',
  'public',
  'index.html',
  // The build's own steps: prerendering the home page, compressing, preloading the font.
  'scripts/build.ts',
  'scripts/precompress.ts',
  'scripts/preload-font.ts',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
]

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const builtAt = newestMtime(join(root, 'dist', 'index.html'))
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))))
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'First start: building the app…')
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// The demo's own defaults: the mailbox (activation e-mails read in the browser) and the payment stand-ins
// (card and PayPal checkouts against local Stripe and PayPal), unless configured otherwise.
const env = withDemoDefaults(process.env)
// Outside production, the development entry, which starts the stand-ins asked for; in production, the
// production entry, which has none.
const entry = env.NODE_ENV === 'production' ? 'server/main.ts' : 'server/dev-main.ts'
const server = spawn(process.execPath, ['--import', 'tsx', entry], {
  cwd: root,
  stdio: 'inherit',
  env,
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
