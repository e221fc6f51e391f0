import { spawn, spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { openDatabase } from './open.ts'

// PGlite on disk only: PostgreSQL guards its own files.
describe('the embedded database folder', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'haven-open-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  const lockFile = () => join(dataDir, 'haven.lock')
  const busy = /^Another Haven server is using DATA_DIR /

  it('is held by one server at a time, and free again once closed', async () => {
    const first = await openDatabase({ dataDir })
    try {
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid))
      await expect(openDatabase({ dataDir })).rejects.toThrow(busy)
      await expect(openDatabase({ dataDir })).rejects.toThrow(dataDir)
      // The refused one took nothing away: the first still works.
      await expect(first.db.execute(sql`select 1`)).resolves.toBeDefined()
    } finally {
      await first.close()
    }
    expect(existsSync(lockFile())).toBe(false)
    const second = await openDatabase({ dataDir })
    await second.close()
  })

  it('refuses a folder another process holds', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    try {
      writeFileSync(lockFile(), `${other.pid}\n`)
      await expect(openDatabase({ dataDir })).rejects.toThrow(busy)
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(other.pid))
    } finally {
      other.kill()
    }
  })

  it('takes over the lock of a server that died without releasing it', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(lockFile(), `${dead}\n`)
    const database = await openDatabase({ dataDir })
    try {
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid))
    } finally {
      await database.close()
    }
    // A lock written by an earlier life of this very process id (a container restarted) is stale too.
    writeFileSync(lockFile(), `${process.pid}\n`)
    const again = await openDatabase({ dataDir })
    await again.close()
  })

  it('keeps the folder to its owner: created so, and tightened when it was open to others', async () => {
    const fresh = join(dataDir, 'fresh', 'data')
    const created = await openDatabase({ dataDir: fresh })
    await created.close()
    expect(statSync(fresh).mode & 0o777).toBe(0o700)

    chmodSync(dataDir, 0o755)
    const tightened = await openDatabase({ dataDir })
    await tightened.close()
    expect(statSync(dataDir).mode & 0o777).toBe(0o700)
  })
})
