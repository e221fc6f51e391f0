import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, inject, it } from 'vitest'

import { type Database, openDatabase } from '../db/open.ts'
import { serverSecrets } from '../db/schema.ts'
import { createPostgresDatabase } from '../test/harness.ts'
import { loadSecrets } from './secrets.ts'

describe('secrets', () => {
  const dirs: string[] = []
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'haven-secrets-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('generates them once into secrets.json (0600) and reads them back', async () => {
    const dir = join(fresh(), 'nested')
    const first = await loadSecrets(dir)
    expect(first.sessionSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600)
    expect(await loadSecrets(dir)).toEqual(first)
  })

  it('agrees with itself when several start at once', async () => {
    const dir = fresh()
    const all = await Promise.all(Array.from({ length: 5 }, () => loadSecrets(dir)))
    expect(new Set(all.map((secrets) => secrets.sessionSecret)).size).toBe(1)
  })

  it('takes given secrets over stored ones and never writes them', async () => {
    const dir = fresh()
    const given = {
      sessionSecret: 'from-the-environment-and-long-enough-to-count',
      vapid: { publicKey: 'given-public-key', privateKey: 'given-private-key' },
    }
    expect(await loadSecrets(dir, given)).toEqual(given)
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow()
  })

  it('adds a missing secret to an existing file and keeps the others', async () => {
    const dir = fresh()
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ vapid: 'kept' }), { mode: 0o600 })
    const secrets = await loadSecrets(dir)
    expect(secrets.sessionSecret).toBeTruthy()
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toMatchObject({ vapid: 'kept' })
  })

  it('refuses a file it cannot read rather than signing everyone out', async () => {
    const dir = fresh()
    writeFileSync(join(dir, 'secrets.json'), '{ not json')
    await expect(loadSecrets(dir)).rejects.toThrow(/secrets\.json/)
  })
})

// Several servers on one PostgreSQL must sign sessions and pushes with the same keys.
describe.skipIf(!inject('postgresUrl'))('secrets on PostgreSQL', () => {
  const dirs: string[] = []
  const databases: Database[] = []
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'haven-secrets-'))
    dirs.push(dir)
    return dir
  }
  /** Two servers' connections to one new database. */
  const twoServers = async () => {
    const url = await createPostgresDatabase()
    const opened = [await openDatabase({ url }), await openDatabase({ url })] as const
    databases.push(...opened)
    return opened
  }
  afterEach(async () => {
    await Promise.all(databases.splice(0).map((database) => database.close()))
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('are generated once, kept in the database and shared by every server, not in secrets.json', async () => {
    const [one, two] = await twoServers()
    const [oneDir, twoDir] = [fresh(), fresh()]
    const [first, second] = await Promise.all([loadSecrets(oneDir, {}, one), loadSecrets(twoDir, {}, two)])
    expect(first.sessionSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(second).toEqual(first)
    expect(await loadSecrets(fresh(), {}, two)).toEqual(first)
    expect(() => statSync(join(oneDir, 'secrets.json'))).toThrow()
    expect(() => statSync(join(twoDir, 'secrets.json'))).toThrow()
    const rows = await one.db.select({ name: serverSecrets.name }).from(serverSecrets)
    expect(rows.map((row) => row.name).sort()).toEqual(['sessionSecret', 'vapid'])
  })

  it('take given secrets over stored ones and never store them', async () => {
    const [one, two] = await twoServers()
    const sessionSecret = 'from-the-environment-and-long-enough-to-count'
    const withGiven = await loadSecrets(fresh(), { sessionSecret }, one)
    expect(withGiven.sessionSecret).toBe(sessionSecret)
    const rows = await one.db.select().from(serverSecrets)
    expect(rows.map((row) => row.name)).toEqual(['vapid'])
    expect(JSON.stringify(rows)).not.toContain(sessionSecret)
    // A server given nothing shares the generated pair, and generates the session secret that was not stored.
    const without = await loadSecrets(fresh(), {}, two)
    expect(without.vapid).toEqual(withGiven.vapid)
    expect(without.sessionSecret).not.toBe(sessionSecret)
  })

  it('keep the ones a server had in secrets.json before it moved to PostgreSQL', async () => {
    const [one, two] = await twoServers()
    const before = await loadSecrets(fresh())
    const dir = fresh()
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(before), { mode: 0o600 })
    expect(await loadSecrets(dir, {}, one)).toEqual(before)
    expect(await loadSecrets(fresh(), {}, two)).toEqual(before)
  })
})
