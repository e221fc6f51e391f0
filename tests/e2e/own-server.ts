// A Haven server of a spec's own, for what the suite's shared server cannot do: stop and start again while
// the browser keeps its queue, or serve another build of the app. Its own port (beside the shared one, on
// 127.0.0.1), its own data folder (fresh demo data: the spec may change anything), and the build it is given.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'

import { openDatabase } from '../../server/db/open.ts'
import { operations } from '../../server/db/schema.ts'

/** One port above the shared e2e server's range (playwright.config.ts uses E2E_PORT, 8181 by default). */
export const OWN_SERVER_PORT = Number(process.env.E2E_PORT ?? 8181) + 11

export interface OwnServer {
  readonly url: string
  /** Stops the server as an operator would (SIGTERM; SIGKILL after 10 s), and waits until it has exited. */
  stop(): Promise<void>
  /** Starts it again on the same port and data, serving `distDir` (the same build by default). */
  start(distDir?: string): Promise<void>
  /**
   * The operations the server applied for a user (`kind:operationId`, server/services/operations/once.ts),
   * read from its database while it is stopped (a PGlite folder has one process at a time): what it holds,
   * whatever the browser's network events said.
   */
  operationsOf(userId: number): Promise<string[]>
  /** Stops it and deletes its data. */
  dispose(): Promise<void>
}

const STARTUP_LIMIT_MS = 120_000
const STOP_GRACE_MS = 10_000

export async function ownServer(distDir = 'dist'): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-own-server-'))
  const url = `http://127.0.0.1:${OWN_SERVER_PORT}`
  let child: ChildProcess | null = null

  const start = async (dist = distDir) => {
    if (child) throw new Error('The server is already running')
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(OWN_SERVER_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DIST_DIR: dist,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '20',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = started
    let output = ''
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const deadline = Date.now() + STARTUP_LIMIT_MS
    for (;;) {
      if (started.exitCode !== null) throw new Error(`The server exited at start:\n${output}`)
      try {
        if ((await fetch(`${url}/api/health`)).ok) return
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`The server did not answer within 2 minutes:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  const stop = async () => {
    const running = child
    if (!running) return
    child = null
    if (running.exitCode !== null) return
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
    running.kill('SIGTERM')
    // Bounded: a server that has not closed within its grace time is killed.
    const grace = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS)
    await exited
    clearTimeout(grace)
  }

  const operationsOf = async (userId: number) => {
    if (child) throw new Error('Stop the server first: its database is its own while it runs')
    const database = await openDatabase({ dataDir })
    try {
      const rows = await database.db
        .select({ operationId: operations.operationId })
        .from(operations)
        .where(eq(operations.userId, userId))
      return rows.map((row) => row.operationId)
    } finally {
      await database.close()
    }
  }

  await start()
  return {
    url,
    stop,
    start,
    operationsOf,
    async dispose() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
