// `npm run dev`: the API server (with demo data) and Vite's dev server with hot reload, which proxies
// /api and /images to it. Open the URL Vite prints.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'

import { withDemoDefaults } from '../server/demo-defaults.ts'

const root = new URL('..', import.meta.url).pathname
const apiPort = process.env.API_PORT ?? '8080'
// As with `npm start`: the demo mailbox and the payment stand-ins, unless configured otherwise.
const env = withDemoDefaults({ ...process.env, PORT: apiPort, API_PORT: apiPort })
// One mailbox key for the whole session: the API server restarts at every change, and a key made at each start
// would leave the browser's mailbox cookie stale.
env.DEMO_MAILBOX_TOKEN ??= randomBytes(24).toString('base64url')

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/dev-main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit', env }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop)
children.forEach((child) => child.on('exit', (code) => (stop(), process.exit(code ?? 0))))
