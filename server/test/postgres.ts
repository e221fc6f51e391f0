// A throwaway PostgreSQL for tests and benchmarks: initdb into a folder of the checkout (.tmp/), started on
// 127.0.0.1 on a free port, stopped and deleted afterwards. Returns null when no PostgreSQL binaries exist.
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

export interface ThrowawayPostgres {
  url: string
  /** Stops and deletes it. */
  stop(): void
  /** Stops the server as an administrator would (its connections are ended), keeping its data. */
  pause(): void
  /** Starts it again on the same data and port after pause(). */
  resume(): void
}

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<major>/bin), or pg_config's. */
export function findPostgresBin(): string | null {
  const base = '/usr/lib/postgresql'
  if (existsSync(base)) {
    const majors = readdirSync(base)
      .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (majors[0]) return join(base, majors[0], 'bin')
  }
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
    if (existsSync(join(dir, 'initdb'))) return dir
  } catch {
    // no pg_config on PATH
  }
  return null
}

/** A port nobody listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export async function startThrowawayPostgres(parent = resolve('.tmp')): Promise<ThrowawayPostgres | null> {
  const bin = findPostgresBin()
  if (!bin) return null
  mkdirSync(parent, { recursive: true })
  const dir = mkdtempSync(join(parent, 'pg-'))
  const data = join(dir, 'data')
  // initdb refuses to run as root: run PostgreSQL as its own system user, which must own the folder.
  const asRoot = process.getuid?.() === 0
  const wrap = (command: string, args: string[]) =>
    asRoot ? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const) : ([command, args] as const)
  if (asRoot) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    if (pw.status !== 0) return null
    chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()))
  }
  const run = (command: string, args: string[]) => {
    const [cmd, argv] = wrap(join(bin, command), args)
    const result = spawnSync(cmd, [...argv], { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
  }
  const port = await freePort()
  run('initdb', ['-D', data, '-U', 'haven', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'])
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ])
  start()
  let stopped = false
  return {
    url: `postgres://haven@127.0.0.1:${port}/postgres`,
    pause() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    },
    resume() {
      start()
    },
    stop() {
      if (stopped) return
      stopped = true
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
