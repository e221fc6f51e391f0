// Killed mid-stream: the real server process (server/main.ts) on a fresh data folder with the embedded
// database takes sign-ups, activations and settings changes one at a time, and is killed with SIGKILL while
// they go on. Started again on the same folder, it must have every write it acknowledged: an answer given is
// a promise kept. The one request in flight at the kill may or may not have been applied. 127.0.0.1 only,
// a bounded number of requests and a bounded time.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { emlText, lastMailTo, linkIn } from './test/accounts.ts'
import { freePort } from './test/postgres.ts'

const PASSWORD = 'crash-secret-1'
/** Accounts activated before the stream, whose settings the stream changes. */
const ACCOUNTS = 5
/** The kill comes once this many writes were acknowledged, while the next one is under way. */
const KILL_AFTER_WRITES = 60
const MAX_STREAM_REQUESTS = 2000

interface Server {
  child: ChildProcess
  output: string[]
  exited: Promise<void>
}

describe('a server killed with SIGKILL while it writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-crash-'))
  let port: number
  let server: Server | undefined
  const base = () => `http://127.0.0.1:${port}`

  function start(): Server {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: join(dataDir, 'no-dist'),
        SEED: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: string[] = []
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    return { child, output, exited }
  }

  async function ready(current: Server, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (current.child.exitCode !== null) break
      try {
        if ((await fetch(`${base()}/api/health`)).ok) return
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`the server did not start:\n${current.output.join('')}`)
  }

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${base()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    })

  const sessionOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM')
      await server.exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('keeps every acknowledged write after a restart on the same folder', { timeout: 120_000 }, async () => {
    port = await freePort()
    server = start()
    // The first start draws the demo images into the folder: slow once.
    await ready(server, 60_000)

    // Activated accounts, each with its own session.
    const accounts: { id: string; email: string; cookie: string }[] = []
    for (let i = 0; i < ACCOUNTS; i++) {
      const email = `crash-${i}@haven.test`
      const signUp = await post('/api/sign-up', {
        email,
        password: PASSWORD,
        fullName: `Account ${i}`,
        birthDate: '1990-01-01',
        language: 'en',
        acceptTerms: true,
      })
      expect(signUp.status, await signUp.clone().text()).toBe(200)
      const link = linkIn(emlText(lastMailTo(dataDir, email).eml), '/activate')
      const activated = await post('/api/activate', {
        userId: link.searchParams.get('u'),
        token: link.searchParams.get('t'),
        password: PASSWORD,
      })
      expect(activated.status, await activated.clone().text()).toBe(200)
      const { _id } = (await activated.json()) as { _id: string }
      accounts.push({ id: _id, email, cookie: sessionOf(activated) })
    }

    // The stream: one write at a time, each acknowledged or not; the kill lands in the middle of it.
    type Write =
      | { kind: 'name'; account: number; value: string }
      | { kind: 'notifications'; account: number; value: boolean }
      | { kind: 'language'; account: number; value: 'en' | 'fr' }
      | { kind: 'sign-up'; email: string }
    const acknowledged: Write[] = []
    let inFlight: Write | undefined
    const killed = (async () => {
      while (acknowledged.length < KILL_AFTER_WRITES) await new Promise((resolve) => setTimeout(resolve, 2))
      server!.child.kill('SIGKILL')
      await server!.exited
    })()
    for (let n = 0; n < MAX_STREAM_REQUESTS && server.child.exitCode === null; n++) {
      const account = n % ACCOUNTS
      const { id, cookie } = accounts[account]!
      const step = n % 4
      const write: Write =
        n % 25 === 24
          ? { kind: 'sign-up', email: `stream-${n}@haven.test` }
          : step === 0
            ? { kind: 'notifications', account, value: n % 8 === 0 }
            : step === 1
              ? { kind: 'language', account, value: n % 8 === 1 ? 'fr' : 'en' }
              : { kind: 'name', account, value: `Account ${account} v${n}` }
      inFlight = write
      let response: Response
      try {
        response =
          write.kind === 'sign-up'
            ? await post('/api/sign-up', {
                email: write.email,
                password: PASSWORD,
                fullName: 'Streamed',
                birthDate: '1990-01-01',
                language: 'en',
                acceptTerms: true,
              })
            : write.kind === 'name'
              ? await post('/api/update-user', { _id: id, fullName: write.value }, cookie)
              : write.kind === 'notifications'
                ? await post(
                    '/api/update-email-notifications',
                    { _id: id, enableEmailNotifications: write.value },
                    cookie,
                  )
                : await post('/api/update-language', { id, language: write.value }, cookie)
        await response.arrayBuffer()
      } catch {
        break // the server is gone: this one was in flight
      }
      expect(response.status, write.kind).toBe(200)
      acknowledged.push(write)
      inFlight = undefined
    }
    await killed
    expect(server.child.signalCode).toBe('SIGKILL')
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_WRITES)

    // Again, on the same folder: the dead server's lock is taken over.
    server = start()
    await ready(server, 30_000)

    /** The last acknowledged value of each setting of each account. */
    const expected = accounts.map((_, account) => {
      const mine = acknowledged.filter((w) => 'account' in w && w.account === account)
      type Setting = Exclude<Write, { kind: 'sign-up' }>
      const last = <K extends Setting['kind']>(kind: K) =>
        (mine.filter((w) => w.kind === kind).at(-1) as Extract<Setting, { kind: K }> | undefined)?.value
      return {
        fullName: last('name') ?? `Account ${account}`,
        enableEmailNotifications: last('notifications') ?? true,
        language: last('language') ?? 'en',
      }
    })
    for (const [account, { id, email }] of accounts.entries()) {
      const signIn = await post('/api/sign-in/frontend', { email, password: PASSWORD })
      expect(signIn.status, await signIn.clone().text()).toBe(200)
      const user = (await signIn.json()) as Record<string, unknown>
      expect(user._id).toBe(id)
      const want: Record<string, unknown> = { ...expected[account] }
      // The request in flight at the kill may have been applied: its value is as good as the one before it.
      if (inFlight && 'account' in inFlight && inFlight.account === account) {
        const field = { name: 'fullName', notifications: 'enableEmailNotifications', language: 'language' }[
          inFlight.kind
        ]
        if (user[field] === inFlight.value) want[field] = inFlight.value
      }
      expect(user, `account ${account}`).toMatchObject(want)
    }
    for (const write of acknowledged) {
      if (write.kind !== 'sign-up') continue
      const check = await post('/api/validate-email', { email: write.email })
      expect(await check.json(), write.email).toEqual({ available: false })
    }
    console.log(
      `[crash] ${acknowledged.length} acknowledged writes before SIGKILL, all there after the restart` +
        (inFlight ? ` (one in flight: ${inFlight.kind})` : ''),
    )
  })
})
