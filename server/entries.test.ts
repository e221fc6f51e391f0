// The two entries, as processes: the production one (server/main.ts) never starts the stand-ins, and the
// development one (server/dev-main.ts) refuses them in production. Each must stop before opening anything,
// naming the variable, with no stand-in started.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

const dataDir = mkdtempSync(join(tmpdir(), 'haven-entries-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function run(entry: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

describe('the entries and the payment stand-ins', () => {
  it('the development entry refuses them with NODE_ENV=production', async () => {
    const { code, output } = await run('server/dev-main.ts', {
      NODE_ENV: 'production',
      PAYMENT_STAND_INS: 'true',
    })
    expect(code).toBe(1)
    expect(output).toContain('PAYMENT_STAND_INS: cannot be on in production (NODE_ENV=production)')
    expect(output).not.toContain('Payment stand-ins:')
    expect(output).not.toContain('Haven is ready')
  })

  it('the production entry never starts them, and says so rather than ignoring the switch', async () => {
    const { code, output } = await run('server/main.ts', { PAYMENT_STAND_INS: 'true' })
    expect(code).toBe(1)
    expect(output).toContain('PAYMENT_STAND_INS: server/main.ts never starts the stand-ins')
    expect(output).not.toContain('Payment stand-ins:')
    expect(output).not.toContain('Haven is ready')
  })
})
